/**
 * The write-a-review form (spec §2, §4 "Review form", §5, §8), the lazy part `reviews.form`: a
 * modal dialog in the widget's shadow root with the rating (a radio group named 'Rating', arrow
 * keys move it), name, e-mail, review text, photos when the shop allows them, and a honeypot.
 *
 * States: open → loading (star loader, the button's spinner for up to 5 s, fields disabled, the
 * upload's progress) → success ('Thank you for adding your review!', announced; fields reset) or
 * back to open with the errors announced and everything typed kept. 'Submit Review' is
 * `aria-disabled` (it stays focusable) until the form may be sent; pressing it earlier shows every
 * error and focuses the first invalid field. Cancel (like any close) resets and closes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { announceInteraction } from '../../../core/lib/announceInteraction';
import { ERR_NULLISH_STORE_VALUE, ERR_REVIEW_SUBMIT, ERR_WIDGET_RENDER } from '../../../core/errors';
import { fill } from '../../../core/i18n';
import { createStorage } from '../../../core/storage';
import { guard } from '../../../ui/guard';
import { Uploader, UPLOADER_CSS } from '../../../ui/Uploader';
import type { UploadRow } from '../../../ui/uploaderRules';
import type { FormComponentProps } from '../controller';
import { sendCapturedEmail } from './captureEmail';
import { canSubmit, EMAIL_PATTERN, firstInvalid, isDirty, type FieldName } from './fieldRules';
import { attemptKey, type OpenAttempt } from './idempotency';
import { saveLocalReview } from './saveLocalReview';
import { clearStoredOrder, storedOrder } from './storedOrder';
import { submitReview } from './submitReview';
import { formTextsFor } from './texts';
import { useReviewFields } from './useReviewFields';

/** Spec §4, §9: the button loader's spinner shows for at most this long. */
const BUTTON_LOADER_MS = 5000;

/**
 * The form's styles. The dialog is narrower than the photo modal's: this rule is in the shadow
 * root only while the form is open, and the two dialogs are never open together.
 */
const FORM_CSS =
  UPLOADER_CSS +
  `.modal{max-width:min(600px,calc(100vw - 32px))}.review-form h2{font-size:20px;margin:0 40px 12px 0}.fields{border:0;min-width:0}` +
  `.field,.rating,.uploader{margin-bottom:14px}.label{display:block;font-weight:600;margin-bottom:4px}.required{color:#c00}` +
  `.control{display:block;width:100%;padding:9px 10px;font:inherit;color:inherit;background:#fff;border:1px solid #8a8a8a;border-radius:6px}textarea.control{min-height:120px;resize:vertical}` +
  `.control:focus-visible{outline:2px solid #2563eb;outline-offset:1px}.control[aria-invalid=true]{border-color:#c00;box-shadow:0 0 0 1px #c00}.field-error,.form-errors{color:#c00;font-size:14px;margin-top:4px}.form-errors li{margin-left:18px}` +
  `.rating{border:0}.rating label{display:inline-block;padding:2px;cursor:pointer}.rating label:focus-within{outline:2px solid #2563eb;border-radius:4px}` +
  `.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}.form-status:empty,.form-errors:empty{display:none}.form-status{font-weight:600;margin-bottom:12px}` +
  `.loader{display:flex;align-items:center;gap:12px;margin-bottom:12px}.loader .stars{animation:vpulse .8s ease-in-out infinite alternate}@keyframes vpulse{to{opacity:.3}}progress{flex:1;height:8px}` +
  `.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center}.button{display:inline-flex;gap:8px;align-items:center}.button[aria-disabled=true]{opacity:.55;cursor:not-allowed}.cancel{text-decoration:underline;padding:10px 4px}`;

/** The form in its dialog; `open` says with which rating and in which dialog (see the module comment). */
export function ReviewForm({ controller, open }: FormComponentProps) {
  useSignals();
  const { ctx, handle, settings } = controller;
  const { Stars, Spinner } = controller.ui;
  const { Modal, stars: initialStars } = open;
  const texts = formTextsFor(ctx.language);
  const [storage] = useState(() => createStorage());
  // Read once: an order review keeps its order for the whole time the form is open.
  const [order] = useState(() => storedOrder(storage, handle));
  const initialValues = { name: order?.name || '', email: order?.email || '', review: '' };
  // The name is prefilled for an order review: the review text is what is left to write.
  const firstField: FieldName = initialValues.name ? 'review' : 'name';
  const fields = useReviewFields(initialValues);
  const [stars, setStars] = useState(initialStars);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [phase, setPhase] = useState<'open' | 'loading' | 'success'>('open');
  const [messages, setMessages] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const [buttonLoader, setButtonLoader] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  /** The attempt whose outcome is unknown (timeout, network): a retry of the same content reuses its key. */
  const openAttempt = useRef<OpenAttempt | null>(null);
  /** The valid address the shopper left the e-mail field with. */
  const leftEmail = useRef<string | null>(null);
  const added = useRef(false);

  const loading = phase === 'loading';
  const invalidFiles = rows.some((row) => !row.valid);
  const dirty = isDirty({ values: fields.values, stars, files: rows.length }, { values: initialValues, stars: initialStars, files: 0 });
  const enabled = canSubmit(fields.errors, dirty, invalidFiles);

  // After a stored review the fields are gone: focus goes to the button that closes the dialog.
  useEffect(() => {
    if (phase === 'success') closeButton.current?.focus();
  }, [phase]);

  const close = guard(() => {
    // An address left in the field but never sent with a review (spec: captured e-mail).
    if (!added.current && leftEmail.current) sendCapturedEmail(ctx, leftEmail.current, handle);
    controller.closeForm();
  }, 'form-close');

  const send = async (): Promise<void> => {
    const values = fields.values;
    const photos = rows.map((row) => row.file);
    const content = JSON.stringify([values, stars, order?.code, photos.map((photo) => [photo.name, photo.size, photo.lastModified])]);
    const idempotencyKey = attemptKey(openAttempt.current, content);
    // The fields are disabled while sending: focus that was in one (Enter submits) waits on the button.
    form.current?.querySelector<HTMLElement>('[type=submit]')?.focus();
    setPhase('loading');
    setMessages([]);
    setProgress(0);
    setButtonLoader(true);
    const loaderTimer = setTimeout(() => setButtonLoader(false), BUTTON_LOADER_MS);
    const website = honeypot.current?.value || '';
    const answer = await submitReview(
      ctx,
      { handle, values, stars, website, photos, code: order?.code || null, idempotencyKey },
      setProgress,
    );
    clearTimeout(loaderTimer);
    setButtonLoader(false);
    openAttempt.current = answer.kind === 'failed' ? { content, key: idempotencyKey } : null;
    switch (answer.kind) {
      case 'added': {
        added.current = true;
        // What the shopper wrote, as stored: never the e-mail address, which the page has no business with.
        const { email: _email, ...review } = Object(answer.review) as Record<string, unknown>;
        announceInteraction('review-submitted', { review, productHandle: handle });
        if (!saveLocalReview(storage, { handle, pending: answer.pending, review: answer.review })) {
          ctx.report(ERR_NULLISH_STORE_VALUE, new Error('nullish review id: not kept in the local list'), { handle });
        }
        if (order) clearStoredOrder(storage);
        controller.showLocal();
        fields.reset();
        setStars(initialStars);
        setRows([]);
        setPhase('success');
        return;
      }
      case 'rejected':
        setMessages(answer.messages);
        break;
      case 'serverError':
        ctx.report(ERR_REVIEW_SUBMIT, new Error('Review answer success:false without a message'), { handle });
        setMessages([texts.serverError]);
        break;
      case 'failed':
        setMessages([texts.failed]);
        break;
    }
    setPhase('open');
  };

  const submit = guard((event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const errors = fields.validateNow();
    const invalid = firstInvalid(errors);
    if (invalid || invalidFiles) {
      const target = invalid ? `#vtl-${invalid}` : '.invalid .upload-remove';
      form.current?.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    if (!dirty) return;
    send().catch((error) => {
      ctx.report(ERR_WIDGET_RENDER, error, { widget: 'reviews', step: 'submit' });
      setMessages([texts.failed]);
      setPhase('open');
    });
  }, 'form-submit');

  const errorText = (field: FieldName) =>
    fields.shownError(field) === 'email' ? texts.emailInvalid : field === 'name' ? texts.nameRequired : texts.reviewRequired;

  /** A labelled text field; its error (once shown) describes it. */
  const textField = (field: FieldName, type: 'text' | 'email' | 'textarea', autoComplete: string) => {
    const id = `vtl-${field}`;
    const error = fields.shownError(field);
    const control = {
      id,
      className: 'control',
      value: fields.values[field],
      required: field !== 'email',
      autoComplete,
      'aria-invalid': !!error,
      'aria-describedby': error ? `${id}-error` : undefined,
      'data-autofocus': field === firstField || undefined,
      onChange: guard((event: { currentTarget: { value: string } }) => fields.change(field, event.currentTarget.value), 'form-input'),
      onBlur: guard(() => {
        fields.touch(field);
        if (field === 'email') {
          const email = fields.values.email.trim();
          leftEmail.current = EMAIL_PATTERN.test(email) ? email : null;
        }
      }, 'form-blur'),
    };
    return (
      <div className="field">
        <label htmlFor={id} className="label">
          {texts[field]}
          {field !== 'email' && (
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
        {type === 'textarea' ? <textarea {...control} rows={5} /> : <input {...control} type={type} />}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {errorText(field)}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal label={controller.texts.write} closeLabel={texts.close} onClose={close}>
      <style>{FORM_CSS}</style>
      <div className="review-form">
        <h2>{controller.texts.write}</h2>
        <p className="form-status" role="status">
          {phase === 'success' ? texts.thanks : loading ? texts.sending : ''}
        </p>
        <div className="form-errors" role="alert">
          {messages.length > 0 && (
            <ul>
              {messages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          )}
        </div>
        {phase === 'success' ? (
          <button ref={closeButton} type="button" className="button" onClick={close}>
            {texts.close}
          </button>
        ) : (
          <form ref={form} noValidate onSubmit={submit}>
            <fieldset className="fields" disabled={loading}>
              <fieldset className="rating" role="radiogroup" aria-labelledby="vtl-rating">
                <legend id="vtl-rating" className="label">
                  {texts.rating}
                </legend>
                {[1, 2, 3, 4, 5].map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name="vtl-rating"
                      className="visually-hidden"
                      value={value}
                      checked={stars === value}
                      aria-label={fill(value === 1 ? texts.star : texts.stars, { n: value })}
                      onChange={guard(() => setStars(value), 'form-rating')}
                    />
                    <Stars rating={value <= stars ? 1 : 0} icons={1} starStyle={settings.starStyle} size={30} />
                  </label>
                ))}
              </fieldset>
              {textField('name', 'text', 'name')}
              {textField('email', 'email', 'email')}
              {textField('review', 'textarea', 'off')}
              {/* The honeypot: hidden from shoppers and their assistive tech; bots fill it in. */}
              <div className="hp" aria-hidden="true">
                <label>
                  Website
                  <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
                </label>
              </div>
              {settings.reviewForm.allowPhotoUpload && (
                <Uploader
                  id="vtl-photos"
                  label={texts.photos}
                  hint={texts.dropHint}
                  multiple
                  rows={rows}
                  onChange={setRows}
                  invalidText={texts.invalidType}
                  removeLabel={(name) => fill(texts.remove, { name })}
                />
              )}
            </fieldset>
            {loading && (
              <div className="loader">
                <Stars rating={5} starStyle={settings.starStyle} size={20} />
                <progress max={1} value={progress} aria-label={texts.upload} />
              </div>
            )}
            <div className="actions">
              <button type="submit" className="button" aria-disabled={!enabled || loading} aria-busy={loading}>
                {buttonLoader && <Spinner />}
                {texts.submit}
              </button>
              <button type="button" className="cancel" onClick={close}>
                {texts.cancel}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
