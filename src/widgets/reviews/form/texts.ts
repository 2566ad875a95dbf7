/**
 * The review form's texts in the built-in languages (spec §9: en, es, nl), in the form part: the
 * widget chunk does not carry them. The English field labels, the button and the shopper messages
 * are the spec's (§4, §5, §8). Placeholders (core's `fill`): `{n}`, `{name}`.
 */
import { pickTexts } from '../../../core/i18n';

const en = {
  name: 'Name',
  email: 'Email',
  review: 'Review',
  photos: 'Photos',
  rating: 'Rating',
  star: '{n} star',
  stars: '{n} stars',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  reviewRequired: 'Please write your review.',
  dropHint: 'Choose photos or drop them here',
  invalidType: 'Only image file types are supported for upload',
  remove: 'Remove {name}',
  submit: 'Submit Review',
  cancel: 'Cancel',
  close: 'Close',
  sending: 'Sending your review…',
  upload: 'Upload progress',
  thanks: 'Thank you for adding your review!',
  serverError: 'Server Error. Please try again later',
  failed: 'The review could not be added. If the problem persists, please contact us.',
};
/** The form's texts of one language. */
export type FormTexts = typeof en;

const TEXTS: Record<string, FormTexts> = {
  en,
  es: {
    name: 'Nombre',
    email: 'Correo electrónico',
    review: 'Opinión',
    photos: 'Fotos',
    rating: 'Valoración',
    star: '{n} estrella',
    stars: '{n} estrellas',
    nameRequired: 'Escribe tu nombre.',
    emailInvalid: 'Escribe una dirección de correo válida.',
    reviewRequired: 'Escribe tu opinión.',
    dropHint: 'Elige fotos o suéltalas aquí',
    invalidType: 'Solo se pueden subir archivos de imagen',
    remove: 'Quitar {name}',
    submit: 'Enviar opinión',
    cancel: 'Cancelar',
    close: 'Cerrar',
    sending: 'Enviando tu opinión…',
    upload: 'Progreso de la subida',
    thanks: '¡Gracias por añadir tu opinión!',
    serverError: 'Error del servidor. Inténtalo de nuevo más tarde',
    failed: 'No se pudo añadir la opinión. Si el problema continúa, ponte en contacto con nosotros.',
  },
  nl: {
    name: 'Naam',
    email: 'E-mail',
    review: 'Beoordeling',
    photos: 'Foto’s',
    rating: 'Waardering',
    star: '{n} ster',
    stars: '{n} sterren',
    nameRequired: 'Vul je naam in.',
    emailInvalid: 'Vul een geldig e-mailadres in.',
    reviewRequired: 'Schrijf je beoordeling.',
    dropHint: 'Kies foto’s of sleep ze hierheen',
    invalidType: 'Alleen afbeeldingsbestanden kunnen worden geüpload',
    remove: '{name} verwijderen',
    submit: 'Beoordeling versturen',
    cancel: 'Annuleren',
    close: 'Sluiten',
    sending: 'Je beoordeling wordt verstuurd…',
    upload: 'Uploadvoortgang',
    thanks: 'Bedankt voor je beoordeling!',
    serverError: 'Serverfout. Probeer het later opnieuw',
    failed: 'De beoordeling kon niet worden toegevoegd. Neem contact met ons op als het probleem blijft.',
  },
};

/** The form's texts in `language` (a regional code falls back to its base, an unknown one to English). */
export const formTextsFor = (language: string): FormTexts => pickTexts(TEXTS, language);
