import { describe, expect, it, vi } from 'vitest';
import { createI18n, resolveLanguage } from '../../../src/core/i18n';
import en from '../../../src/core/locales/en';
import es from '../../../src/core/locales/es';
import nl from '../../../src/core/locales/nl';

const dicts = { en, es, nl };

describe('resolveLanguage', () => {
  it.each([
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES_mx', 'es'],
    ['nl_BE', 'nl'],
    ['NL', 'nl'],
    ['fr', 'en'],
    ['auto', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%s → %s', (req, lang) => {
    expect(resolveLanguage(req, ['en', 'es', 'nl'], 'en')).toBe(lang);
  });
  it('prefers an exact regional match', () => {
    expect(resolveLanguage('pt-BR', ['pt', 'pt-BR'], 'en')).toBe('pt-BR');
    expect(resolveLanguage('pt-PT', ['pt', 'pt-BR'], 'en')).toBe('pt');
    expect(resolveLanguage('de', ['en'], 'xx')).toBe('xx');
  });
});

describe('createI18n', () => {
  it('translates with placeholders', () => {
    const t = createI18n('es-MX', dicts);
    expect(t.language).toBe('es');
    expect(t('writeReview')).toBe('Escribir una reseña');
    expect(t('photoOf', { index: 2, count: 5 })).toBe('Foto 2 de 5');
    expect(t('outOfFiveStars', { rating: 4.5 })).toBe('4.5 de 5 estrellas');
  });

  it('leaves unknown placeholders visible', () => {
    const t = createI18n('en', dicts);
    expect(t('photoOf', { index: 1 })).toBe('Photo 1 of {count}');
    expect(t('previewOnlyYou', { productName: 'Vitrine' })).toBe('Only you can see the Vitrine apps.');
  });

  it('unknown language uses the default language', () => {
    const t = createI18n('fr', dicts);
    expect(t.language).toBe('en');
    expect(t('close')).toBe('Close');
    expect(createI18n('fr', dicts, { defaultLanguage: 'nl' })('close')).toBe('Sluiten');
  });

  it('falls back to the default language for a missing key, then to the key + onMissing once', () => {
    const onMissing = vi.fn();
    const t = createI18n('nl', { en: { only: 'English only' }, nl: {} }, { onMissing });
    expect(t('only')).toBe('English only');
    expect(onMissing).not.toHaveBeenCalled();
    expect(t('nowhere')).toBe('nowhere');
    expect(t('nowhere')).toBe('nowhere');
    expect(onMissing).toHaveBeenCalledOnce();
    expect(onMissing).toHaveBeenCalledWith('nowhere', 'nl');
    expect(t('toString')).toBe('toString');
  });

  it('a throwing onMissing does not break rendering', () => {
    const t = createI18n('en', { en: {} }, {
      onMissing: () => {
        throw new Error('x');
      },
    });
    expect(t('k')).toBe('k');
  });

  it('built-in dictionaries are complete and non-empty', () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(es).sort()).toEqual(keys);
    expect(Object.keys(nl).sort()).toEqual(keys);
    for (const d of [en, es, nl]) for (const k of keys) expect(d[k as keyof typeof en].trim(), k).not.toBe('');
    // placeholders survive translation
    for (const k of keys) {
      const ph = (s: string) => (s.match(/\{\w+\}/g) || []).sort();
      expect(ph(es[k as keyof typeof en]), k).toEqual(ph(en[k as keyof typeof en]));
      expect(ph(nl[k as keyof typeof en]), k).toEqual(ph(en[k as keyof typeof en]));
    }
  });

  it('carries the spec texts verbatim in English', () => {
    const texts = Object.values(en);
    for (const s of [
      'Write a Review',
      'No reviews yet. Be the first to add a review.',
      'See more reviews',
      'Rated by hundreds of happy customers',
      'Thank you for adding your review!',
      'Server Error. Please try again later',
      'The review could not be added. If the problem persists, please contact us.',
      'Only image file types are supported for upload',
      'Some items have changed or are out of stock. Try refreshing the page.',
      'Preview Mode',
      'Only you can see the {productName} apps.',
    ]) {
      expect(texts).toContain(s);
    }
  });
});
