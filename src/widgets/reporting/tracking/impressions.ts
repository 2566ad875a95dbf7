/**
 * Widget impressions (spec §4, §9): each of our elements counted once, when at least half of it
 * is in view. Our elements are the widgets' mount points (`data-vitrine-mount`) and the star
 * snippets (`data-vitrine-stars`), which the star-snippets chunk places without one.
 */
import { MOUNT_ATTRIBUTE } from '../../../core/constants';

/** Spec §9: visibility threshold. */
const VISIBLE_SHARE = 0.5;
const OURS = `[${MOUNT_ATTRIBUTE}],[data-vitrine-stars]`;

/**
 * Calls `onSeen(widget)` once per element. `scan()` looks for elements added since (widgets mount
 * late and instant navigation swaps the page); `stop()` disconnects.
 */
export function watchImpressions(doc: Document, onSeen: (widget: string) => void): { scan(): void; stop(): void } {
  const watched = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < VISIBLE_SHARE) continue;
        observer.unobserve(entry.target);
        onSeen(entry.target.getAttribute(MOUNT_ATTRIBUTE) || 'star-snippets');
      }
    },
    { threshold: VISIBLE_SHARE },
  );
  const scan = () => {
    for (const element of doc.querySelectorAll(OURS)) {
      if (watched.has(element)) continue;
      watched.add(element);
      observer.observe(element);
    }
  };
  scan();
  return { scan, stop: () => observer.disconnect() };
}
