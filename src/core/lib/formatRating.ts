/** Languages that write a decimal comma (CLDR): the rest, English among them, use a point. */
const DECIMAL_COMMA = /^(es|nl|de|fr|it|pt|da|sv|nb|nn|no|fi|pl|cs|sk|ru|uk|be|tr|el|hu|ro|bg|hr|sl|sr|bs|lt|lv|et|id|vi|az|ka|kk)\b/;

/**
 * An average rating with one decimal in the shopper's convention: `4.6` in English, `4,6` in
 * Spanish or Dutch. Not `Intl.NumberFormat`: its first use loads the locale data, which
 * profiled at ~40 ms of main-thread time here, for one digit.
 */
export function formatRating(rating: number, language: string): string {
  const text = (Math.round(rating * 10) / 10).toFixed(1);
  return DECIMAL_COMMA.test(language) ? text.replace('.', ',') : text;
}
