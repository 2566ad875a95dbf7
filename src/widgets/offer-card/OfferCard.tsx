import { useEffect, useRef, useState, type ComponentType, type CSSProperties } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { fill } from '../../core/i18n';
import { imageUrl, type Product, type Variant } from '../../core/productData';
import { shopperMoney } from '../../state/currency';
import type { DropdownProps } from '../../ui/Dropdown';
import { guard } from '../../ui/guard';
import { plainText, safeUrl } from './data';
import { shopMoney } from './money';
import type { OfferView } from './offerState';
import { acceptLabel, availabilityOf, discountedPrice, savedPercent } from './price';
import type { Offer } from './settings';
import type { OfferTexts } from './texts';

/** How an accept ended, as the card tells it: added, a message to show, or nothing (the platform's alert was shown). */
export type AcceptOutcome = { kind: 'added' } | { kind: 'message'; message: string } | { kind: 'silent' };

export interface OfferCardProps {
  view: ReadonlySignal<OfferView | null>;
  texts: OfferTexts;
  /** The shop's money format (prices before the currency converter decides). */
  moneyFormat: string;
  /** The store's locale root ('' or '/es'), for product links. */
  root: string;
  onAccept(offer: Offer, variant: Variant): Promise<AcceptOutcome>;
  /** The offer shown (its id), or null when none: the host carries it for `#vtlHighlightOfferId`. */
  onShown(offerId: string | null): void;
  /** The variant dropdown (src/ui/Dropdown, a lazy part): an offer with several variants shows once it is there. */
  dropdown: ReadonlySignal<ComponentType<DropdownProps> | null>;
}

/** The variant a product opens on: the first available one, else the first. */
const firstChoice = (product: Product): Variant => product.variants.find((variant) => variant.available) ?? product.variants[0]!;

/**
 * Spec §2 "Offer card": the offered product's image and title linking to it, the discounted,
 * original and initial (compare-at) prices, a variant dropdown when it has several, and an accept
 * button labelled by availability; spec §1's recommended-products selector when several products
 * are offered. Shows nothing (and takes no space) while no offer is eligible. Prices follow the
 * shopper's currency (`shopperMoney`) at once.
 */
export function OfferCard({ view, texts, moneyFormat, root, onAccept, onShown, dropdown }: OfferCardProps) {
  useSignals();
  const Picker = dropdown.value;
  // Whole or not at all: an offer with variants waits for its dropdown (nothing moves in the card).
  const current = view.value && (Picker || view.value.products.every((product) => product.variants.length < 2)) ? view.value : null;
  const shownId = current?.offer.id ?? null;
  useEffect(() => onShown(shownId), [shownId, onShown]);
  if (!current) return null;
  // A new offer starts afresh (its own choices and messages).
  return (
    <Card key={current.offer.id} view={current} texts={texts} moneyFormat={moneyFormat} root={root} onAccept={onAccept} Picker={Picker} />
  );
}

interface CardProps extends Omit<OfferCardProps, 'view' | 'onShown' | 'dropdown'> {
  view: OfferView;
  Picker: ComponentType<DropdownProps> | null;
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'added' } | { kind: 'error'; message: string };

function Card({ view, texts, moneyFormat, root, onAccept, Picker }: CardProps) {
  useSignals();
  const { offer, products } = view;
  const [productId, setProductId] = useState(products[0]!.id);
  const [variantIds, setVariantIds] = useState<Record<number, number>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const product = products.find((candidate) => candidate.id === productId) ?? products[0]!;
  const variant = product.variants.find((candidate) => candidate.id === variantIds[product.id]) ?? firstChoice(product);
  const convert = shopperMoney.value;
  const money = (cents: number): string => (convert ? convert(cents) : shopMoney(cents, moneyFormat));
  const availability = availabilityOf(variant);
  const label = acceptLabel(availability, offer.acceptButton, texts.accept);
  const busy = status.kind === 'busy';
  const title = plainText(product.title);
  const titleId = `vt-offer-title-${offer.id.replace(/[^\w-]/g, '')}`;
  const offerPrice = discountedPrice(variant.price, offer.bestOffer);
  const percent = savedPercent(variant.price, offer.bestOffer);
  const image = variant.image ?? product.featuredImage;
  const imageSrc = image ? safeUrl(imageUrl(image.src, 'small')) : '';
  const link = `${root}/products/${encodeURIComponent(product.handle)}?variant=${variant.id}`;

  const accept = guard(() => {
    if (busy || availability === 'unavailable') return;
    setStatus({ kind: 'busy' });
    void onAccept(offer, variant).then((outcome) => {
      if (!alive.current) return;
      setStatus(
        outcome.kind === 'added'
          ? { kind: 'added' }
          : outcome.kind === 'message'
            ? { kind: 'error', message: outcome.message }
            : { kind: 'idle' },
      );
    });
  }, 'offer-accept');

  return (
    <section
      className="card"
      aria-labelledby={`${titleId}-heading`}
      style={
        {
          '--vt-text': offer.textColor,
          '--vt-bg': offer.backgroundColor,
          '--vt-select-bg': offer.popupSelectBackgroundColor,
          '--vt-select-text': offer.popupSelectTextColor,
        } as CSSProperties
      }
    >
      <p className="heading" id={`${titleId}-heading`}>
        {texts.heading}
      </p>
      {products.length > 1 && (
        <fieldset className="picker">
          <legend className="picker__legend">{texts.choose}</legend>
          <div className="picker__list">
            {products.map((candidate) => {
              const first = firstChoice(candidate);
              const thumb = safeUrl(imageUrl((first.image ?? candidate.featuredImage)?.src ?? '', 'thumb'));
              return (
                <label className="choice" key={candidate.id}>
                  <input
                    className="vh"
                    type="radio"
                    name={`${titleId}-product`}
                    value={candidate.id}
                    checked={candidate.id === product.id}
                    onChange={guard(() => {
                      setProductId(candidate.id);
                      setStatus({ kind: 'idle' });
                    }, 'offer-pick')}
                  />
                  <span className="choice__body">
                    {thumb ? <img className="choice__image" src={thumb} alt="" width={48} height={48} loading="lazy" /> : null}
                    <span className="choice__title">{plainText(candidate.title, 40)}</span>
                    <span className="choice__price">{money(discountedPrice(first.price, offer.bestOffer))}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="main">
        {imageSrc ? (
          // The title link names the product; the image repeats it for pointers only.
          <a className="media" href={link} tabIndex={-1} aria-hidden="true">
            <img className="media__image" src={imageSrc} alt="" width={96} height={96} loading="lazy" />
          </a>
        ) : null}
        <div className="info">
          <a className="product" href={link} id={titleId}>
            {title}
          </a>
          <p className="prices">
            <span className="vh">{texts.offerPrice}</span>
            <strong className="price price--offer">{money(offerPrice)}</strong>{' '}
            {offerPrice < variant.price && (
              <>
                <span className="vh">{texts.originalPrice}</span>
                <s className="price price--original">{money(variant.price)}</s>{' '}
              </>
            )}
            {variant.compareAtPrice !== null && variant.compareAtPrice > variant.price && (
              <>
                <span className="vh">{texts.initialPrice}</span>
                <s className="price price--initial">{money(variant.compareAtPrice)}</s>{' '}
              </>
            )}
            {percent > 0 && <span className="save">{fill(texts.save, { percent })}</span>}
          </p>
          {Picker && product.variants.length > 1 && (
            <div className="variants">
              <Picker
                id={`${titleId}-variant`}
                label={`${texts.variant}: ${title}`}
                value={String(variant.id)}
                items={product.variants.map((candidate) => ({
                  value: String(candidate.id),
                  label: candidate.available
                    ? plainText(candidate.title, 60)
                    : `${plainText(candidate.title, 60)} – ${acceptLabel('unavailable', offer.acceptButton, texts.accept)}`,
                }))}
                onChange={(value) => {
                  setVariantIds((chosen) => ({ ...chosen, [product.id]: Number(value) }));
                  setStatus({ kind: 'idle' });
                }}
              />
            </div>
          )}
          <button
            type="button"
            className={`accept accept--${availability}`}
            disabled={availability === 'unavailable'}
            aria-disabled={busy || undefined}
            aria-describedby={titleId}
            onClick={accept}
          >
            {busy ? <span className="spin" aria-hidden="true" /> : null}
            <span>{label}</span>
          </button>
          <p className="status" role="status">
            {busy ? texts.adding : status.kind === 'added' ? texts.added : ''}
          </p>
          {status.kind === 'error' && (
            <p className="error" role="alert">
              {status.message}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
