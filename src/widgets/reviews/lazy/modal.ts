/** Lazy part `reviews.modal`: the review modal, loaded through `ctx.load` on the first photo click. */
export { ReviewModal } from '../modal/ReviewModal';
