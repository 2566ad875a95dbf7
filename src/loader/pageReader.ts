import { readPageContext, type PageContext } from '../core/pageContext';

/**
 * The page reader the second stage (the `core` chunk) gets. The first stage's read of the page
 * (`page`) may be early: the theme may still have been parsing the page. So the second stage reads
 * it again, except when the page had loaded at the first read (`loaded`: every script of the
 * theme had run) and is still at that address: then its first call returns `page` (the second
 * read cost 1.7 ms at 4x slowdown, CPU profiles of the demo's pages). Every later call (a
 * refresh) reads afresh.
 */
export function pageReader(page: PageContext, loaded: boolean, read = readPageContext): (win: Window) => PageContext {
  let first: PageContext | null = loaded ? page : null;
  return (win) => {
    const context = first?.url === win.location.href ? first : read(win);
    first = null;
    return context;
  };
}
