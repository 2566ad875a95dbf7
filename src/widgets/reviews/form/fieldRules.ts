/**
 * The review form's field rules (spec §5 "Review form"), pure: what is valid, when the form counts
 * as changed, and whether 'Submit Review' is enabled. The form component decides *when* they run
 * (300 ms after the last change) and which errors show (touched fields).
 */

/** The text fields, in the order they are shown (the first invalid one gets focus). */
export const FIELDS = ['name', 'email', 'review'] as const;
export type FieldName = (typeof FIELDS)[number];
export type FieldValues = Record<FieldName, string>;

/** Why a field is invalid: a required one is blank, or the e-mail is not an address. */
export type FieldError = 'required' | 'email';
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/**
 * Spec §5: "a standard address shape with a top-level domain of 2 to 24 letters": something
 * without spaces or '@', an '@', dot-separated domain labels, then 2–24 letters.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[a-z]{2,24}$/i;

/**
 * The error of one field, or null. Name: required, not blank after trimming. E-mail: optional,
 * an address when given (surrounding spaces ignored, as browsers do for `type=email`). Review:
 * required, at least one character that is not a space (a blank review says nothing).
 */
export function fieldError(field: FieldName, value: string): FieldError | null {
  const trimmed = value.trim();
  if (field === 'email') return !trimmed || EMAIL_PATTERN.test(trimmed) ? null : 'email';
  return trimmed ? null : 'required';
}

/** The errors of every field (empty when all are valid). */
export function fieldErrors(values: FieldValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const error = fieldError(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The first field, in the order shown, that has an error (it gets focus when a submit is refused). */
export const firstInvalid = (errors: FieldErrors): FieldName | undefined => FIELDS.find((field) => errors[field]);

/** What the shopper can change, compared with what the form opened with. */
export interface FormSnapshot {
  values: FieldValues;
  stars: number;
  files: number;
}

/** The form differs from how it opened (a text, the rating or the photos changed). */
export const isDirty = (now: FormSnapshot, initial: FormSnapshot): boolean =>
  now.stars !== initial.stars || now.files !== initial.files || FIELDS.some((field) => now.values[field] !== initial.values[field]);

/** Spec §5: 'Submit Review' is enabled only when every field is valid, the form is dirty and no file is invalid. */
export const canSubmit = (errors: FieldErrors, dirty: boolean, invalidFiles: boolean): boolean =>
  dirty && !invalidFiles && !FIELDS.some((field) => errors[field]);
