/**
 * Selector styles inside its shadow root. Floating corners come from `floatingCss(position)`; shops
 * restyle with `--vitrine-currency-bg`, `--vitrine-currency-color` or `::part(box)`.
 */
export const CSS =
  '.box{position:relative;display:inline-flex;flex-direction:column;gap:4px;font-size:14px;line-height:1.4;color:var(--vitrine-currency-color,#121212)}' +
  '.float .box{background:var(--vitrine-currency-bg,#fff);border:1px solid #d0d0d0;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.15);padding:6px 8px;max-width:260px}' +
  '.vh{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}' +
  '.dd{position:relative}' +
  '.dd__button{display:flex;align-items:center;gap:8px;min-height:44px;padding:0 10px;border:1px solid #767676;border-radius:4px;background:#fff;color:#121212;font:inherit;cursor:pointer}' +
  '.dd__button::after{content:"";border:5px solid transparent;border-top-color:currentColor;margin:5px 0 0 2px}' +
  '.dd__list{position:absolute;left:0;z-index:1;min-width:220px;margin:0;padding:4px 0;list-style:none;overflow-y:auto;background:#fff;color:#121212;border:1px solid #767676;border-radius:4px;box-shadow:0 4px 14px rgba(0,0,0,.18)}' +
  '.up .dd__list{bottom:100%;margin-bottom:4px}.down .dd__list{top:100%;margin-top:4px}' +
  '.dd__option{display:flex;align-items:center;gap:8px;padding:6px 10px;cursor:pointer;white-space:nowrap}' +
  '.dd__option.is-active,.dd__option:hover{background:#e8eefc}' +
  '.dd__option[aria-selected="true"]{font-weight:600}' +
  '.dd__option[aria-disabled="true"]{color:#6b6b6b;cursor:default}' +
  '.dd__button:focus-visible,.dd__list:focus-visible{outline:2px solid #2948a3;outline-offset:2px}' +
  '.flag{flex:none;width:30px;height:20px;background-repeat:no-repeat;border-radius:2px;box-shadow:0 0 0 1px rgba(0,0,0,.1)}' +
  '.notice{margin:0;font-size:12px;color:#3d3d3d}';

/** Host styles of the floating selector per corner (spec §2: bottom/top × left/right). */
export const floatingCss = (position: string): string => {
  const [vertical, horizontal] = position.split('-');
  return `:host{position:fixed;z-index:2147483000;${vertical}:16px;${horizontal}:16px}`;
};
