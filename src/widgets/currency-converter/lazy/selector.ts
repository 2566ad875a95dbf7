/** Lazy part `currency-converter.selector`: the selector UI, loaded through `ctx.load` once prices are converted. */
export { renderSelector } from '../selectorUi';
