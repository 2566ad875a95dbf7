/**
 * The widget's texts in the built-in languages (spec §9: en, es, nl). Placeholders (filled with
 * core's `fill`): `{n}`, `{count}`, `{p}` (percent), `{i}`, `{name}`.
 */
import { pickTexts } from '../../core/i18n';

const en = {
  heading: 'Customer reviews',
  featured: 'Featured reviews',
  noReviews: 'No reviews yet. Be the first to add a review.',
  write: 'Write a Review',
  seeMore: 'See more reviews',
  basedOn: 'Based on {n} reviews',
  basedOnOne: 'Based on 1 review',
  rated: 'Rated {n} out of 5',
  share: 'Share your experience',
  rate: 'Rate {n} out of 5 and write a review',
  bar: '{n} stars: {count} reviews ({p}%)',
  filtered: 'Showing {count} reviews with {n} stars.',
  clear: 'Show all reviews',
  verified: 'Verified buyer',
  replyFrom: 'Reply from {name}',
  photo: 'Photo {i} of {n}',
  openPhoto: 'Open photo {i} of {n} from {name}',
  morePhotos: '{n} more photos',
  close: 'Close',
  prev: 'Previous review with photos',
  next: 'Next review with photos',
  reviewBy: 'Review by {name}',
  pending: 'Awaiting moderation',
};
/** The texts of one language; `language` is the code asked for (numbers are written in it). */
export type Texts = typeof en & { language?: string };

export const TEXTS: Record<string, Texts> = {
  en,
  es: {
    heading: 'Opiniones de clientes',
    featured: 'Opiniones destacadas',
    noReviews: 'Todavía no hay opiniones. Sé el primero en añadir una.',
    write: 'Escribir una opinión',
    seeMore: 'Ver más opiniones',
    basedOn: 'Basado en {n} opiniones',
    basedOnOne: 'Basado en 1 opinión',
    rated: 'Valorado con {n} de 5',
    share: 'Comparte tu experiencia',
    rate: 'Valorar con {n} de 5 y escribir una opinión',
    bar: '{n} estrellas: {count} opiniones ({p} %)',
    filtered: 'Mostrando {count} opiniones con {n} estrellas.',
    clear: 'Mostrar todas las opiniones',
    verified: 'Comprador verificado',
    replyFrom: 'Respuesta de {name}',
    photo: 'Foto {i} de {n}',
    openPhoto: 'Abrir la foto {i} de {n} de {name}',
    morePhotos: '{n} fotos más',
    close: 'Cerrar',
    prev: 'Opinión anterior con fotos',
    next: 'Siguiente opinión con fotos',
    reviewBy: 'Opinión de {name}',
    pending: 'Pendiente de moderación',
  },
  nl: {
    heading: 'Klantbeoordelingen',
    featured: 'Uitgelichte beoordelingen',
    noReviews: 'Nog geen beoordelingen. Schrijf als eerste een beoordeling.',
    write: 'Schrijf een beoordeling',
    seeMore: 'Meer beoordelingen',
    basedOn: 'Op basis van {n} beoordelingen',
    basedOnOne: 'Op basis van 1 beoordeling',
    rated: 'Beoordeeld met {n} van 5',
    share: 'Deel je ervaring',
    rate: 'Geef {n} van 5 en schrijf een beoordeling',
    bar: '{n} sterren: {count} beoordelingen ({p}%)',
    filtered: '{count} beoordelingen met {n} sterren.',
    clear: 'Alle beoordelingen tonen',
    verified: 'Geverifieerde koper',
    replyFrom: 'Reactie van {name}',
    photo: 'Foto {i} van {n}',
    openPhoto: 'Open foto {i} van {n} van {name}',
    morePhotos: 'Nog {n} foto’s',
    close: 'Sluiten',
    prev: 'Vorige beoordeling met foto’s',
    next: 'Volgende beoordeling met foto’s',
    reviewBy: 'Beoordeling van {name}',
    pending: 'Wacht op moderatie',
  },
};

export const textsFor = (language: string): Texts => ({ ...pickTexts(TEXTS, language), language });
