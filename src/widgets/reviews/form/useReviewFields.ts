/**
 * The text fields' state with the timing of spec §5: fields are validated 300 ms after the last
 * change (a debounced snapshot of the values goes through `fieldErrors`), a field's error is
 * computed only once it was changed and shown only once it was also touched (left). Submitting
 * validates everything at once and shows every error.
 */
import { useLayoutEffect, useState } from 'react';
import { fieldErrors, type FieldError, type FieldErrors, type FieldName, type FieldValues } from './fieldRules';

/** Spec §9: form debounce. */
const FORM_DEBOUNCE_MS = 300;

type FieldFlags = Partial<Record<FieldName, boolean>>;
const ALL_FIELDS: FieldFlags = { name: true, email: true, review: true };

/** The fields' state and what the form does with it. */
export interface ReviewFields {
  values: FieldValues;
  /** The errors of the values as last validated (every field, changed or not: they decide 'Submit Review'). */
  errors: FieldErrors;
  /** The error to show on `field`: found by a validation that ran after the field changed, and the field was left. */
  shownError(field: FieldName): FieldError | null;
  change(field: FieldName, value: string): void;
  touch(field: FieldName): void;
  /** Validates the current values now, shows every error, and returns them. */
  validateNow(): FieldErrors;
  /** Back to the values the form opened with, nothing changed or touched. */
  reset(): void;
}

/** The fields' state, starting from `initial` (empty, or prefilled for an order review). */
export function useReviewFields(initial: FieldValues): ReviewFields {
  const [values, setValues] = useState(initial);
  const [changed, setChanged] = useState<FieldFlags>({});
  const [touched, setTouched] = useState<FieldFlags>({});
  /** The last validation: the values it saw and which fields had been changed by then. */
  const [checked, setChecked] = useState<{ values: FieldValues; changed: FieldFlags }>({ values: initial, changed: {} });

  // A layout effect: Preact runs plain effects after the next frame, which would add up to 100 ms
  // to the debounce; this way the 300 ms count from the change under both renderers.
  useLayoutEffect(() => {
    if (checked.values === values) return;
    const timer = setTimeout(() => setChecked({ values, changed }), FORM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values, changed, checked]);

  const errors = fieldErrors(checked.values);
  return {
    values,
    errors,
    shownError: (field) => (checked.changed[field] && touched[field] && errors[field]) || null,
    change(field, value) {
      setValues((previous) => ({ ...previous, [field]: value }));
      setChanged((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
    },
    touch(field) {
      setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
    },
    validateNow() {
      setChecked({ values, changed: ALL_FIELDS });
      setTouched(ALL_FIELDS);
      return fieldErrors(values);
    },
    reset() {
      setValues(initial);
      setChanged({});
      setTouched({});
      setChecked({ values: initial, changed: {} });
    },
  };
}
