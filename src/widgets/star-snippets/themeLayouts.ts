/**
 * Where the star snippet goes in a product card, per theme (spec §2 "Collection and listing
 * pages"): a product link `/products/{handle}` is matched against these layouts in order; the
 * first layout that matches on a page is remembered and tried first for the next links.
 *
 * Each layout: `card` = the product card (closest ancestor of the link, or the link itself);
 * `title` = the title inside that card. The snippet goes right after the title: every theme here
 * (and the generic rule) puts it there, so no layout carries a position. Written from the themes'
 * public templates (card snippets as the platform's theme store ships them). A theme none of them
 * fits gets {@link genericLayout}. A title in a block hidden inside a visible card (a copy for
 * another view of the grid) is never used: the next matching title is.
 */
import { MOUNT_ATTRIBUTE } from '../../core/constants';
import { hiddenWithin } from './hidden';

/** A theme's product card and the title in it (the theme's name is in the comment above each). */
export interface ThemeLayout {
  card: string;
  title: string;
}

/** A layout; keeps the table short in the chunk. */
const cardWithTitle = (card: string, title: string): ThemeLayout => ({ card, title });

export const THEME_LAYOUTS: ThemeLayout[] = [
  // Horizon (the platform's default theme since 2025) and its family: `<product-card>` blocks;
  // the visible title is the product-title block's link. The card also holds a hidden copy of
  // the title (`.product-grid-view-zoom-out--details h3`) for the zoomed-out grid.
  cardWithTitle('product-card', 'a[ref=productTitleLink]'),
  // Dawn and its family (Refresh, Sense, Craft, Crave, Taste, Ride, Studio, Origin, Colorblock,
  // Publisher, Spotlight): `card-product` snippet. `.card > .card__content` is the visible
  // information block; `.card__inner > .card__content` repeats the heading for cards without media.
  cardWithTitle('.card-wrapper', '.card>.card__content .card__heading'),
  // Dawn 1.x–2.x: the whole card is one link; title in `.card-information__text`.
  cardWithTitle('.card-wrapper', '.card-information__text'),
  // Debut (and Sectioned-era free themes): grid/list view items, title under the overlay link.
  cardWithTitle('.grid-view-item,.list-view-item', '.grid-view-item__title,.list-view-item__title,.product-card__title'),
  // Archetype themes: Brooklyn, Impulse, Motion, Streamline, Expanse (`grid-product`).
  cardWithTitle('.grid-product', '.grid-product__title'),
  // Minimal: the card is the `a.grid-link` itself; the vendor line reuses the title class.
  cardWithTitle('.grid-link__container,.grid-link', '.grid-link__title:not(.grid-link__vendor)'),
  // Prestige 4–5 and other Maestrooo themes of that era (`ProductItem`).
  cardWithTitle('.ProductItem', '.ProductItem__Title'),
  // Narrative, Venture, Prestige 6+ (`<product-card>`), Horizon-like custom elements.
  cardWithTitle('product-card,.product-card', '.product-card__title,.product-card__name,.product-title'),
  // Simple (`product-grid-item`: `.product` with `.product__title`).
  cardWithTitle('.product', '.product__title'),
  // Out of the Sandbox: Turbo, Parallax, Responsive, Mobilia (`.product-details .title`), Flex.
  cardWithTitle('.product-wrap,.thumbnail', '.product-details .title,.product-thumbnail__title,.info .title'),
  // Common premium patterns: Warehouse/Focal (`product-item`), Boundless, Broadcast,
  // Symmetry/Showcase (`product-block`), Empire/Pixel Union (`productitem`).
  cardWithTitle(
    '.product-item,.product-block,.productitem,.productgrid--item',
    '.product-item__title,.product-item-meta__title,.product-block__title,.productitem--title',
  ),
];

/** Links in these regions never get snippets (menus, drawers, breadcrumbs, our own elements). */
export const EXCLUDED = `header,nav,footer,[role=navigation],[role=banner],[role=contentinfo],cart-drawer,cart-notification,.cart-drawer,.cart-item,.cart__item,#CartDrawer,.breadcrumb,.breadcrumbs,predictive-search,.predictive-search,[data-vitrine-stars],[${MOUNT_ATTRIBUTE}]`;

/** Heading-like or title-classed elements: the generic rule's title candidates. */
const TITLE_LIKE = 'h1,h2,h3,h4,h5,h6,[role=heading],[class*=title],[class*=heading],[class*=name]';
const MEDIA = 'img,picture,svg,video';
/** Product links (the excluded regions' are left out where they are used). */
export const PRODUCT_LINKS = 'a[href*="/products/"]';

export interface Located {
  card: Element;
  title: Element;
}

/**
 * The generic rule for unknown themes: the card is the nearest ancestor (at most 6 levels up,
 * the link included) holding an image and links to this one product only; the title is the
 * first heading-like or title-classed element in it with text and no image, else the link
 * itself when it has text.
 */
function genericLayout(link: Element, handle: string, handleOf: (link: Element) => string | null): Located | null {
  for (let card: Element | null = link, i = 0; card && i < 7; card = card.parentElement, i++) {
    if (card.tagName === 'BODY' || card.tagName === 'MAIN') return null;
    if (!card.querySelector(MEDIA)) continue;
    let title: Element | null = null;
    const titles = card.querySelectorAll(TITLE_LIKE);
    for (let j = 0; j < titles.length && !title; j++) {
      const candidate = titles[j];
      if (
        !candidate.querySelector(MEDIA) &&
        !candidate.closest('svg') &&
        (candidate.textContent || '').trim() &&
        !hiddenWithin(candidate, card)
      )
        title = candidate;
    }
    if (!title && card !== link && !link.querySelector(MEDIA) && (link.textContent || '').trim()) title = link;
    if (!title) continue;
    // A card shows one product: links to other products mean we climbed into a grid.
    const links = card.querySelectorAll(PRODUCT_LINKS);
    for (let j = 0; j < links.length; j++) if (handleOf(links[j]) !== handle) return null;
    return { card, title };
  }
  return null;
}

/**
 * Locates the card and title of a product link. `state.remembered` (the first layout that matched
 * on this page) is tried first, then the table in order, then the generic rule.
 */
export function locate(
  link: Element,
  handle: string,
  handleOf: (link: Element) => string | null,
  state: { remembered: ThemeLayout | null },
): Located | null {
  const remembered = state.remembered;
  const tryLayout = (layout: ThemeLayout): Located | null => {
    const card = link.closest(layout.card);
    // A title counts when a line after it shows: when the block around it does. Dawn hides the
    // title of a card without media and shows the block the platform's rating goes in.
    const shown = (title: Element) => !hiddenWithin(title.parentElement!, card!);
    // The first title, then the others only when it does not show: a search for all of them took
    // the card's whole subtree for every card.
    const first = card?.querySelector(layout.title);
    const title = first && (shown(first) ? first : [...card!.querySelectorAll(layout.title)].find(shown));
    return title ? { card: card!, title } : null;
  };
  if (remembered) {
    const hit = tryLayout(remembered);
    if (hit) return hit;
  }
  for (const layout of THEME_LAYOUTS) {
    if (layout === remembered) continue;
    const hit = tryLayout(layout);
    if (hit) {
      state.remembered ||= layout;
      return hit;
    }
  }
  return genericLayout(link, handle, handleOf);
}
