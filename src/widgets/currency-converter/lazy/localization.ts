/** Lazy part `currency-converter.localization`: the market redirect, loaded on the first choice. */
export { localizationRedirect } from '../localizationRedirect';
