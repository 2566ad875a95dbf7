import { NATIVE_RATING } from '../constants';

/**
 * The product titles of the themes that render the platform's review metafields by the title:
 * the Dawn family (`.product__title`) and Horizon (its title text block, the page's `main h1`).
 * The star snippets know more titles (productStars.ts); those themes show no rating of their own.
 */
const RATED_TITLES = '.product__title,main h1';

/**
 * True when the page's first product title has the theme's own rating beside it (in the title's
 * container): the star snippets then place no stars line on the product page (productStars.ts),
 * so its stats are not needed. The snippets take the first title that is shown; this reads the
 * first in the document, without computing styles. Where the two differ (a theme that hides its
 * first title and shows another without a rating), the line asks for its stats itself, a moment
 * later: nothing is lost.
 */
export const titleShowsRating = (doc: Document): boolean => !!doc.querySelector(RATED_TITLES)?.parentElement?.querySelector(NATIVE_RATING);
