/**
 * Lazy part `offer-card.variants`: the variant dropdown (src/ui/Dropdown), loaded when an offered
 * product has several variants. A part, not the card's own import: the currency selector shares
 * the dropdown, and a chunk two parts share costs the loader's chunk map nothing.
 */
export { Dropdown } from '../../../ui/Dropdown';
