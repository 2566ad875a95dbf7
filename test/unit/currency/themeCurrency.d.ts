/** Types for the platform's published helper, used as the reference in tests (it ships none). */
declare module '@shopify/theme-currency/currency.js' {
  export function formatMoney(cents: number | string | null | undefined, format?: string): string;
}
