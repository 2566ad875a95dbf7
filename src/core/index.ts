/**
 * The documented library surface of the core (README, "Library"): pure helpers a theme or
 * another app may reuse. Widgets and the loader import the modules they need directly, so
 * bundlers keep just what is used; this file lists only what is public.
 */
export { detectPageType, localeRoot } from './pageContext';
export { formatMoney } from './money';
export { isBot } from './bots';
