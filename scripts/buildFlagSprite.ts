/**
 * Builds `src/currency/flags.svg`: one 30×20 cell per currency (spec §2
 * "30x20 px flag image shifted by the option's position value", §9 "Flag
 * image 30x20 px"), the cell of `spritePosition` at column
 * spritePosition % FLAG_COLUMNS, row spritePosition / FLAG_COLUMNS, the same
 * positions `flagPosition` returns. Common currencies get a flat, simplified
 * flag of their preferred country; the rest show the neutral two-band
 * background (one pattern for the whole sprite) with their code.
 *
 * A Node script, not product code: the sprite is committed and Vite bundles it
 * as an asset. Run it after changing the currency table or a flag:
 *
 *   node --import tsx scripts/buildFlagSprite.ts
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { FLAG_SIZE } from '../src/currency/currencies';
import { preferredCountry } from '../src/currency/countries';
import { FLAG_COLUMNS, listCurrencies } from '../src/currency/currencies';

/** One flag cell (px). */
const CELL_WIDTH: number = FLAG_SIZE.width;
const CELL_HEIGHT: number = FLAG_SIZE.height;
/** Rounds to one decimal, without trailing zeros: short path data. */
const num = (value: number): string => String(Math.round(value * 10) / 10);

const rect = (x: number, y: number, width: number, height: number, fill: string): string =>
  `<path fill="${fill}" d="M${num(x)} ${num(y)}h${num(width)}v${num(height)}h${num(-width)}z"/>`;
const circle = (cx: number, cy: number, radius: number, fill: string): string =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(radius)}" fill="${fill}"/>`;
const polygon = (points: number[][], fill: string): string =>
  `<path fill="${fill}" d="M${points.map(([x, y]) => `${num(x)} ${num(y)}`).join('L')}z"/>`;
const line = (path: string, stroke: string, width: number): string => `<path stroke="${stroke}" stroke-width="${num(width)}" d="${path}"/>`;

/** The whole cell in one colour: a flag's field. */
const field = (fill: string): string => rect(0, 0, CELL_WIDTH, CELL_HEIGHT, fill);

/** Five-pointed star centred at (cx, cy) with outer radius `radius`. */
function star(cx: number, cy: number, radius: number, fill: string): string {
  const points: number[][] = [];
  for (let corner = 0; corner < 10; corner++) {
    const angle = (Math.PI / 5) * corner - Math.PI / 2;
    const distance = corner % 2 ? radius * 0.4 : radius;
    points.push([cx + distance * Math.cos(angle), cy + distance * Math.sin(angle)]);
  }
  return polygon(points, fill);
}

/** Horizontal (or vertical) bands with relative weights. */
function bands(colors: string[], vertical = false, weights = colors.map(() => 1), width = CELL_WIDTH): string {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let offset = 0;
  return colors
    .map((color, index) => {
      const size = ((vertical ? width : CELL_HEIGHT) * weights[index]) / total;
      const band = vertical ? rect(offset, 0, size, CELL_HEIGHT, color) : rect(0, offset, width, size, color);
      offset += size;
      return band;
    })
    .join('');
}

/** Nordic cross: background, cross colour, optional inner cross colour. */
function nordic(background: string, cross: string, inner?: string, width = 4): string {
  // The upright sits left of centre, as on every Nordic flag.
  const upright = 9;
  let svg = field(background) + rect(upright, 0, width, CELL_HEIGHT, cross) + rect(0, 10 - width / 2, CELL_WIDTH, width, cross);
  if (inner) svg += rect(upright + width / 4, 0, width / 2, CELL_HEIGHT, inner) + rect(0, 10 - width / 4, CELL_WIDTH, width / 2, inner);
  return svg;
}

/** Union flag, drawn in a width×height box at the origin. */
function union(width = CELL_WIDTH, height = CELL_HEIGHT): string {
  const diagonals = `M0 0L${width} ${height}M${width} 0L0 ${height}`;
  const cross = `M${width / 2} 0v${height}M0 ${height / 2}h${width}`;
  const scale = width / CELL_WIDTH;
  return (
    rect(0, 0, width, height, '#012169') +
    line(diagonals, '#fff', 4 * scale) +
    line(diagonals, '#c8102e', 1.4 * scale) +
    line(cross, '#fff', 6 * scale) +
    line(cross, '#c8102e', 3.4 * scale)
  );
}

/** Simplified maple leaf: right half outline, mirrored. */
function maple(): string {
  const right = [
    [15, 3.6],
    [16.1, 5.7],
    [17.4, 5.1],
    [17, 8.4],
    [18.8, 6.5],
    [19.3, 7.7],
    [21.2, 7.3],
    [20.6, 9.3],
    [21.4, 9.8],
    [18.3, 12.5],
    [18.7, 13.6],
    [15.4, 13.1],
    [15.5, 16.4],
  ];
  const left = right
    .slice(1)
    .reverse()
    .map(([x, y]) => [CELL_WIDTH - x, y]);
  return polygon([...right, ...left], '#d52b1e');
}

/** Ensign: blue field, union canton, `stars` drawn on top. */
const ensign = (stars: string): string => field('#012169') + union(15, 10) + stars;

/** Simplified flat designs, by preferred country. */
const FLAGS: Record<string, () => string> = {
  US: () => {
    let svg = field('#fff');
    for (let stripe = 0; stripe < 13; stripe += 2) svg += rect(0, (stripe * CELL_HEIGHT) / 13, CELL_WIDTH, CELL_HEIGHT / 13, '#b22234');
    return svg + rect(0, 0, 12, (7 * CELL_HEIGHT) / 13, '#3c3b6e');
  },
  EU: () => {
    let svg = field('#039');
    for (let index = 0; index < 12; index++) {
      const angle = (Math.PI / 6) * index;
      svg += circle(15 + 6 * Math.cos(angle), 10 + 6 * Math.sin(angle), 0.9, '#fc0');
    }
    return svg;
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
      star(22.5, 4.5, 1.6, '#c8102e') + star(19, 9.5, 1.6, '#c8102e') + star(26, 8.5, 1.6, '#c8102e') + star(22.5, 16, 1.8, '#c8102e'),
    ),
  JP: () => field('#fff') + circle(15, 10, 6, '#bc002d'),
  CH: () => field('#d52b1e') + rect(13, 4, 4, 12, '#fff') + rect(9, 8, 12, 4, '#fff'),
  SE: () => nordic('#006aa7', '#fecc00'),
  NO: () => nordic('#ba0c2f', '#fff', '#00205b', 5),
  DK: () => nordic('#c8102e', '#fff', undefined, 3),
  IS: () => nordic('#02529c', '#fff', '#dc1e35', 5),
  CN: () =>
    field('#de2910') +
    star(5, 5, 3, '#ffde00') +
    star(10, 2, 1, '#ffde00') +
    star(12, 4, 1, '#ffde00') +
    star(12, 7, 1, '#ffde00') +
    star(10, 9, 1, '#ffde00'),
  IN: () => bands(['#f93', '#fff', '#138808']) + `<circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" stroke-width=".8"/>`,
  BR: () =>
    field('#009c3b') +
    polygon(
      [
        [15, 2.5],
        [27.5, 10],
        [15, 17.5],
        [2.5, 10],
      ],
      '#ffdf00',
    ) +
    circle(15, 10, 4.4, '#002776'),
  MX: () => bands(['#006847', '#fff', '#ce1126'], true) + circle(15, 10, 2.4, '#8c5a2b'),
  KR: () => {
    const top = `<path fill="#cd2e3a" d="M10.5 10a4.5 4.5 0 0 1 9 0z"/>`;
    return (
      field('#fff') +
      circle(15, 10, 4.5, '#0047a0') +
      top +
      rect(3, 3, 4, 1.2, '#000') +
      rect(23, 15.8, 4, 1.2, '#000') +
      rect(23, 3, 4, 1.2, '#000') +
      rect(3, 15.8, 4, 1.2, '#000')
    );
  },
  PL: () => bands(['#fff', '#dc143c']),
  CZ: () =>
    bands(['#fff', '#d7141a']) +
    polygon(
      [
        [0, 0],
        [15, 10],
        [0, 20],
      ],
      '#11457e',
    ),
  HU: () => bands(['#ce2939', '#fff', '#477050']),
  RO: () => bands(['#002b7f', '#fcd116', '#ce1126'], true),
  RU: () => bands(['#fff', '#0039a6', '#d52b1e']),
  UA: () => bands(['#0057b7', '#ffd700']),
  TR: () => field('#e30a17') + circle(11, 10, 5, '#fff') + circle(12.3, 10, 4, '#e30a17') + star(17.5, 10, 2.4, '#fff'),
  IL: () =>
    field('#fff') +
    rect(0, 2, CELL_WIDTH, 2.5, '#0038b8') +
    rect(0, 15.5, CELL_WIDTH, 2.5, '#0038b8') +
    `<path fill="none" stroke="#0038b8" d="M15 6l3.5 6h-7zM15 14l3.5-6h-7z"/>`,
  HK: () => {
    let svg = field('#de2910');
    for (let petal = 0; petal < 5; petal++) {
      const angle = ((2 * Math.PI) / 5) * petal - Math.PI / 2;
      svg += circle(15 + 2.6 * Math.cos(angle), 10 + 2.6 * Math.sin(angle), 1.9, '#fff');
    }
    return svg;
  },
  SG: () =>
    bands(['#ef3340', '#fff']) +
    circle(6.5, 5, 3.2, '#fff') +
    circle(8, 5, 3, '#ef3340') +
    [
      [11, 3],
      [13, 4.5],
      [12.2, 7],
      [9.8, 7],
      [9, 4.5],
    ]
      .map(([x, y]) => circle(x, y, 0.6, '#fff'))
      .join(''),
  TH: () => bands(['#a51931', '#f4f5f8', '#2d2a4a', '#f4f5f8', '#a51931'], false, [1, 1, 2, 1, 1]),
  ID: () => bands(['#ce1126', '#fff']),
  PH: () =>
    bands(['#0038a8', '#ce1126']) +
    polygon(
      [
        [0, 0],
        [11, 10],
        [0, 20],
      ],
      '#fff',
    ) +
    circle(4, 10, 1.6, '#fcd116'),
  ZA: () =>
    bands(['#e03c31', '#001489']) +
    `<path fill="none" stroke="#fff" stroke-width="6" d="M0 0l12 10L0 20m12-10h18"/>` +
    `<path fill="none" stroke="#007749" stroke-width="3.6" d="M0 0l12 10L0 20m12-10h18"/>` +
    polygon(
      [
        [0, 3.5],
        [8, 10],
        [0, 16.5],
      ],
      '#ffb81c',
    ) +
    polygon(
      [
        [0, 5.5],
        [5.6, 10],
        [0, 14.5],
      ],
      '#000',
    ),
  AE: () => bands(['#00732f', '#fff', '#000']) + rect(0, 0, 8, CELL_HEIGHT, '#ff0000'),
  SA: () => field('#006c35') + rect(8, 6, 14, 3, '#fff') + rect(8, 12.5, 14, 1, '#fff'),
  EG: () => bands(['#ce1126', '#fff', '#000']) + circle(15, 10, 1.8, '#c09300'),
  NG: () => bands(['#008751', '#fff', '#008751'], true),
  AR: () => bands(['#74acdf', '#fff', '#74acdf']) + circle(15, 10, 2, '#f6b40e'),
  CL: () => bands(['#fff', '#d52b1e']) + rect(0, 0, 10, 10, '#0039a6') + star(5, 5, 2.6, '#fff'),
  CO: () => bands(['#fcd116', '#003893', '#ce1126'], false, [2, 1, 1]),
  PE: () => bands(['#d91023', '#fff', '#d91023'], true),
  VN: () => field('#da251d') + star(15, 10.5, 6, '#ff0'),
  TW: () => field('#fe0000') + rect(0, 0, 15, 10, '#000095') + circle(7.5, 5, 2.6, '#fff'),
  MY: () => {
    let svg = field('#fff');
    for (let stripe = 0; stripe < 14; stripe += 2) svg += rect(0, (stripe * CELL_HEIGHT) / 14, CELL_WIDTH, CELL_HEIGHT / 14, '#cc0001');
    return (
      svg +
      rect(0, 0, 15, (8 * CELL_HEIGHT) / 14, '#010066') +
      circle(6, 5.7, 3.4, '#fc0') +
      circle(7.2, 5.7, 3, '#010066') +
      star(11.5, 5.7, 2.2, '#fc0')
    );
  },
  QA: () =>
    field('#8a1538') +
    polygon(
      [
        [0, 0],
        [9, 0],
        [12, 1.1],
        [9, 2.2],
        [12, 3.3],
        [9, 4.4],
        [12, 5.5],
        [9, 6.6],
        [12, 7.7],
        [9, 8.8],
        [12, 10],
        [9, 11.1],
        [12, 12.2],
        [9, 13.3],
        [12, 14.4],
        [9, 15.5],
        [12, 16.6],
        [9, 17.7],
        [12, 18.9],
        [9, 20],
        [0, 20],
      ],
      '#fff',
    ),
  KW: () =>
    bands(['#007a3d', '#fff', '#ce1126']) +
    polygon(
      [
        [0, 0],
        [7.5, 6.7],
        [7.5, 13.3],
        [0, 20],
      ],
      '#000',
    ),
  PK: () =>
    field('#01411c') +
    rect(0, 0, 7.5, CELL_HEIGHT, '#fff') +
    circle(18.5, 10, 5, '#fff') +
    circle(19.8, 8.8, 4.4, '#01411c') +
    star(21.5, 7.5, 1.8, '#fff'),
  BD: () => field('#006a4e') + circle(13.5, 10, 5.5, '#f42a41'),
  KE: () =>
    bands(['#000', '#fff', '#bb0000', '#fff', '#006600'], false, [6, 1, 6, 1, 6]) +
    `<ellipse cx="15" cy="10" rx="3" ry="6" fill="#bb0000" stroke="#000" stroke-width=".6"/>`,
  MA: () => field('#c1272d') + `<path fill="none" stroke="#006233" stroke-width=".9" d="M15 5.5l2.6 8L10.8 8.6h8.4l-6.8 4.9z"/>`,
};

const currencies = listCurrencies();
const cells: string[] = [];
let drawnFlags = 0;
for (const currency of currencies) {
  const x = (currency.spritePosition % FLAG_COLUMNS) * CELL_WIDTH;
  const y = Math.floor(currency.spritePosition / FLAG_COLUMNS) * CELL_HEIGHT;
  const draw = FLAGS[preferredCountry(currency.code)];
  if (draw) {
    drawnFlags++;
    cells.push(`<g transform="translate(${x} ${y})">${draw()}</g>`);
  } else cells.push(`<text x="${x + CELL_WIDTH / 2}" y="${y + 13}">${currency.code}</text>`);
}

const width = FLAG_COLUMNS * CELL_WIDTH;
const height = Math.ceil(currencies.length / FLAG_COLUMNS) * CELL_HEIGHT;
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs><pattern id="n" width="${CELL_WIDTH}" height="${CELL_HEIGHT}" patternUnits="userSpaceOnUse">` +
  rect(0, 0, CELL_WIDTH, CELL_HEIGHT / 2, '#66788a') +
  rect(0, CELL_HEIGHT / 2, CELL_WIDTH, CELL_HEIGHT / 2, '#4b5a69') +
  `</pattern></defs>` +
  `<style>text{font:bold 9px sans-serif;fill:#fff;text-anchor:middle}</style>` +
  `<path fill="url(#n)" d="M0 0h${width}v${height}H0z"/>` +
  cells.join('') +
  '</svg>\n';

const out = new URL('../src/currency/flags.svg', import.meta.url);
writeFileSync(out, svg);
console.log(
  `flags.svg: ${currencies.length} cells (${drawnFlags} drawn flags), ${width}×${height} px, ${svg.length} B, ${gzipSync(svg, { level: 9 }).length} B gzip`,
);
