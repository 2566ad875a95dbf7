/**
 * The main widget's behaviour, outside the components: loading (all of the first `totalCount`
 * reviews in one request, shown `initialCount` at a time), the star filter (spec §4: the active
 * star clears it, another sets it, a zero-count star does nothing; a filter fetches the filtered
 * list), 'See more reviews' (spinner ~500 ms), the lazily imported modal and the form hook.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ComponentType } from 'react';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { fill } from '../../core/i18n';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { createReviewListState, type Review, type ReviewListState } from '../../state/reviews';
import { guard } from '../../ui/guard';
import type { WidgetContext } from '../types';
import { fetchReviews } from './api';
import { formatDate } from './formatDate';
import { buildProductLd, injectProductLd } from './jsonLd';
import type * as ModalPart from './lazy/modal';
import { readProductInfo, type ProductInfo } from './productInfo';
import { RatingAndText, StoreReply, Verified } from './ReviewCard';
import { openReviewForm } from './reviewFormHook';
import type { Texts } from './texts';

/** "See more reviews" spinner duration. */
const SHOW_MORE_SPINNER_MS = 500;

export interface ModalComponentProps {
  controller: Controller;
  start: { index: number; photo: number };
  onClose(): void;
}

/**
 * Pieces the lazy modal shares with the list. Handed over at run time instead of imported, so
 * the bundler keeps them in the widget chunk rather than splitting a third shared chunk.
 */
const SHARED_UI = { Verified, RatingAndText, StoreReply, formatDate, fill };

export interface Controller {
  ui: typeof SHARED_UI;
  ctx: WidgetContext;
  handle: string;
  settings: ReviewsSettings;
  texts: Texts;
  state: ReviewListState;
  initialCount: number;
  product: ProductInfo;
  modalComponent: Signal<ComponentType<ModalComponentProps> | null>;
  /** Resolves when the first list has loaded (or failed). */
  ready: Promise<void>;
  filterBy(stars: number): void;
  showMore(): void;
  write(stars?: number): void;
  openModal(review: Review, photo: number): void;
  closeModal(): void;
}

export function createController(ctx: WidgetContext, handle: string, settings: ReviewsSettings, texts: Texts, mobile: boolean): Controller {
  const state = createReviewListState();
  const device = mobile ? 'mobile' : 'desktop';
  const limit = Math.min(100, Math.max(1, settings.totalCount[device]));
  /** Number of the latest load: an answer to an older one (a filter changed meanwhile) is dropped. */
  let latestLoad = 0;

  const load = async (stars: number | null): Promise<void> => {
    const thisLoad = ++latestLoad;
    state.busy.value = true;
    try {
      const page = await fetchReviews(ctx, handle, stars, limit);
      if (thisLoad !== latestLoad) return;
      if (page) {
        state.reviews.value = page.reviews;
        state.stats.value = page.stats;
        if (!stars && page.stats.count) {
          try {
            injectProductLd(document, buildProductLd(controller.product, page.stats, page.reviews.slice(0, controller.initialCount)));
          } catch (error) {
            ctx.report(ERR_WIDGET_RENDER, error, { widget: 'reviews', step: 'json-ld' });
          }
        }
      }
      if (state.status.value === 'loading') state.status.value = page ? 'ready' : 'error';
    } catch {
      // The requester has reported it (spec §8); the shop page stays as it was.
      if (thisLoad === latestLoad && state.status.value === 'loading') state.status.value = 'error';
    } finally {
      if (thisLoad === latestLoad) state.busy.value = false;
    }
  };

  const controller: Controller = {
    ui: SHARED_UI,
    ctx,
    handle,
    settings,
    texts,
    state,
    initialCount: Math.max(1, settings.initialCount[device]),
    product: readProductInfo(),
    modalComponent: signal(null),
    ready: Promise.resolve(),
    // Event handlers of the widget: a throw is reported (ERR_WIDGET_RENDER), never left to the shop's page.
    filterBy: guard((stars: number) => {
      if (!state.stats.value.byStars[stars as 1]) return;
      const next = state.filter.value === stars ? null : stars;
      state.filter.value = next;
      state.expanded.value = false;
      void load(next);
    }, 'filter'),
    showMore: guard(() => {
      if (state.expanding.value) return;
      state.expanding.value = true;
      setTimeout(
        guard(() => {
          state.expanding.value = false;
          state.expanded.value = true;
        }, 'show-more'),
        SHOW_MORE_SPINNER_MS,
      );
    }, 'show-more'),
    write: guard((stars?: number) => openReviewForm(ctx, { stars }), 'write'),
    openModal: guard((review: Review, photo: number) => {
      const index = state.reviews.value.indexOf(review);
      if (index < 0) return;
      ctx
        .load<typeof ModalPart>('reviews.modal')
        .then((part) => {
          controller.modalComponent.value = part.ReviewModal;
          state.modal.value = { index, photo };
        })
        .catch((error) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'reviews', step: 'modal' }));
    }, 'open-modal'),
    closeModal: guard(() => {
      state.modal.value = null;
    }, 'close-modal'),
  };
  controller.ready = load(null);
  return controller;
}
