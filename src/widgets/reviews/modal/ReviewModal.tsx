/**
 * The review modal (spec §2 "Review modal", §4), its own lazy chunk: loaded on the first photo
 * click or `?review=<id>` link. Photo gallery (main photo, thumbnails, "Photo 2 of 5" announced),
 * prev/next arrows, product image and title, author, verified mark, stars, optional date, text
 * and store reply. ←/→ keys, the arrows and a horizontal swipe go to the previous/next review
 * that has photos, wrapping around.
 */
import { useLayoutEffect, useRef, useState, type TouchEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { guard } from '../../../ui/guard';
import { Modal } from '../../../ui/Modal';
// Only types from the widget: its components arrive through `controller.ui` (see SHARED_UI).
import type { ModalComponentProps } from '../controller';

const CSS =
  `.review-modal{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:24px}@media (max-width:767px){.review-modal{grid-template-columns:1fr}}` +
  `.gallery{position:relative;touch-action:pan-y;min-height:120px}.gallery-photo{width:100%;height:min(60vh,520px);min-height:min(350px,50vh);object-fit:contain;background:#f3f3f3;border-radius:6px}` +
  `.gallery-caption{margin-top:6px;color:var(--mu);font-size:13px}.thumbnails{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}.thumbnails button{width:68px;height:68px;border-radius:6px;overflow:hidden;border:2px solid transparent}` +
  `.thumbnails button[aria-current=true]{border-color:var(--fg)}.thumbnails img{width:100%;height:100%;object-fit:cover}` +
  `.gallery-nav{display:flex;justify-content:space-between;margin-top:10px}.gallery-nav button{width:44px;height:44px;border-radius:50%;border:1px solid var(--bd);font-size:22px;line-height:1}` +
  `.product{display:flex;gap:10px;align-items:center;padding-bottom:12px;margin-bottom:12px;border-bottom:1px solid var(--bd);font-weight:600}.product img{width:48px;height:48px;object-fit:cover;border-radius:4px}`;

/** A horizontal swipe longer than this (px), and longer than it is tall, changes the review. */
const SWIPE_MIN_PX = 40;

export function ReviewModal({ controller, start, onClose }: ModalComponentProps) {
  useSignals();
  const { texts, settings, product } = controller;
  const { Verified, RatingAndText, StoreReply, formatDate, fill } = controller.ui;
  const reviews = controller.state.reviews.value;
  const [current, setCurrent] = useState(start);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Moving to another review replaces the controls under the focus: keep focus in the dialog.
  const firstRender = useRef(true);
  useLayoutEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const el = box.current;
    const root = el && (el.getRootNode() as ShadowRoot | Document);
    if (el && root && !el.contains(root.activeElement)) el.querySelector<HTMLElement>('.next')?.focus();
  }, [current.index]);
  const review = reviews[current.index];
  if (!review) return null;
  const photoCount = review.photos.length;
  const photo = Math.min(Math.max(0, current.photo), Math.max(0, photoCount - 1));
  const reviewsWithPhotos = reviews.filter((candidate) => candidate.photos.length).length;

  /** Previous (-1) / next (1) review with photos, wrapping around. */
  const go = guard((direction: number) => {
    const total = reviews.length;
    for (let step = 1; step <= total; step++) {
      const index = (((current.index + direction * step) % total) + total) % total;
      if (reviews[index]!.photos.length) {
        setCurrent({ index, photo: 0 });
        return;
      }
    }
  }, 'modal-navigation');
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const photoText = fill(texts.photo, { i: photo + 1, n: photoCount });

  return (
    <Modal label={fill(texts.reviewBy, { name: review.name })} closeLabel={texts.close} onClose={onClose} onKeyDown={keys}>
      <style>{CSS}</style>
      <div ref={box} className="review-modal" data-review-id={review.id}>
        <div
          className="gallery"
          part="gallery"
          onTouchStart={guard((event: TouchEvent) => {
            const touch = event.touches[0];
            touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
          }, 'modal-swipe')}
          onTouchEnd={guard((event: TouchEvent) => {
            const touch = event.changedTouches[0];
            const from = touchStart.current;
            touchStart.current = null;
            if (!touch || !from) return;
            const dx = touch.clientX - from.x;
            if (Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(touch.clientY - from.y)) go(dx < 0 ? 1 : -1);
          }, 'modal-swipe')}
        >
          {photoCount > 0 && (
            <>
              <img className="gallery-photo" src={review.photos[photo]} alt={photoText} />
              <p className="gallery-caption" aria-live="polite" aria-atomic="true">
                {photoText}
              </p>
              {photoCount > 1 && (
                <div className="thumbnails">
                  {review.photos.map((url, index) => (
                    <button
                      type="button"
                      key={url + index}
                      aria-label={fill(texts.photo, { i: index + 1, n: photoCount })}
                      aria-current={index === photo}
                      onClick={() => setCurrent({ index: current.index, photo: index })}
                    >
                      <img src={review.thumbnails[index]} alt="" loading="lazy" />
                    </button>
                  ))}
                </div>
              )}
            </>
          )}
          {reviewsWithPhotos > (photoCount ? 1 : 0) && (
            <div className="gallery-nav">
              <button type="button" className="prev" aria-label={texts.prev} onClick={() => go(-1)}>
                ‹
              </button>
              <button type="button" className="next" aria-label={texts.next} onClick={() => go(1)}>
                ›
              </button>
            </div>
          )}
        </div>
        <div>
          {product.title && (
            <div className="product">
              {product.image && <img src={product.image} alt="" />}
              <span>{product.title}</span>
            </div>
          )}
          <div className="byline">
            <span className="author" part="author">
              {review.name}
            </span>
            {review.verified && settings.showVerifiedIcons && <Verified label={texts.verified} />}
            {settings.showDates && review.date > 0 && <span className="date">{formatDate(review.date, settings.dateFormat)}</span>}
          </div>
          <RatingAndText review={review} settings={settings} texts={texts} />
          <StoreReply review={review} texts={texts} />
        </div>
      </div>
    </Modal>
  );
}
