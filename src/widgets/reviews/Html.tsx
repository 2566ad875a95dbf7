import { useLayoutEffect, useRef } from 'react';
import { sanitizeHtml } from './sanitize';

/**
 * Untrusted HTML (review text, store reply) as clean DOM: the sanitizer builds new nodes and they
 * are inserted as nodes, never through `innerHTML`.
 */
export function Html({ html, className }: { html: string; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current!.replaceChildren(sanitizeHtml(html));
  }, [html]);
  return <div ref={ref} className={className} />;
}
