/**
 * Builds `src/currency/flags.svg`: one 30×20 cell per currency (spec §2
 * "30x20 px flag image shifted by the option's position value", §9 "Flag
 * image 30x20 px"), cell `p` at column p % FLAG_COLUMNS, row p / FLAG_COLUMNS,
 * the same positions `flagPosition` returns. Common currencies get a flat,
 * simplified flag of their preferred country; the rest show the neutral
 * two-band background (one pattern for the whole sprite) with their code.
 *
 * Run: node --import tsx src/currency/buildFlagSprite.ts
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { FLAG_SIZE } from '../core/constants';
import { preferredCountry } from './countries';
import { FLAG_COLUMNS, listCurrencies } from './currencies';

const W: number = FLAG_SIZE.width;
const H: number = FLAG_SIZE.height;
/** Rounds to one decimal, without trailing zeros. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

const rect = (x: number, y: number, w: number, h: number, fill: string): string =>
  `<path fill="${fill}" d="M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z"/>`;
const circle = (cx: number, cy: number, r: number, fill: string): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`;
const poly = (pts: number[][], fill: string): string =>
  `<path fill="${fill}" d="M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}z"/>`;
const line = (d: string, stroke: string, width: number): string =>
  `<path stroke="${stroke}" stroke-width="${n(width)}" d="${d}"/>`;

/** Five-pointed star centred at (cx, cy), outer radius r. */
function star(cx: number, cy: number, r: number, fill: string): string {
  const pts: number[][] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.4 : r;
    pts.push([cx + d * Math.cos(a), cy + d * Math.sin(a)]);
  }
  return poly(pts, fill);
}

/** Horizontal (or vertical) bands with relative weights. */
function bands(colors: string[], vertical = false, weights = colors.map(() => 1), w = W): string {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return colors
    .map((c, i) => {
      const size = ((vertical ? w : H) * weights[i]) / total;
      const r = vertical ? rect(at, 0, size, H, c) : rect(0, at, w, size, c);
      at += size;
      return r;
    })
    .join('');
}

/** Nordic cross: background, cross colour, optional inner cross colour. */
function nordic(bg: string, cross: string, inner?: string, width = 4): string {
  const x = 9;
  let s = rect(0, 0, W, H, bg) + rect(x, 0, width, H, cross) + rect(0, 10 - width / 2, W, width, cross);
  if (inner) s += rect(x + width / 4, 0, width / 2, H, inner) + rect(0, 10 - width / 4, W, width / 2, inner);
  return s;
}

/** Union flag, drawn in a w×h box at the origin. */
function union(w = W, h = H): string {
  const d = `M0 0L${w} ${h}M${w} 0L0 ${h}`;
  const c = `M${w / 2} 0v${h}M0 ${h / 2}h${w}`;
  const k = w / W;
  return (
    rect(0, 0, w, h, '#012169') +
    line(d, '#fff', 4 * k) +
    line(d, '#c8102e', 1.4 * k) +
    line(c, '#fff', 6 * k) +
    line(c, '#c8102e', 3.4 * k)
  );
}

/** Simplified maple leaf: right half outline, mirrored. */
function maple(): string {
  const right = [
    [15, 3.6], [16.1, 5.7], [17.4, 5.1], [17, 8.4], [18.8, 6.5], [19.3, 7.7], [21.2, 7.3], [20.6, 9.3],
    [21.4, 9.8], [18.3, 12.5], [18.7, 13.6], [15.4, 13.1], [15.5, 16.4],
  ];
  const left = right.slice(1).reverse().map(([x, y]) => [W - x, y]);
  return poly([...right, ...left], '#d52b1e');
}

/** Ensign: blue field, union canton, `stars` drawn on top. */
const ensign = (stars: string): string => rect(0, 0, W, H, '#012169') + union(15, 10) + stars;

/** Simplified flat designs, by preferred country. */
const FLAGS: Record<string, () => string> = {
  US: () => {
    let s = rect(0, 0, W, H, '#fff');
    for (let i = 0; i < 13; i += 2) s += rect(0, (i * H) / 13, W, H / 13, '#b22234');
    return s + rect(0, 0, 12, (7 * H) / 13, '#3c3b6e');
  },
  EU: () => {
    let s = rect(0, 0, W, H, '#039');
    for (let i = 0; i < 12; i++) {
      const a = (Math.PI / 6) * i;
      s += circle(15 + 6 * Math.cos(a), 10 + 6 * Math.sin(a), 0.9, '#fc0');
    }
    return s;
  },
  GB: () => union(),
  CA: () => bands(['#d52b1e', '#fff', '#d52b1e'], true, [1, 2, 1]) + maple(),
  AU: () =>
    ensign(
      star(7.5, 15.5, 2.4, '#fff') +
        star(22.5, 4, 1.4, '#fff') +
        star(18.5, 9, 1.4, '#fff') +
        star(26.5, 8, 1.4, '#fff') +
        star(22.5, 16.5, 1.6, '#fff'),
    ),
  NZ: () =>
    ensign(
      star(22.5, 4.5, 1.6, '#c8102e') +
        star(19, 9.5, 1.6, '#c8102e') +
        star(26, 8.5, 1.6, '#c8102e') +
        star(22.5, 16, 1.8, '#c8102e'),
    ),
  JP: () => rect(0, 0, W, H, '#fff') + circle(15, 10, 6, '#bc002d'),
  CH: () => rect(0, 0, W, H, '#d52b1e') + rect(13, 4, 4, 12, '#fff') + rect(9, 8, 12, 4, '#fff'),
  SE: () => nordic('#006aa7', '#fecc00'),
  NO: () => nordic('#ba0c2f', '#fff', '#00205b', 5),
  DK: () => nordic('#c8102e', '#fff', undefined, 3),
  IS: () => nordic('#02529c', '#fff', '#dc1e35', 5),
  CN: () =>
    rect(0, 0, W, H, '#de2910') +
    star(5, 5, 3, '#ffde00') +
    star(10, 2, 1, '#ffde00') +
    star(12, 4, 1, '#ffde00') +
    star(12, 7, 1, '#ffde00') +
    star(10, 9, 1, '#ffde00'),
  IN: () =>
    bands(['#f93', '#fff', '#138808']) +
    `<circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" stroke-width=".8"/>`,
  BR: () =>
    rect(0, 0, W, H, '#009c3b') + poly([[15, 2.5], [27.5, 10], [15, 17.5], [2.5, 10]], '#ffdf00') + circle(15, 10, 4.4, '#002776'),
  MX: () => bands(['#006847', '#fff', '#ce1126'], true) + circle(15, 10, 2.4, '#8c5a2b'),
  KR: () => {
    const top = `<path fill="#cd2e3a" d="M10.5 10a4.5 4.5 0 0 1 9 0z"/>`;
    return rect(0, 0, W, H, '#fff') + circle(15, 10, 4.5, '#0047a0') + top + rect(3, 3, 4, 1.2, '#000') + rect(23, 15.8, 4, 1.2, '#000') + rect(23, 3, 4, 1.2, '#000') + rect(3, 15.8, 4, 1.2, '#000');
  },
  PL: () => bands(['#fff', '#dc143c']),
  CZ: () => bands(['#fff', '#d7141a']) + poly([[0, 0], [15, 10], [0, 20]], '#11457e'),
  HU: () => bands(['#ce2939', '#fff', '#477050']),
  RO: () => bands(['#002b7f', '#fcd116', '#ce1126'], true),
  RU: () => bands(['#fff', '#0039a6', '#d52b1e']),
  UA: () => bands(['#0057b7', '#ffd700']),
  TR: () =>
    rect(0, 0, W, H, '#e30a17') + circle(11, 10, 5, '#fff') + circle(12.3, 10, 4, '#e30a17') + star(17.5, 10, 2.4, '#fff'),
  IL: () =>
    rect(0, 0, W, H, '#fff') +
    rect(0, 2, W, 2.5, '#0038b8') +
    rect(0, 15.5, W, 2.5, '#0038b8') +
    `<path fill="none" stroke="#0038b8" d="M15 6l3.5 6h-7zM15 14l3.5-6h-7z"/>`,
  HK: () => {
    let s = rect(0, 0, W, H, '#de2910');
    for (let i = 0; i < 5; i++) {
      const a = ((2 * Math.PI) / 5) * i - Math.PI / 2;
      s += circle(15 + 2.6 * Math.cos(a), 10 + 2.6 * Math.sin(a), 1.9, '#fff');
    }
    return s;
  },
  SG: () =>
    bands(['#ef3340', '#fff']) +
    circle(6.5, 5, 3.2, '#fff') +
    circle(8, 5, 3, '#ef3340') +
    [[11, 3], [13, 4.5], [12.2, 7], [9.8, 7], [9, 4.5]].map(([x, y]) => circle(x, y, 0.6, '#fff')).join(''),
  TH: () => bands(['#a51931', '#f4f5f8', '#2d2a4a', '#f4f5f8', '#a51931'], false, [1, 1, 2, 1, 1]),
  ID: () => bands(['#ce1126', '#fff']),
  PH: () => bands(['#0038a8', '#ce1126']) + poly([[0, 0], [11, 10], [0, 20]], '#fff') + circle(4, 10, 1.6, '#fcd116'),
  ZA: () =>
    bands(['#e03c31', '#001489']) +
    `<path fill="none" stroke="#fff" stroke-width="6" d="M0 0l12 10L0 20m12-10h18"/>` +
    `<path fill="none" stroke="#007749" stroke-width="3.6" d="M0 0l12 10L0 20m12-10h18"/>` +
    poly([[0, 3.5], [8, 10], [0, 16.5]], '#ffb81c') +
    poly([[0, 5.5], [5.6, 10], [0, 14.5]], '#000'),
  AE: () => bands(['#00732f', '#fff', '#000']) + rect(0, 0, 8, H, '#ff0000'),
  SA: () => rect(0, 0, W, H, '#006c35') + rect(8, 6, 14, 3, '#fff') + rect(8, 12.5, 14, 1, '#fff'),
  EG: () => bands(['#ce1126', '#fff', '#000']) + circle(15, 10, 1.8, '#c09300'),
  NG: () => bands(['#008751', '#fff', '#008751'], true),
  AR: () => bands(['#74acdf', '#fff', '#74acdf']) + circle(15, 10, 2, '#f6b40e'),
  CL: () => bands(['#fff', '#d52b1e']) + rect(0, 0, 10, 10, '#0039a6') + star(5, 5, 2.6, '#fff'),
  CO: () => bands(['#fcd116', '#003893', '#ce1126'], false, [2, 1, 1]),
  PE: () => bands(['#d91023', '#fff', '#d91023'], true),
  VN: () => rect(0, 0, W, H, '#da251d') + star(15, 10.5, 6, '#ff0'),
  TW: () => rect(0, 0, W, H, '#fe0000') + rect(0, 0, 15, 10, '#000095') + circle(7.5, 5, 2.6, '#fff'),
  MY: () => {
    let s = rect(0, 0, W, H, '#fff');
    for (let i = 0; i < 14; i += 2) s += rect(0, (i * H) / 14, W, H / 14, '#cc0001');
    return s + rect(0, 0, 15, (8 * H) / 14, '#010066') + circle(6, 5.7, 3.4, '#fc0') + circle(7.2, 5.7, 3, '#010066') + star(11.5, 5.7, 2.2, '#fc0');
  },
  QA: () => rect(0, 0, W, H, '#8a1538') + poly([[0, 0], [9, 0], [12, 1.1], [9, 2.2], [12, 3.3], [9, 4.4], [12, 5.5], [9, 6.6], [12, 7.7], [9, 8.8], [12, 10], [9, 11.1], [12, 12.2], [9, 13.3], [12, 14.4], [9, 15.5], [12, 16.6], [9, 17.7], [12, 18.9], [9, 20], [0, 20]], '#fff'),
  KW: () =>
    bands(['#007a3d', '#fff', '#ce1126']) + poly([[0, 0], [7.5, 6.7], [7.5, 13.3], [0, 20]], '#000'),
  PK: () => rect(0, 0, W, H, '#01411c') + rect(0, 0, 7.5, H, '#fff') + circle(18.5, 10, 5, '#fff') + circle(19.8, 8.8, 4.4, '#01411c') + star(21.5, 7.5, 1.8, '#fff'),
  BD: () => rect(0, 0, W, H, '#006a4e') + circle(13.5, 10, 5.5, '#f42a41'),
  KE: () =>
    bands(['#000', '#fff', '#bb0000', '#fff', '#006600'], false, [6, 1, 6, 1, 6]) +
    `<ellipse cx="15" cy="10" rx="3" ry="6" fill="#bb0000" stroke="#000" stroke-width=".6"/>`,
  MA: () =>
    rect(0, 0, W, H, '#c1272d') + `<path fill="none" stroke="#006233" stroke-width=".9" d="M15 5.5l2.6 8L10.8 8.6h8.4l-6.8 4.9z"/>`,
};

const cells: string[] = [];
const all = listCurrencies();
let real = 0;
for (const c of all) {
  const x = (c.spritePosition % FLAG_COLUMNS) * W;
  const y = Math.floor(c.spritePosition / FLAG_COLUMNS) * H;
  const draw = FLAGS[preferredCountry(c.code)];
  if (draw) {
    real++;
    cells.push(`<g transform="translate(${x} ${y})">${draw()}</g>`);
  } else cells.push(`<text x="${x + W / 2}" y="${y + 13}">${c.code}</text>`);
}

const width = FLAG_COLUMNS * W;
const height = Math.ceil(all.length / FLAG_COLUMNS) * H;
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs><pattern id="n" width="${W}" height="${H}" patternUnits="userSpaceOnUse">` +
  `${rect(0, 0, W, H / 2, '#66788a')}${rect(0, H / 2, W, H / 2, '#4b5a69')}</pattern></defs>` +
  `<style>text{font:bold 9px sans-serif;fill:#fff;text-anchor:middle}</style>` +
  `<path fill="url(#n)" d="M0 0h${width}v${height}H0z"/>` +
  cells.join('') +
  '</svg>\n';

const out = new URL('./flags.svg', import.meta.url);
writeFileSync(out, svg);
console.log(
  `flags.svg: ${all.length} cells (${real} drawn flags), ${width}×${height} px, ${svg.length} B, ${gzipSync(svg, { level: 9 }).length} B gzip`,
);
