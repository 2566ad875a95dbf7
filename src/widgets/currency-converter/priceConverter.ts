/**
 * Converts every price the theme shows (spec §2, issue item 4), framework-free: finds price
 * elements by a selector list (Dawn and other common themes), reads the shown amount with the
 * shop's money format, and replaces only the text node. The original text of every node we
 * change is kept (WeakMap), so switching back is exact and a node is never converted twice: each
 * conversion starts from the original. A MutationObserver (debounced) follows what the theme adds
 * or re-renders later (variant change, quantity change, cart drawer); our own writes are made
 * with it disconnected.
 *
 * One pass per run: query, read text, compute, then write all changes in a batch. No layout reads.
 */
import { MUTATION_DEBOUNCE_MS } from '../../core/constants';
import { formatMoney } from '../../core/money';

/**
 * Price elements of Dawn and other themes. Only text that reads as money is touched. One string
 * literal, written one selector a line (an array joined at run time costs bytes).
 */
const PRICE_SELECTORS =
  // Any class with "price" in it, in any case: Dawn's `price`, `price-item`, `unit-price`,
  // `cart-item__price`; `product-card__price` (Narrative), `Price` (Prestige), `product-single__price`
  // and the other BEM names themes give a price.
  '[class*=price i],' +
  '[data-price],' +
  '.money,' +
  '.cart-item .product-option,' +
  '.cart-item__totals,' +
  '.totals__total-value,' +
  '.totals__subtotal-value,' +
  '.cart__subtotal,' +
  '[data-product-price],' +
  '[data-compare-price],' +
  '[data-cart-subtotal],' +
  // Minimal's product card: the price is the text of its meta line.
  '.grid-link__meta,' +
  // The product price of the vintage free themes (Supply, Minimal…): `productPrice-{section}`,
  // with no class of the list.
  '[id^=productprice i]';

/** Formats an amount in source cents into the target currency; null when it cannot. */
export type RenderPrice = (cents: number, withCode: boolean) => string | null;

/** Reads the amounts of one money format in a text (see `moneyParser`). */
export interface MoneyParser {
  re: RegExp;
  withCode: boolean;
  /** Digits after the decimal separator the format shows (0 or 2). */
  decimals: number;
}

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Literal format text → pattern: any run of spaces matches any (or no) spacing. Formats come as
 * text: the settings read a shop's HTML format as the text it shows (parseSettings.ts).
 */
const literalPattern = (text: string): string => text.split(/\s+/).map(escapeRegExp).join('[\\s\\u00a0\\u202f]*');
/** A thousands or decimal separator → pattern: any space matches any space the theme may print. */
const separatorPattern = (separator: string): string => (/\s/.test(separator) ? '[ \\u00a0\\u202f]' : escapeRegExp(separator));

/**
 * A parser for a money format such as `${{amount}} USD` or `{{amount_with_comma_separator}} €`:
 * separators come from formatting a probe amount with the same template, so they always agree
 * with `formatMoney`. Null when the format has no placeholder.
 */
export function moneyParser(format: string, withCode = false): MoneyParser | null {
  const placeholder = PLACEHOLDER.exec(format || '');
  if (!placeholder) return null;
  const probe = formatMoney(123456789, placeholder[0]); // '1,234,567.89', '1.234.568', '1 234 567,89'
  if (!/^1\D234\D56/.test(probe)) return null;
  const thousandsSeparator = probe[1];
  const decimals = /\D\d\d$/.test(probe) ? 2 : 0;
  const decimalSeparator = decimals ? probe[probe.length - 3] : '';
  const number =
    `(\\d{1,3}(?:${separatorPattern(thousandsSeparator)}\\d{3})+|\\d+)` +
    (decimals ? `(?:${separatorPattern(decimalSeparator)}(\\d{1,2}))?` : '()');
  const before = format.slice(0, placeholder.index);
  const after = format.slice(placeholder.index + placeholder[0].length);
  return { re: new RegExp(literalPattern(before) + number + literalPattern(after), 'g'), withCode, decimals };
}

/** Source cents of one matched amount ('1,134', '65' → 113465). */
const toCents = (units: string, fraction: string | undefined): number =>
  +units.replace(/\D/g, '') * 100 + (fraction ? +(fraction + '0').slice(0, 2) : 0);

/**
 * Reads every amount in `text` with the first parser that matches and renders it with `render`.
 * Null when no amount was found or one could not be rendered (the text then stays as it was).
 * `superscript`: the digits of the cents the theme shows after the text (`$25<sup>00</sup>`), for
 * an amount written without its own.
 */
export function convertText(text: string, parsers: MoneyParser[], render: RenderPrice, superscript?: string): string | null {
  for (const parser of parsers) {
    parser.re.lastIndex = 0;
    if (!parser.re.test(text)) continue;
    let failed = false;
    const converted = text.replace(parser.re, (amount, units: string, fraction: string) => {
      const rendered = render(toCents(units, fraction || superscript), parser.withCode);
      if (!rendered || /NaN|Infinity/.test(rendered)) {
        failed = true;
        return amount;
      }
      return rendered;
    });
    return failed ? null : converted;
  }
  return null;
}

/** Parsers for a money format and its variant with the currency code, the longer (with the code) first. */
export function moneyParsers(moneyFormat: string, moneyWithCurrencyFormat?: string): MoneyParser[] {
  return [moneyParser(moneyWithCurrencyFormat || '', true), moneyParser(moneyFormat)].filter((parser): parser is MoneyParser => !!parser);
}

export interface PriceConverterOptions {
  parsers: MoneyParser[];
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

/** Parents whose text is never a shown price. */
const SKIPPED_TAGS = /^(SCRIPT|STYLE|TEMPLATE|TEXTAREA|INPUT|SELECT|OPTION|NOSCRIPT)$/;
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
  const watch = () => observer?.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<Node>();

  const convert = (original: string, superscript: string): string | null => {
    const key = original + '\n' + superscript;
    let converted = cache.get(key);
    if (converted === undefined) {
      converted = convertText(original, options.parsers, render!, superscript);
      cache.set(key, converted);
      if (converted === null && !reported && options.parsers.some((parser) => ((parser.re.lastIndex = 0), parser.re.test(original)))) {
        reported = true;
        options.onFailure?.(original);
      }
    }
    return converted;
  };

  /** The record of a node that still shows what we wrote (none once the theme wrote it again). */
  const ours = (node: Text): NodeRecord | undefined => {
    const record = records.get(node);
    return record && node.data === record.shown ? record : undefined;
  };
  /** The theme's own text of a node: what we replaced, or its text when the theme wrote it since. */
  const originalOf = (node: Text): string => ours(node)?.original ?? node.data;

  /** Collects price elements: every match under the roots, and the price element around each. */
  const collect = (roots: Iterable<Node> | null): Element[] => {
    if (!roots) return Array.from(doc.querySelectorAll(selectors));
    const found = new Set<Element>();
    for (const node of roots) {
      const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
      if (!element || !element.isConnected) continue;
      const around = element.closest(selectors);
      if (around) found.add(around);
      for (const inner of Array.from(element.querySelectorAll(selectors))) found.add(inner);
    }
    return Array.from(found);
  };

  const run = (roots?: Iterable<Node>): number => {
    const elements = collect(roots ?? null);
    const seen = new Set<Text>();
    const writes: [Text, string, boolean][] = [];
    /** Shows `text` in `node` (its own text again for null), remembering what the theme wrote. */
    const show = (node: Text, text: string | null): void => {
      const original = originalOf(node);
      if (text === null) {
        if (records.delete(node) && node.data !== original) writes.push([node, original, false]);
      } else {
        records.set(node, { original, shown: text });
        if (text !== node.data) writes.push([node, text, true]);
      }
    };
    for (const element of elements) {
      const walker = doc.createTreeWalker(element, 4 /* SHOW_TEXT */);
      for (let textNode = walker.nextNode() as Text | null; textNode; textNode = walker.nextNode() as Text | null) {
        if (seen.has(textNode)) continue;
        seen.add(textNode);
        const parent = textNode.parentElement;
        if (!parent || SKIPPED_TAGS.test(parent.tagName)) continue;
        const original = originalOf(textNode);
        if (!/\d/.test(original)) continue;
        // Cents the theme sets as a superscript right after the units (`$25<sup>00</sup>`, two
        // digits) are this amount's: read with it, shown in it (the superscript emptied), put back
        // with it. Converted alone, "$25" then "00" read €21,5000.
        const sup = textNode.nextSibling;
        // Its only child, as text (an element's `data` is undefined, which the pattern refuses).
        const cents = sup?.nodeName === 'SUP' && sup.firstChild === sup.lastChild ? (sup.firstChild as Text) : null;
        const centsText = cents ? originalOf(cents) : '';
        const superscript = /\d$/.test(original) && /^\d\d$/.test(centsText) ? centsText : '';
        const next = render ? convert(original, superscript) : null;
        show(textNode, next);
        if (superscript) {
          seen.add(cents!);
          show(cents!, next === null ? null : '');
        }
      }
    }
    // One batch of writes, with the observer disconnected: it made a record of each, dropped
    // after them with takeRecords (2,000 prices in Chromium: 1.75 ms written observed, 0.9 ms
    // not). What it had queued goes with it, as it went with takeRecords: a flush takes the
    // theme's records first, and a run of the whole page reads every price anyway. (None of
    // these writes can throw: text and a fixed attribute name.)
    observer?.disconnect();
    for (const [textNode, text, converted] of writes) {
      textNode.data = text;
      const parent = textNode.parentElement!;
      if (converted) parent.setAttribute(CONVERTED_ATTR, '');
      else parent.removeAttribute(CONVERTED_ATTR);
    }
    watch();
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

  const queue = (mutations: MutationRecord[]): void => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') {
        if (ours(mutation.target as Text)) continue; // our own text
        pending.add(mutation.target);
      } else if (mutation.addedNodes.length) {
        pending.add(mutation.target);
        mutation.addedNodes.forEach((added) => pending.add(added));
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
      // The loader does not start without MutationObserver (loadRules.ts).
      if (observer) return;
      const debounceMs = options.debounceMs ?? MUTATION_DEBOUNCE_MS;
      let firstPendingAt = 0;
      observer = new MutationObserver((mutations) => {
        queue(mutations);
        if (!pending.size) return;
        const now = Date.now();
        if (timer === undefined) firstPendingAt = now;
        // Debounced, but a page that never stops changing still gets converted every 4 periods.
        else if (now - firstPendingAt < 4 * debounceMs) clearTimeout(timer);
        else return;
        timer = setTimeout(flush, debounceMs);
      });
      watch();
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
