/**
 * Built-in English texts (spec §2, §4, §5, §8 user texts). English is the
 * default language: every key must exist here. Placeholders use `{name}`.
 */
const en = {
  writeReview: 'Write a Review',
  noReviews: 'No reviews yet. Be the first to add a review.',
  seeMoreReviews: 'See more reviews',
  ratedByHundreds: 'Rated by hundreds of happy customers',
  review: 'review',
  reviews: 'reviews',
  basedOnReviews: 'Based on {count} reviews',
  outOfFiveStars: '{rating} out of 5 stars',
  starFilter: 'Show {stars}-star reviews ({count})',
  shareExperience: 'Share your experience',
  verifiedBuyer: 'Verified buyer',
  storeReply: 'Reply from {storeName}',
  name: 'Name',
  email: 'Email',
  reviewText: 'Review',
  rating: 'Rating',
  addPhotos: 'Add photos',
  removeFile: 'Remove {fileName}',
  submitReview: 'Submit Review',
  cancel: 'Cancel',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  reviewRequired: 'Please write your review.',
  reviewThanks: 'Thank you for adding your review!',
  serverError: 'Server Error. Please try again later',
  reviewNotAdded: 'The review could not be added. If the problem persists, please contact us.',
  imagesOnly: 'Only image file types are supported for upload',
  cartChanged: 'Some items have changed or are out of stock. Try refreshing the page.',
  previewMode: 'Preview Mode',
  previewOnlyYou: 'Only you can see the {productName} apps.',
  placedAutomatically: 'This app was placed automatically. Change its position in the theme editor sections.',
  cartReserved: 'Your cart is reserved for {time}',
  currencyNotice: 'Prices are shown in {currency}. You will check out in {shopCurrency}.',
  selectCurrency: 'Select currency',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  photoOf: 'Photo {index} of {count}',
  loading: 'Loading…',
};

/** Message keys of the built-in texts. */
export type MessageKey = keyof typeof en;
/** A complete dictionary. */
export type Messages = Record<MessageKey, string>;

export default en as Messages;
