/**
 * Lazy part `reviews.modal`: the review modal, loaded through `ctx.load` on the first photo click,
 * and the dialog it is built on, which the review form (`reviews.form`, loaded in parallel with
 * this part) renders in too.
 */
export { ReviewModal } from '../modal/ReviewModal';
export { Modal } from '../../../ui/Modal';
