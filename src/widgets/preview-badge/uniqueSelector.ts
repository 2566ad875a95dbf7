/** Class names that come and go with state (open menus, active slides) or are ours: never part of a selector. */
const UNSTABLE_CLASS = /^(is-|js-|vitrine)|active|open|selected|hover|focus|loaded|animate/i;
/** Identifiers usable as written in a selector (no escaping needed). */
const PLAIN_NAME = /^[A-Za-z_][\w-]*$/;

/**
 * A short CSS selector whose first match is `element` (the place the owner picked on the page):
 * the nearest ancestor with a unique id, then `tag.class` steps down to the element, with
 * `:nth-of-type` only where a step would be ambiguous. Stable class names only, so the selector
 * still finds the place on the next page view.
 */
export function uniqueSelector(element: Element): string {
  const doc = element.ownerDocument;
  const steps: string[] = [];
  const unique = (selector: string) => doc.querySelectorAll(selector).length === 1 && doc.querySelector(selector) === element;
  for (let node: Element | null = element; node && node !== doc.documentElement; node = node.parentElement) {
    if (PLAIN_NAME.test(node.id) && doc.querySelectorAll(`#${node.id}`).length === 1) {
      steps.unshift(`#${node.id}`);
      break;
    }
    const classes = [...node.classList].filter((name) => PLAIN_NAME.test(name) && !UNSTABLE_CLASS.test(name)).slice(0, 2);
    let step = node.localName + classes.map((name) => `.${name}`).join('');
    const current = node;
    const siblings = node.parentElement
      ? [...node.parentElement.children].filter((sibling) => sibling.localName === current.localName)
      : [];
    if (siblings.length > 1 && siblings.filter((sibling) => sibling.matches(step)).length > 1) {
      step += `:nth-of-type(${siblings.indexOf(node) + 1})`;
    }
    steps.unshift(step);
    if (unique(steps.join(' > '))) return steps.join(' > ');
  }
  return steps.join(' > ');
}
