/** Built-in texts of the star snippets (spec §2, §9: en, es, nl; others fall back to en). */
import { pickTexts } from '../../core/i18n';

export interface StarTexts {
  review: string;
  reviews: string;
  /** Product page line (spec §2 "Product page"). */
  rated: string;
  /** Accessible text: {rating} average, {count} total, {reviews} the review word. */
  label: string;
}

const TEXTS: Record<string, StarTexts> = {
  en: {
    review: 'review',
    reviews: 'reviews',
    rated: 'Rated by hundreds of happy customers',
    label: '{rating} out of 5 stars, {count} {reviews}',
  },
  es: {
    review: 'reseña',
    reviews: 'reseñas',
    rated: 'Valorado por cientos de clientes satisfechos',
    label: '{rating} de 5 estrellas, {count} {reviews}',
  },
  nl: {
    review: 'review',
    reviews: 'reviews',
    rated: 'Beoordeeld door honderden tevreden klanten',
    label: '{rating} van 5 sterren, {count} {reviews}',
  },
};

export const textsFor = (language: string): StarTexts => pickTexts(TEXTS, language);
