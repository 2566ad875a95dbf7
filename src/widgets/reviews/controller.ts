/**
 * The main widget's behaviour, outside the components: loading (all of the first `totalCount`
 * reviews in one request, shown `initialCount` at a time, after the shopper's own reviews that the
 * provider does not list yet), the star filter (spec §4: the active star clears it, another sets
 * it, a zero-count star does nothing; a filter fetches the filtered list), 'See more reviews'
 * (spinner ~500 ms), and the lazily imported review modal and review form.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ComponentType } from 'react';
import { SUBMITTED_REVIEWS_KEY } from '../../core/constants';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { fill } from '../../core/i18n';
import { announceInteraction } from '../../core/lib/announceInteraction';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { createStorage } from '../../core/storage';
import { createReviewListState, type Review, type ReviewListState } from '../../state/reviews';
import { guard } from '../../ui/guard';
import { Spinner } from '../../ui/Spinner';
import { Stars } from '../../ui/Stars';
import type { WidgetContext } from '../types';
import { fetchReviews } from './api';
import { formatDate } from './formatDate';
import { buildProductLd, injectProductLd } from './jsonLd';
import type * as FormPart from './lazy/form';
import type * as ModalPart from './lazy/modal';
import FORM_PART from './lazy/form?part';
import MODAL_PART from './lazy/modal?part';
import { localReviews } from './localReviews';
import { readProductInfo, type ProductInfo } from './productInfo';
import { RatingAndText, StoreReply, Verified } from './ReviewCard';
import { announceWriteReview } from './reviewFormHook';
import type { Texts } from './texts';

/** "See more reviews" spinner duration. */
const SHOW_MORE_SPINNER_MS = 500;

export interface ModalComponentProps {
  controller: Controller;
  start: { index: number; photo: number };
  onClose(): void;
}

/**
 * The open review form: its component, the rating it opens with (the star clicked, 1–5; 5 by
 * default) and the dialog it renders in. The dialog lives in the modal part and comes along at run
 * time (the two parts load in parallel) instead of being imported, which would split it into a
 * chunk of its own that the form part would fetch only after its own.
 */
interface OpenForm {
  Form: ComponentType<FormComponentProps>;
  /** `src/ui/Modal`, from the modal part. */
  Modal: typeof ModalPart.Modal;
  stars: number;
}

/** What the widget hands the form part's component. */
export interface FormComponentProps {
  controller: Controller;
  open: OpenForm;
}

/**
 * Pieces the lazy parts share with the list. Handed over at run time instead of imported, so
 * the bundler keeps them in the widget chunk rather than splitting a third shared chunk.
 */
const SHARED_UI = { Verified, RatingAndText, StoreReply, formatDate, fill, Stars, Spinner };

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
  /** The open review form, or null. */
  form: Signal<OpenForm | null>;
  /** Resolves when the first list has loaded (or failed). */
  ready: Promise<void>;
  filterBy(stars: number): void;
  showMore(): void;
  /** Fires `vitrine:write-review` and opens the form with the rating clicked. */
  write(stars?: number): void;
  /** Starts loading the form's parts (a write button is about to be used); nothing else. */
  prefetchForm(): void;
  closeForm(): void;
  /** Shows the list again with the shopper's stored reviews (after the form stored one). */
  showLocal(): void;
  openModal(review: Review, photo: number): void;
  closeModal(): void;
}

export function createController(ctx: WidgetContext, handle: string, settings: ReviewsSettings, texts: Texts, mobile: boolean): Controller {
  const state = createReviewListState();
  const device = mobile ? 'mobile' : 'desktop';
  const limit = Math.min(100, Math.max(1, settings.totalCount[device]));
  /** Number of the latest load: an answer to an older one (a filter changed meanwhile) is dropped. */
  let latestLoad = 0;
  /** The provider's latest list; the shown one has the shopper's own unlisted reviews before it. */
  let listed: Review[] = [];
  const showLocal = () => {
    const stored = createStorage().getJSON(SUBMITTED_REVIEWS_KEY);
    state.reviews.value = [...localReviews(stored, handle, listed, state.filter.value, ctx.settings.providerBase), ...listed];
  };
  /** A lazy part that did not load (flaky network): reported; the list stays as it is. */
  const partFailed = (step: string) => (error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'reviews', step });
  const loadForm = () => Promise.all([ctx.load<typeof FormPart>(FORM_PART), ctx.load<typeof ModalPart>(MODAL_PART)]);

  const load = async (stars: number | null): Promise<void> => {
    const thisLoad = ++latestLoad;
    state.busy.value = true;
    try {
      const page = await fetchReviews(ctx, handle, stars, limit);
      if (thisLoad !== latestLoad) return;
      if (page) {
        listed = page.reviews;
        showLocal();
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
    form: signal(null),
    ready: Promise.resolve(),
    // Event handlers of the widget: a throw is reported (ERR_WIDGET_RENDER), never left to the shop's page.
    filterBy: guard((stars: number) => {
      if (!state.stats.value.byStars[stars as 1]) return;
      announceInteraction('filter-used');
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
    write: guard((stars?: number) => {
      const rating = announceWriteReview(ctx, stars);
      loadForm()
        .then(([formPart, modalPart]) => {
          controller.form.value = { Form: formPart.ReviewForm, Modal: modalPart.Modal, stars: rating };
        })
        .catch(partFailed('form'));
    }, 'write'),
    // The result is not needed here: `write` asks again and gets the parts already loaded.
    prefetchForm: guard(() => void loadForm().catch(() => {}), 'prefetch-form'),
    // Called by the form's own guarded handlers.
    closeForm: () => {
      controller.form.value = null;
    },
    showLocal,
    openModal: guard((review: Review, photo: number) => {
      const index = state.reviews.value.indexOf(review);
      if (index < 0) return;
      announceInteraction('photo-opened');
      ctx
        .load<typeof ModalPart>(MODAL_PART)
        .then((part) => {
          controller.modalComponent.value = part.ReviewModal;
          state.modal.value = { index, photo };
        })
        .catch(partFailed('modal'));
    }, 'open-modal'),
    closeModal: guard(() => {
      state.modal.value = null;
    }, 'close-modal'),
  };
  controller.ready = load(null);
  return controller;
}
