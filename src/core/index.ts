/**
 * Public surface of the core: pure helpers the loader and widgets share.
 * Named re-exports only, so bundlers keep just what is used.
 */
export * from './constants';
export {
  detectPageType,
  localeRoot,
  stripLocale,
  productHandle,
  collectionHandle,
  isDesignMode,
  isPreview,
  readPageContext,
  readStoreState,
  type DetectedPageType,
  type PageContext,
  type StoreState,
} from './pageContext';
export { parseSettings, DEFAULT_SETTINGS, type Settings, type Placement } from './settings';
export {
  createRequester,
  isReportableStatus,
  isTimeoutError,
  encodeForm,
  isRequestError,
  type RequestError,
  type TimeoutError,
  type Requester,
  type RequestOptions,
} from './request';
export { getCookie, setCookie, removeCookie, canUseCookies } from './cookies';
export { createStorage, type SafeStorage } from './storage';
export { createI18n, resolveLanguage, type Translate } from './i18n';
export * from './errors';
export { debounce } from './lib/debounce';
export { waitForObject } from './lib/waitForObject';
export { truncate } from './lib/truncate';
export { escapeHtml } from './lib/escapeHtml';
export { safeCall, safe } from './lib/safeCall';
export {
  formatMoney,
  convert,
  convertCents,
  formatConverted,
  currencyDecimals,
  MONEY_TEMPLATES,
  type Converted,
  type Decimals,
} from './money';
