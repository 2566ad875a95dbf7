import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { fill } from '../../core/i18n';
import { guard } from '../../ui/guard';
import { Spinner } from '../../ui/Spinner';
import type { Controller } from './controller';
import { Header, WriteButton } from './Header';
import { contentWidth } from './layout';
import { ReviewList } from './ReviewList';

/** Columns layout resize debounce. */
const RESIZE_DEBOUNCE_MS = 200;
/** List layout compact/loose switch debounce. */
const LIST_LAYOUT_DEBOUNCE_MS = 150;

export interface ReviewsWidgetProps {
  controller: Controller;
  /** Width of the widget's content box at mount (px), so the first render has the right columns. */
  initialWidth: number;
  /** Called once the first content (or nothing) has rendered: the host drops its reserved height. */
  onRendered(): void;
}

/**
 * The main reviews widget (spec §2 "Main reviews widget", §4 "Review list"): summary/header,
 * star filter, the list in columns or rows, 'See more reviews', and the lazily loaded review
 * modal and review form.
 */
export function ReviewsWidget({ controller, initialWidth, onRendered }: ReviewsWidgetProps) {
  useSignals();
  const { state, settings, texts, initialCount } = controller;
  const root = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(() => ({ width: initialWidth, viewport: innerWidth, body: document.body.clientWidth }));
  const status = state.status.value;
  const stats = state.stats.value;
  const reviews = state.reviews.value;
  const filter = state.filter.value;
  const expanded = state.expanded.value;
  const shown = expanded ? reviews : reviews.slice(0, initialCount);
  const Modal = controller.modalComponent.value;
  const openReview = state.modal.value;
  const ready = status === 'ready';

  useLayoutEffect(() => {
    if (status !== 'loading') onRendered();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `onRendered` is the mount's own and never changes
  }, [status]);

  // Spec §9: columns re-measure 200 ms after resizing stops, the list's compact/loose switch 150 ms.
  // A plain timer, not core's `debounce`: that one reports through the loader's error module,
  // which widget code never imports (a throw in `measure` is reported by `guard`).
  useEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const measure = guard(
      () => setSize({ width: contentWidth(el.clientWidth), viewport: innerWidth, body: document.body.clientWidth }),
      'resize',
    );
    const delay = settings.layout === 'columns' ? RESIZE_DEBOUNCE_MS : LIST_LAYOUT_DEBOUNCE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, delay);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settings never change; the list element exists once ready
  }, [ready]);

  // After 'See more reviews' the button is gone: focus goes to the first newly shown review.
  const wasExpanded = useRef(expanded);
  useLayoutEffect(() => {
    if (expanded && !wasExpanded.current)
      root.current?.querySelectorAll<HTMLElement>('.card')[initialCount]?.focus({ preventScroll: true });
    wasExpanded.current = expanded;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initialCount` never changes
  }, [expanded]);

  const form = controller.form.value;
  // The form is a dialog of its own: it opens even where the widget shows nothing (an order review
  // of a product without reviews, a list that failed to load).
  const formDialog = form && <form.Form controller={controller} open={form} />;
  if (status === 'error' || (ready && !stats.count && !settings.showWhenNoReviews && !reviews.length)) return formDialog || null;
  if (status === 'loading') return <div ref={root} className="widget" part="widget" aria-busy="true" />;

  return (
    <section ref={root} className="widget" part="widget" aria-labelledby="vtl-rh">
      <h2 id="vtl-rh">{texts.heading}</h2>
      {!stats.count ? (
        <div className="empty" part="summary">
          <p>{texts.noReviews}</p>
          {settings.reviewForm.enabled && (
            <WriteButton label={texts.write} onWrite={controller.write} onPrefetch={controller.prefetchForm} />
          )}
        </div>
      ) : (
        <>
          <Header
            stats={stats}
            filter={filter}
            settings={settings}
            texts={texts}
            onFilter={controller.filterBy}
            onWrite={controller.write}
            onPrefetch={controller.prefetchForm}
          />
          <div className="status" role="status">
            {filter && !state.busy.value && (
              <>
                <span>{fill(texts.filtered, { n: filter, count: stats.byStars[filter as 1] })}</span>
                <button type="button" className="link" onClick={() => controller.filterBy(filter)}>
                  {texts.clear}
                </button>
              </>
            )}
          </div>
        </>
      )}
      {/* Without published reviews the list may still hold the shopper's own, awaiting moderation. */}
      {reviews.length > 0 && (
        <div aria-busy={state.busy.value}>
          <ReviewList reviews={shown} settings={settings} texts={texts} {...size} onPhoto={controller.openModal} />
        </div>
      )}
      {shown.length < reviews.length && (
        <div className="more">
          <button
            type="button"
            className="button"
            part="more-button"
            aria-busy={state.expanding.value}
            disabled={state.expanding.value}
            onClick={controller.showMore}
          >
            {state.expanding.value && <Spinner />}
            {texts.seeMore}
          </button>
        </div>
      )}
      {Modal && openReview && (
        <Modal key={`${openReview.index}:${openReview.photo}`} controller={controller} start={openReview} onClose={controller.closeModal} />
      )}
      {formDialog}
    </section>
  );
}
