/**
 * Characters that show nothing: white space (no-break and ideographic spaces too), format
 * characters (zero-width spaces and joiners, byte-order marks, bidirectional controls), control
 * characters, marks with nothing to sit on, and the blanks that are letters or symbols (the Hangul
 * fillers, the blank Braille pattern).
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{M}\u115f\u1160\u3164\uffa0\u2800]/gu;

/**
 * True when `text` has a character a reader can see. A trimmed `text` is not enough: a review or
 * name of zero-width spaces was published as a blank one.
 */
export function hasVisibleCharacters(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}
