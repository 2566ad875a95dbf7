/**
 * Spec §2 "Collection and listing pages": the 'best-selling' option is removed from the sort
 * controls (again whenever the page changes, through the snippets' debounced observer). A URL
 * that sorts by best-selling is the loader's (src/loader/leaveBestSelling.ts).
 */
import { BEST_SELLING as BEST } from '../../core/constants';

/**
 * The sort controls themes render, learned from their public templates: a `<select>` named
 * `sort_by` (Dawn and its family, Debut, Brooklyn, Impulse…), radio inputs named `sort_by`
 * (Prestige- and Turbo-style drawers), and plain links (`?sort_by=best-selling`) in sort menus.
 * Found by two queries of one selector each, the options and radios by their value, then checked:
 * one query of all four selectors matched each of them against every element of the page (1,000
 * Dawn cards in Chromium, cold: 2.0 -> 1.0 ms).
 */
const LINK = `a[href*="sort_by=${BEST}"]`;
const FOUND = [`[value=${BEST}]`, LINK];
const CONTROLS = `select[name=sort_by] option,select#SortBy option,input[name=sort_by],${LINK}`;

/** The row a radio or link sits in: its list item when that holds nothing else, else its label. */
const rowOf = (el: Element): Element => {
  const item = el.closest('li');
  return item && item.querySelectorAll('a,input').length === 1 ? item : el.closest('label') || el;
};

/**
 * Removes every best-selling sort control from `root`. A radio input or a link goes with its
 * row, so no empty row is left.
 */
export function removeBestSelling(root: ParentNode): void {
  for (const query of FOUND)
    root.querySelectorAll(query).forEach((el) => el.matches(CONTROLS) && (el.tagName === 'OPTION' ? el : rowOf(el)).remove());
}
