/** Lazy part `reviews.form`: the write-a-review form, loaded through `ctx.load` on its first opening (or prefetched). */
export { ReviewForm } from '../form/ReviewForm';
