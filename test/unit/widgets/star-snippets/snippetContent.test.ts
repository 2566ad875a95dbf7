// @vitest-environment jsdom
/** What a listing snippet says and shows, made from one row copied for every snippet. */
import { describe, expect, test } from 'vitest';
import { parseReviewsSettings } from '../../../../src/core/reviewsSettings';
import type { ReviewStats } from '../../../../src/core/reviewStats';
import { createSnippetContent } from '../../../../src/widgets/star-snippets/snippetContent';
import type { WidgetContext } from '../../../../src/widgets/types';

const ctx = (language: string) =>
  ({ language, settings: { colors: { starFront: '#fbda03', starBack: '#cecece' } } }) as unknown as WidgetContext;
const stats = (count: number, average: number): ReviewStats => ({ count, average, byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: count } });
const content = (template: string, language = 'en') =>
  createSnippetContent(document, ctx(language), parseReviewsSettings({ starSnippet: { template } }).value);

/** A snippet as a shopper's screen reader and eyes get it: label, then each child as `stars:<width>` or its text. */
function read(el: HTMLElement) {
  return {
    role: el.getAttribute('role'),
    label: el.getAttribute('aria-label'),
    shown: [...el.children].map((child) =>
      child.classList.contains('vitrine-stars__icons')
        ? `stars:${(child.firstElementChild as HTMLElement).style.width}`
        : child.textContent,
    ),
  };
}

describe('listing snippets', () => {
  test('each snippet gets its own copy: its label, its fill width and its texts, whatever was filled before', () => {
    const { listing } = content('{stars} ({totalReviews})');
    const first = document.createElement('div');
    const second = document.createElement('div');
    listing(first, stats(128, 4.6));
    listing(second, stats(1, 3.25));
    expect(read(first)).toEqual({ role: 'img', label: '4.6 out of 5 stars, 128 reviews', shown: ['stars:92%', ' (128)'] });
    expect(read(second)).toEqual({ role: 'img', label: '3.3 out of 5 stars, 1 review', shown: ['stars:65%', ' (1)'] });
    // Filling a line again replaces what it showed.
    listing(first, stats(2, 5));
    expect(read(first).shown).toEqual(['stars:100%', ' (2)']);
  });

  test('every part of the template: text before, between and after several {stars}, in the shopper’s language', () => {
    const { listing } = content('Rated {averageRating}: {stars} — {stars}{totalReviews} {reviewsTranslation}', 'es');
    const el = document.createElement('div');
    listing(el, stats(3, 4.5));
    expect(read(el)).toEqual({
      role: 'img',
      label: '4,5 de 5 estrellas, 3 reseñas',
      shown: ['Rated 4,5: ', 'stars:90%', ' — ', 'stars:90%', '3 reseñas'],
    });
  });

  test('names the template does not know stay as written, as core/i18n `fill` leaves them', () => {
    const el = document.createElement('div');
    content('{stars} {rating} {count}{} {totalReviews}').listing(el, stats(7, 4));
    expect(read(el).shown).toEqual(['stars:80%', ' {rating} {count}{} 7']);
  });

  test('a template of stars alone shows the icons only; text is set as text, never as markup', () => {
    const stars = document.createElement('div');
    content('{stars}').listing(stars, stats(5, 4));
    expect(read(stars).shown).toEqual(['stars:80%']);
    const hostile = document.createElement('div');
    content('<img src=x onerror=alert(1)>{stars}').listing(hostile, stats(5, 4));
    expect(hostile.querySelector('img')).toBeNull();
    expect(read(hostile).shown).toEqual(['<img src=x onerror=alert(1)>', 'stars:80%']);
  });
});
