import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { LIST_LAYOUT_DEBOUNCE_MS, RESIZE_DEBOUNCE_MS } from '../../core/constants';
import { guard } from '../../ui/guard';
import { Spinner } from '../../ui/Spinner';
import type { Controller } from './controller';
import { Header } from './Header';
import { ReviewList } from './ReviewList';
import { fill } from './texts';

export interface ReviewsWidgetProps {
  c: Controller;
  /** Width of the widget's content box at mount (px), so the first render has the right columns. */
  initialWidth: number;
  /** Called once the first content (or nothing) has rendered: the host drops its reserved height. */
  onRendered(): void;
}

/**
 * The main reviews widget (spec §2 "Main reviews widget", §4 "Review list"): summary/header,
 * star filter, the list in columns or rows, 'See more reviews', and the lazily loaded modal.
 */
export function ReviewsWidget({ c, initialWidth, onRendered }: ReviewsWidgetProps) {
  useSignals();
  const { state: s, settings, texts } = c;
  const root = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(() => ({ width: initialWidth, viewport: innerWidth, body: document.body.clientWidth }));
  const status = s.status.value;
  const stats = s.stats.value;
  const reviews = s.reviews.value;
  const filter = s.filter.value;
  const expanded = s.expanded.value;
  const shown = expanded ? reviews : reviews.slice(0, c.initialCount);
  const Modal = c.modalComponent.value;
  const open = s.modal.value;

  useLayoutEffect(() => {
    if (status != 'loading') onRendered();
  }, [status]);

  // Spec §9: columns re-measure 200 ms after resizing stops, the list's compact/loose switch 150 ms.
  // A plain timer, not core's `debounce`: that one reports through the loader's error module,
  // which widget code never imports (a throw in `measure` is reported by `guard`).
  useEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver != 'function') return;
    const measure = guard(() => setSize({ width: el.clientWidth - 32, viewport: innerWidth, body: document.body.clientWidth }), 'resize');
    const delay = settings.layout == 'columns' ? RESIZE_DEBOUNCE_MS : LIST_LAYOUT_DEBOUNCE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, delay);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      clearTimeout(timer);
    };
  }, [status == 'ready']);

  // After 'See more reviews' the button is gone: focus goes to the first newly shown review.
  const wasExpanded = useRef(expanded);
  useLayoutEffect(() => {
    if (expanded && !wasExpanded.current) root.current?.querySelectorAll<HTMLElement>('.card')[c.initialCount]?.focus({ preventScroll: true });
    wasExpanded.current = expanded;
  }, [expanded]);

  if (status == 'error' || (status == 'ready' && !stats.count && !settings.showWhenNoReviews)) return null;
  if (status == 'loading') return <div ref={root} className="w" part="widget" aria-busy="true" />;

  return (
    <section ref={root} className="w" part="widget" aria-labelledby="vtl-rh">
      <h2 id="vtl-rh">{texts.heading}</h2>
      {!stats.count ? (
        <div className="empty" part="summary">
          <p>{texts.noReviews}</p>
          {settings.reviewForm.enabled && (
            <button type="button" className="btn" part="write-button" onClick={() => c.write()}>
              {texts.write}
            </button>
          )}
        </div>
      ) : (
        <>
          <Header stats={stats} filter={filter} settings={settings} texts={texts} onFilter={c.filterBy} onWrite={c.write} />
          <div className="status" role="status">
            {filter && !s.busy.value && (
              <>
                <span>{fill(texts.filtered, { n: filter, count: stats.byStars[filter as 1] })}</span>
                <button type="button" className="link" onClick={() => c.filterBy(filter)}>
                  {texts.clear}
                </button>
              </>
            )}
          </div>
          <div aria-busy={s.busy.value}>
            <ReviewList reviews={shown} settings={settings} texts={texts} {...size} onPhoto={c.openModal} />
          </div>
          {shown.length < reviews.length && (
            <div className="more">
              <button type="button" className="btn" part="more-button" aria-busy={s.expanding.value} disabled={s.expanding.value} onClick={c.showMore}>
                {s.expanding.value && <Spinner />}
                {texts.seeMore}
              </button>
            </div>
          )}
        </>
      )}
      {Modal && open && <Modal key={`${open.index}:${open.photo}`} c={c} start={open} onClose={c.closeModal} />}
    </section>
  );
}
