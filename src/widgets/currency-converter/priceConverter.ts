/**
 * Converts every price the theme shows (spec §2, issue item 4), framework-free: finds price
 * elements by a selector list (Dawn and other common themes), reads the shown amount with the
 * shop's money format, and replaces only the text node. The original text of every node we
 * change is kept (WeakMap), so switching back is exact and a node is never converted twice: each
 * conversion starts from the original. A MutationObserver (debounced) follows what the theme adds
 * or re-renders later (variant change, quantity change, cart drawer); our own writes are dropped
 * with `takeRecords()` right after we make them.
 *
 * One pass per run: query, read text, compute, then write all changes in a batch. No layout reads.
 */
import { MUTATION_DEBOUNCE_MS } from '../../core/constants';
import { formatMoney } from '../../core/money';

/** Price elements of Dawn and other common themes. Only text that reads as money is touched. */
const PRICE_SELECTORS = [
  '.price-item',
  '.price',
  '[data-price]',
  '.money',
  '.cart-item__price',
  '.cart-item__price-wrapper',
  '.cart-item .product-option',
  '.cart-item__totals',
  '.totals__total-value',
  '.totals__subtotal-value',
  '.product__price',
  '.product-price',
  '.product-single__price',
  '.grid-product__price',
  '.product-item__price',
  '.price-per-item',
  '.unit-price',
  '.cart__subtotal',
  '[data-product-price]',
  '[data-compare-price]',
  '[data-cart-subtotal]',
].join(',');

/** Formats an amount in source cents into the target currency; null when it cannot. */
export type RenderPrice = (cents: number, withCode: boolean) => string | null;

interface Parser {
  re: RegExp;
  withCode: boolean;
  /** Digits after the decimal separator the format shows (0 or 2). */
  decimals: number;
}

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Literal format text → pattern: tags dropped, any run of spaces matches any (or no) spacing. */
const literal = (s: string): string =>
  s
    .replace(/<[^>]*>/g, '')
    .split(/\s+/)
    .map(escapeRe)
    .join('[\\s\\u00a0\\u202f]*');
const sep = (c: string): string => (/\s/.test(c) ? '[ \\u00a0\\u202f]' : escapeRe(c));

/**
 * A parser for a money format such as `${{amount}} USD` or `{{amount_with_comma_separator}} €`:
 * separators come from formatting a probe amount with the same template, so they always agree
 * with `formatMoney`. Null when the format has no placeholder.
 */
export function moneyParser(format: string, withCode = false): Parser | null {
  const m = PLACEHOLDER.exec(format || '');
  if (!m) return null;
  const probe = formatMoney(123456789, m[0]); // '1,234,567.89', '1.234.568', '1 234 567,89'
  if (!/^1\D234\D56/.test(probe)) return null;
  const thousands = probe[1];
  const decimals = /\D\d\d$/.test(probe) ? 2 : 0;
  const dec = decimals ? probe[probe.length - 3] : '';
  const number = `(\\d{1,3}(?:${sep(thousands)}\\d{3})+|\\d+)` + (decimals ? `(?:${sep(dec)}(\\d{1,2}))?` : '()');
  const [pre, post] = [format.slice(0, m.index), format.slice(m.index + m[0].length)];
  return { re: new RegExp(literal(pre) + number + literal(post), 'g'), withCode, decimals };
}

/** Source cents of one matched amount ('1,134', '65' → 113465). */
const toCents = (int: string, frac: string | undefined): number => +int.replace(/\D/g, '') * 100 + (frac ? +(frac + '0').slice(0, 2) : 0);

/**
 * Reads every amount in `text` with the first parser that matches and renders it with `render`.
 * Null when no amount was found or one could not be rendered (the text then stays as it was).
 */
export function convertText(text: string, parsers: Parser[], render: RenderPrice): string | null {
  for (const p of parsers) {
    p.re.lastIndex = 0;
    if (!p.re.test(text)) continue;
    let failed = false;
    const out = text.replace(p.re, (all, int: string, frac: string) => {
      const next = render(toCents(int, frac), p.withCode);
      if (next == null || next === '' || /NaN|Infinity/.test(next)) {
        failed = true;
        return all;
      }
      return next;
    });
    return failed ? null : out;
  }
  return null;
}

/** Parsers for the shop's formats, the longer (with currency code) first. */
export function shopParsers(moneyFormat: string, moneyWithCurrencyFormat?: string): Parser[] {
  return [moneyParser(moneyWithCurrencyFormat || '', true), moneyParser(moneyFormat)].filter((p): p is Parser => !!p);
}

export interface PriceConverterOptions {
  parsers: Parser[];
  doc?: Document;
  selectors?: string;
  /** MutationObserver debounce (spec §9: 500 ms). */
  debounceMs?: number;
  /** A conversion failed (an amount could not be rendered). Called once per target. */
  onFailure?: (text: string) => void;
  /** An error thrown inside a timer callback. */
  onError?: (error: unknown) => void;
}

export interface PriceConverter {
  /** Converts with `render`, or restores every original text when `render` is null. */
  setRender(render: RenderPrice | null): void;
  /** Processes the whole document now (or only `roots` and their price ancestors). */
  run(roots?: Iterable<Node>): number;
  /** Starts following the page (MutationObserver). */
  observe(): void;
  /** Stops following the page and restores the originals. */
  destroy(): void;
}

interface NodeRecord {
  original: string;
  shown: string;
}

const SKIP = /^(SCRIPT|STYLE|TEMPLATE|TEXTAREA|INPUT|SELECT|OPTION|NOSCRIPT)$/;
/** Mark on elements whose text we replaced. */
const CONVERTED_ATTR = 'data-vitrine-converted';

export function createPriceConverter(options: PriceConverterOptions): PriceConverter {
  const doc = options.doc ?? document;
  const selectors = options.selectors ?? PRICE_SELECTORS;
  const records = new WeakMap<Text, NodeRecord>();
  let render: RenderPrice | null = null;
  let cache = new Map<string, string | null>();
  let reported = false;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<Node>();

  const convert = (original: string): string | null => {
    let out = cache.get(original);
    if (out === undefined) {
      out = convertText(original, options.parsers, render!);
      cache.set(original, out);
      if (out === null && !reported && options.parsers.some((p) => ((p.re.lastIndex = 0), p.re.test(original)))) {
        reported = true;
        options.onFailure?.(original);
      }
    }
    return out;
  };

  /** Collects price elements: every match under the roots, and the price element around each. */
  const collect = (roots: Iterable<Node> | null): Element[] => {
    if (!roots) return Array.from(doc.querySelectorAll(selectors));
    const found = new Set<Element>();
    for (const node of roots) {
      const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
      if (!el || !el.isConnected) continue;
      const around = el.closest(selectors);
      if (around) found.add(around);
      for (const inner of Array.from(el.querySelectorAll(selectors))) found.add(inner);
    }
    return Array.from(found);
  };

  const run = (roots?: Iterable<Node>): number => {
    const elements = collect(roots ?? null);
    const seen = new Set<Text>();
    const writes: [Text, string, boolean][] = [];
    for (const el of elements) {
      const walker = doc.createTreeWalker(el, 4 /* SHOW_TEXT */);
      for (let t = walker.nextNode() as Text | null; t; t = walker.nextNode() as Text | null) {
        if (seen.has(t)) continue;
        seen.add(t);
        const parent = t.parentElement;
        if (!parent || SKIP.test(parent.tagName)) continue;
        const data = t.data;
        let rec = records.get(t);
        if (rec && data !== rec.shown) rec = undefined; // the theme wrote a new price into it
        if (!rec && !/\d/.test(data)) continue;
        const original = rec ? rec.original : data;
        const next = render ? convert(original) : null;
        if (next === null) {
          if (rec) {
            records.delete(t);
            if (data !== original) writes.push([t, original, false]);
          }
          continue;
        }
        records.set(t, { original, shown: next });
        if (next !== data) writes.push([t, next, true]);
      }
    }
    // One batch of writes; the records they produce are ours and are dropped.
    for (const [t, text, converted] of writes) {
      t.data = text;
      const parent = t.parentElement!;
      if (converted) parent.setAttribute(CONVERTED_ATTR, '');
      else parent.removeAttribute(CONVERTED_ATTR);
    }
    observer?.takeRecords();
    return writes.length;
  };

  const flush = (): void => {
    timer = undefined;
    try {
      // Records queued since the callback ran belong to the theme: take them first.
      if (observer) queue(observer.takeRecords());
      const roots = Array.from(pending);
      pending.clear();
      run(roots.length > 200 ? undefined : roots);
    } catch (error) {
      options.onError?.(error);
    }
  };

  const queue = (list: MutationRecord[]): void => {
    for (const r of list) {
      if (r.type === 'characterData') {
        const rec = records.get(r.target as Text);
        if (rec && (r.target as Text).data === rec.shown) continue; // our own text
        pending.add(r.target);
      } else if (r.addedNodes.length) {
        pending.add(r.target);
        r.addedNodes.forEach((n) => pending.add(n));
      }
    }
  };

  return {
    setRender(next) {
      render = next;
      cache = new Map();
      reported = false;
      run();
    },
    run,
    observe() {
      if (observer || typeof MutationObserver === 'undefined') return;
      const ms = options.debounceMs ?? MUTATION_DEBOUNCE_MS;
      let first = 0;
      observer = new MutationObserver((list) => {
        queue(list);
        if (!pending.size) return;
        const now = Date.now();
        if (timer === undefined) first = now;
        // Debounced, but a page that never stops changing still gets converted every 4 periods.
        else if (now - first < 4 * ms) clearTimeout(timer);
        else return;
        timer = setTimeout(flush, ms);
      });
      observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
    },
    destroy() {
      observer?.disconnect();
      observer = null;
      clearTimeout(timer);
      render = null;
      run();
    },
  };
}
