/**
 * What the provider checks of a selector the owner picked in the placement editor
 * (POST /api/update-selector) before storing it: that it is a CSS selector list a browser's
 * `querySelector` takes, and that it does not aim at our own widgets (their mount points, star
 * lines, shadow roots), which move or vanish as they render. Parsed with css-what (cheerio's
 * selector parser), which is lenient where browsers are not, so the tokens are checked on top:
 * no dangling combinator, only pseudo-classes browsers know, no pseudo-element (it names no
 * element), no namespace prefix a page could not have declared.
 *
 * The provider cannot see the shop's page: whether the selector matches anything there is the
 * editor's check (it tries the selector on the page before sending it).
 */
import { parse, type Selector } from 'css-what';

/** Characters a stored selector may have (after trimming). */
const MAX_SELECTOR_LENGTH = 300;

/** The verdict on a selector. */
export type SelectorCheck =
  { ok: true; selector: string } | { ok: false; code: 'SELECTOR_INVALID' | 'SELECTOR_OWN_WIDGET'; message: string };

/** Pseudo-classes without an argument that browsers' querySelector takes (Selectors 3 and 4, widely shipped). */
const PLAIN_PSEUDO_CLASSES = new Set([
  'active',
  'any-link',
  'autofill',
  'checked',
  'default',
  'defined',
  'disabled',
  'empty',
  'enabled',
  'first-child',
  'first-of-type',
  'focus',
  'focus-visible',
  'focus-within',
  'fullscreen',
  'hover',
  'in-range',
  'indeterminate',
  'invalid',
  'last-child',
  'last-of-type',
  'link',
  'modal',
  'only-child',
  'only-of-type',
  'optional',
  'out-of-range',
  'placeholder-shown',
  'read-only',
  'read-write',
  'required',
  'root',
  'scope',
  'target',
  'valid',
  'visited',
]);
/** Pseudo-classes whose argument is a selector list. */
const SELECTOR_PSEUDO_CLASSES = new Set(['not', 'is', 'where', 'has']);
/** Pseudo-classes whose argument is `An+B` (optionally `of <selector list>`). */
const NTH_PSEUDO_CLASSES = new Set(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
/** Names that only exist inside shadow trees: ours are the widgets'. */
const SHADOW_NAMES = new Set(['host', 'host-context', 'part', 'slotted']);
const TRAVERSALS = new Set(['descendant', 'child', 'sibling', 'adjacent', 'parent', 'column-combinator']);
/** `odd`, `even`, `3`, `-n+3`, `2n + 1`. */
const AN_PLUS_B = /^(?:odd|even|[+-]?\d+|[+-]?\d*n(?:\s*[+-]\s*\d+)?)$/i;

/**
 * Our attribute names, and the prefixes of our class names and ids. Any part of the prefix counts
 * (`[id^=vitrine]` matches our ids as `#vitrine-…` does).
 */
const OWN_ATTRIBUTE = /^data-vitrine/i;
const OWN_NAME = /vitrine|vtl/i;

/** Thrown inside the walk; becomes the verdict. */
class Refused extends Error {
  constructor(
    readonly code: 'SELECTOR_INVALID' | 'SELECTOR_OWN_WIDGET',
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new Refused('SELECTOR_INVALID', message);
const ownWidget = (what: string) =>
  new Refused('SELECTOR_OWN_WIDGET', `The selector names ${what}, part of a Vitrine widget: pick an element of the shop's page instead`);

/** Checks one token (recursing into the selector lists of `:not()`, `:is()`, `:where()`, `:has()`). */
function checkToken(token: Selector): void {
  switch (token.type) {
    case 'tag':
      if (/^vitrine-/i.test(token.name)) throw ownWidget(`<${token.name}>`);
      if (/\s/.test(token.name)) throw invalid(`"${token.name.trim()}" is not an element name`);
      break;
    case 'attribute': {
      // Attribute names match in any case on an HTML page: `[ID=…]` is `[id=…]`.
      const name = token.name.toLowerCase();
      if (OWN_ATTRIBUTE.test(name)) throw ownWidget(`the attribute ${token.name}`);
      if ((name === 'class' || name === 'id') && OWN_NAME.test(token.value)) throw ownWidget(`the ${name} "${token.value}"`);
      break;
    }
    case 'pseudo-element':
      if (SHADOW_NAMES.has(token.name)) throw ownWidget(`::${token.name}`);
      throw invalid(`::${token.name} is a pseudo-element, not an element a widget can be placed at`);
    case 'pseudo':
      checkPseudo(token.name, token.data);
      break;
    case 'parent':
    case 'column-combinator':
      throw invalid('The combinators < and || are not CSS combinators browsers know');
    default:
      break;
  }
  if ('namespace' in token && token.namespace !== null && token.namespace !== '' && token.namespace !== '*') {
    throw invalid(`The namespace prefix "${token.namespace}|" is not declared on a shop's page`);
  }
}

function checkPseudo(name: string, data: string | Selector[][] | null): void {
  if (SHADOW_NAMES.has(name)) throw ownWidget(`:${name}`);
  if (SELECTOR_PSEUDO_CLASSES.has(name)) {
    if (!Array.isArray(data)) throw invalid(`:${name}() needs a selector list`);
    checkList(data, name === 'has');
  } else if (NTH_PSEUDO_CLASSES.has(name)) {
    const [formula = '', of] = typeof data === 'string' ? data.trim().split(/\s+of\s+/i, 2) : [];
    if (!AN_PLUS_B.test(formula)) throw invalid(`:${name}() needs a formula such as 2n+1, odd or 3`);
    if (of !== undefined) checkList(parse(of), false);
  } else if (name === 'lang' || name === 'dir') {
    if (typeof data !== 'string' || !/^[A-Za-z][A-Za-z0-9-]*$/.test(data.trim())) throw invalid(`:${name}() needs a language or direction`);
  } else if (PLAIN_PSEUDO_CLASSES.has(name)) {
    if (data !== null) throw invalid(`:${name} takes no argument`);
  } else {
    throw invalid(`:${name} is not a pseudo-class browsers know`);
  }
}

/** Checks a selector list; `relative`: its selectors may start with a combinator (inside `:has()`). */
function checkList(list: Selector[][], relative: boolean): void {
  if (!list.length) throw invalid('The selector is empty');
  for (const compound of list) {
    const first = compound[0];
    const last = compound.at(-1);
    if (!first || !last) throw invalid('The selector list has an empty part');
    if (TRAVERSALS.has(last.type)) throw invalid('The selector ends with a combinator (>, +, ~)');
    if (!relative && TRAVERSALS.has(first.type)) throw invalid('The selector starts with a combinator (>, +, ~)');
    for (const token of compound) checkToken(token);
  }
}

/** The verdict on `raw`: the selector trimmed, or why it is refused. */
export function checkSelector(raw: string): SelectorCheck {
  const selector = raw.trim();
  if (!selector || selector.length > MAX_SELECTOR_LENGTH) {
    return { ok: false, code: 'SELECTOR_INVALID', message: `The selector must have 1 to ${MAX_SELECTOR_LENGTH} characters` };
  }
  try {
    checkList(parse(selector), false);
    return { ok: true, selector };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code, message: `${error.message} (${JSON.stringify(selector)})` };
    // css-what's own syntax errors ("Unmatched selector: )", "Expected name, found …").
    return {
      ok: false,
      code: 'SELECTOR_INVALID',
      message: `Not a valid CSS selector: ${(error as Error).message} (${JSON.stringify(selector)})`,
    };
  }
}
