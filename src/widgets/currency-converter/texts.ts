/**
 * The selector's texts in the built-in languages (spec §9: en, es, nl). The notice says prices
 * are converted and checkout is in the shop currency; `{currency}` and `{shop}` are codes.
 */
export const TEXTS = {
  en: {
    label: 'Currency',
    notice: 'Prices are converted to {currency} as a guide. You will check out in {shop}.',
  },
  es: {
    label: 'Moneda',
    notice: 'Los precios se muestran convertidos a {currency} como referencia. El pago se realiza en {shop}.',
  },
  nl: {
    label: 'Valuta',
    notice: 'Prijzen zijn ter indicatie omgerekend naar {currency}. Je rekent af in {shop}.',
  },
};
