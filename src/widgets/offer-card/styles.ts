/**
 * The card's styles inside its shadow root. Its colours are the offer's settings (`textColor`,
 * `backgroundColor`, and `popupSelect…` for the variant list), set on the card as `--vt-text`,
 * `--vt-bg`, `--vt-select-bg`, `--vt-select-text`; shops restyle further with the CSS custom properties `--vitrine-offer-accent` (the accept button, default the text colour) and
 * `--vitrine-offer-radius`. Spec §9: the card at most 1000 px wide, its image at most 360 px.
 *
 * `contain:inline-size`: the card takes the width its place gives and never asks for more. Without
 * it the products' row (it scrolls sideways) made the theme's product column 860 px wide on a
 * 390 px phone: the whole page zoomed out and the reviews modal opened off-screen. The list is
 * the visually hidden radios' containing block for the same reason: they scroll with it.
 */
export const CSS =
  '.card{contain:inline-size;max-width:1000px;margin:16px 0;padding:16px;border-radius:var(--vitrine-offer-radius,8px);background:var(--vt-bg);color:var(--vt-text);font-size:15px;line-height:1.4}' +
  '.heading{margin:0 0 12px;font-weight:700;font-size:16px}' +
  '.vh{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}' +
  '.picker{margin:0 0 12px;padding:0;border:0;min-width:0}' +
  '.picker__legend{padding:0;margin:0 0 6px;font-size:13px}' +
  '.picker__list{position:relative;display:flex;gap:8px;overflow-x:auto;padding:2px}' +
  '.choice{flex:0 0 auto;cursor:pointer}' +
  '.choice__body{display:grid;grid-template-columns:48px auto;grid-template-rows:auto auto;column-gap:8px;align-items:center;width:200px;padding:6px;border:1px solid currentColor;border-radius:6px;opacity:.85}' +
  '.choice__image{grid-row:span 2;width:48px;height:48px;object-fit:cover;border-radius:4px}' +
  '.choice__title{font-size:13px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '.choice__price{font-size:13px;font-weight:600}' +
  'input:checked+.choice__body{opacity:1;box-shadow:0 0 0 2px currentColor inset}' +
  'input:focus-visible+.choice__body{outline:2px solid currentColor;outline-offset:2px}' +
  '.main{display:flex;align-items:flex-start;gap:16px}' +
  '.media{flex:none;display:block;width:96px;max-width:360px}' +
  '.media__image{display:block;width:96px;height:96px;object-fit:cover;border-radius:6px;background:#fff}' +
  '.info{flex:1;min-width:0;display:flex;flex-direction:column;align-items:flex-start;gap:10px}' +
  '.product{color:inherit;font-weight:600;text-decoration:underline;text-underline-offset:3px}' +
  '.prices{margin:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px}' +
  '.price--offer{font-size:18px}' +
  '.price--original,.price--initial{opacity:.85}' +
  '.save{padding:1px 6px;border-radius:4px;border:1px solid currentColor;font-size:13px}' +
  '.dd-wrap{position:relative}' +
  '.variants{width:100%;max-width:360px}.dd{position:relative}' +
  '.dd__button{display:flex;align-items:center;justify-content:space-between;gap:8px;width:100%;min-height:44px;padding:0 12px;border:1px solid currentColor;border-radius:6px;background:var(--vt-select-bg);color:var(--vt-select-text);font:inherit;cursor:pointer;text-align:left}' +
  '.dd__button::after{content:"";flex:none;border:5px solid transparent;border-top-color:currentColor;margin-top:5px}' +
  '.dd__list{position:absolute;left:0;right:0;top:100%;z-index:2;margin:4px 0 0;padding:4px 0;list-style:none;overflow-y:auto;background:var(--vt-select-bg);color:var(--vt-select-text);border:1px solid currentColor;border-radius:6px;box-shadow:0 4px 14px rgba(0,0,0,.18)}' +
  '.dd__option{padding:8px 12px;cursor:pointer}' +
  '.dd__option.is-active,.dd__option:hover{box-shadow:inset 4px 0 0 currentColor}' +
  '.dd__option[aria-selected="true"]{font-weight:700}' +
  '.dd__button:focus-visible,.dd__list:focus-visible,.accept:focus-visible,.product:focus-visible{outline:2px solid currentColor;outline-offset:2px}' +
  '.accept{display:inline-flex;align-items:center;justify-content:center;gap:8px;max-width:360px;min-height:44px;padding:0 20px;border:0;border-radius:6px;background:var(--vitrine-offer-accent,var(--vt-text));color:var(--vt-bg);font:inherit;font-weight:700;cursor:pointer}' +
  '.accept .spin{width:16px;height:16px}.accept:disabled{cursor:not-allowed;opacity:.75}' +
  '.accept[aria-disabled="true"]{cursor:progress}' +
  '.status,.error{margin:0}' +
  '.error{font-weight:600}' +
  // The button loader (src/ui/Spinner's ring; importing it would make it a chunk of its own, which the reviews share).
  '.spin{display:inline-block;vertical-align:middle;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:vspin .7s linear infinite}@keyframes vspin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.spin{animation-duration:2s}}';
