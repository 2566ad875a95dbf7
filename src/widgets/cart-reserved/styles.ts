/**
 * The box's styles inside its shadow root. Shops override colours with
 * `--vitrine-cart-reserved-bg`, `--vitrine-cart-reserved-color`, `--vitrine-cart-reserved-urgent`
 * on any ancestor, or restyle `::part(box)`.
 */
export const CSS = `.box{margin:12px 0;padding:12px 16px;border-radius:6px;line-height:1.4;font-size:15px;text-align:center;background:var(--vitrine-cart-reserved-bg,#fff4e5);color:var(--vitrine-cart-reserved-color,#5c3200)}.box strong{font-variant-numeric:tabular-nums}.urgent strong{color:var(--vitrine-cart-reserved-urgent,#b00020)}`;
