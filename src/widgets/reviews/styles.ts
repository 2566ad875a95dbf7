/**
 * The widget's styles inside its shadow root (style isolation, issue 9). Theme CSS cannot reach
 * in; the only things that flow in are inherited properties, so the root resets the ones themes
 * like to break (size, colour, alignment, transforms of text) and keeps the theme's font family.
 *
 * Shops restyle through custom properties on any ancestor — `--vitrine-star-front`,
 * `--vitrine-star-back`, `--vitrine-bars`, `--vitrine-verified` (defaults: the settings colours),
 * `--vitrine-text`, `--vitrine-muted`, `--vitrine-border`, `--vitrine-card-bg`,
 * `--vitrine-button-bg`, `--vitrine-button-text`, `--vitrine-radius` — and through `::part()`:
 * widget, header, summary, bars, bar, share, write-button, list, review, author, verified, pending,
 * date, stars, photos, reply, more-button, dialog, close, gallery, uploader.
 */
import { WIDGET_MAX_WIDTH } from './layout';
import type { Colors } from '../../core/settings';
import { SPINNER_CSS } from '../../ui/Spinner';
import { STARS_CSS } from '../../ui/Stars';
import { WIDGET_SIDE_PADDING } from './layout';

/**
 * `colors` are the settings' (`ctx.settings.colors`): the settings parser has made each one a
 * '#rrggbb' value, its default (`DEFAULT_SETTINGS.colors`) when the shop's was missing or bad, so
 * they go into the CSS as they are and the defaults live in one place.
 */
export function widgetCss(colors: Colors): string {
  return (
    // The colours on the host: the review form's dialog also renders where the widget shows nothing.
    `:host{--sf:var(--vitrine-star-front,${colors.starFront});--sb:var(--vitrine-star-back,${colors.starBack});--bar:var(--vitrine-bars,${colors.bars});--ok:var(--vitrine-verified,${colors.verified});` +
    `--fg:var(--vitrine-text,#1f1f1f);--mu:var(--vitrine-muted,#666);--bd:var(--vitrine-border,#e2e2e2);--bg:var(--vitrine-card-bg,#fff);--rad:var(--vitrine-radius,8px)}` +
    `.widget{display:block;max-width:${WIDGET_MAX_WIDTH}px;margin:40px auto;padding:0 ${WIDGET_SIDE_PADDING}px;color:var(--fg);font-size:15px;font-weight:400;font-style:normal;line-height:1.5;text-align:left;text-transform:none;text-indent:0;letter-spacing:normal;word-spacing:normal;white-space:normal;visibility:visible;direction:ltr}` +
    `.widget *{margin:0;padding:0;float:none}` +
    `.widget h2{font-size:22px;line-height:1.3;font-weight:600;margin-bottom:16px}` +
    `button{font:inherit;color:inherit;background:none;border:0;cursor:pointer;text-transform:none;letter-spacing:normal}button:disabled{cursor:default}` +
    `button:focus-visible,.card:focus-visible{outline:2px solid #2563eb;outline-offset:2px}` +
    `img{display:block;border:0;max-width:none}svg{display:block}` +
    `.button{display:inline-block;padding:10px 18px;border-radius:var(--rad);background:var(--vitrine-button-bg,#1f1f1f);color:var(--vitrine-button-text,#fff);font-weight:600;line-height:1.2}` +
    `.header{display:flex;flex-wrap:wrap;gap:24px;align-items:center;padding-bottom:20px;margin-bottom:20px;border-bottom:1px solid var(--bd)}` +
    `.summary{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center}.modern .summary{flex-direction:column;align-items:flex-start;gap:4px}.average{font-size:40px;font-weight:700;line-height:1}.count{color:var(--mu)}` +
    `.star-bars{list-style:none;min-width:240px;flex:1;max-width:360px}.star-bar{position:relative;display:flex;align-items:center;gap:8px;width:100%;padding:2px 4px;border-radius:4px;text-align:left}` +
    `.star-bar:not(:disabled):hover,.star-bar[aria-pressed=true]{background:rgba(0,0,0,.06)}.star-bar[aria-pressed=true]{font-weight:700}.star-bar:disabled{opacity:.45}` +
    `.bar-stars{width:10px;text-align:right}.star-bar .stars{order:1}.bar-track{order:2;flex:1;height:8px;border-radius:4px;background:var(--sb);overflow:hidden}.bar-fill{display:block;height:100%;background:var(--bar)}.bar-count{order:3;min-width:28px;text-align:right;color:var(--mu)}` +
    `.share{display:flex;flex-direction:column;align-items:flex-start;gap:8px}.share-title{font-weight:600}.rate{display:flex}.rate-star{padding:2px}` +
    `.rate:hover .star-back,.rate:focus-within .star-back{fill:var(--sf)}.rate-star:hover~.rate-star .star-back,.rate-star:focus~.rate-star .star-back{fill:var(--sb)}` +
    `.status{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin-bottom:16px;color:var(--mu)}.link{text-decoration:underline;color:var(--fg)}` +
    `.empty{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:center;padding:8px 0 24px}` +
    `.list{width:100%}[aria-busy=true]>.list{opacity:.6}.cols{column-gap:16px}` +
    `.card{display:block;break-inside:avoid;margin-bottom:16px;padding:16px;border:1px solid var(--bd);border-radius:var(--rad);background:var(--bg);overflow-wrap:anywhere}` +
    `.rows .card{border-width:0 0 1px;border-radius:0;padding:16px 0;margin:0}.loose .card{display:grid;grid-template-columns:200px 1fr;gap:24px}` +
    `.byline{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;margin-bottom:6px}.loose .byline{flex-direction:column;align-items:flex-start}.author{font-weight:600}.date,.pending{color:var(--mu);font-size:13px}` +
    `.verified{display:inline-flex;align-items:center;gap:4px;color:var(--ok);font-size:13px}.verified circle{fill:var(--ok)}.verified path{fill:none;stroke:#fff;stroke-width:2.4;stroke-linecap:round;stroke-linejoin:round}` +
    `.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}` +
    `.text{margin-top:6px}.text p,.text ul,.text ol{margin:0 0 8px}.text ul,.text ol{padding-left:20px}.text a{color:inherit;text-decoration:underline}` +
    `.photos{display:flex;flex-wrap:wrap;gap:6px;margin-top:10px}.photos button{border-radius:6px;overflow:hidden;background:#eee}.photos img{width:100%;height:100%;object-fit:cover}` +
    `.photo-main{flex:0 0 100%;height:180px}.rows .photo-main{flex-basis:180px;height:120px}.photo-thumb{width:60px;height:60px}.photo-more{font-weight:700;font-size:16px;background:#e8e8e8!important}` +
    `.reply{margin-top:12px;padding:10px 12px;border-left:3px solid var(--bd);background:rgba(0,0,0,.03);border-radius:4px}.reply-author{font-weight:600;font-size:13px}` +
    `.more{display:flex;justify-content:center;margin-top:8px}.more .button{display:inline-flex;gap:8px;align-items:center}` +
    `@media(max-width:767px){.header{flex-direction:column;align-items:flex-start}.star-bars{width:100%;max-width:none}}` +
    STARS_CSS +
    SPINNER_CSS
  );
}
