import { describe, expect, it } from 'vitest';
import { pickTexts, resolveLanguage } from '../../../src/core/i18n';

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

describe('pickTexts', () => {
  const texts = { en: { close: 'Close' }, es: { close: 'Cerrar' }, nl: { close: 'Sluiten' } };
  it('gives the table of the language, its base language, else English', () => {
    expect(pickTexts(texts, 'es').close).toBe('Cerrar');
    expect(pickTexts(texts, 'nl-be').close).toBe('Sluiten');
    expect(pickTexts(texts, 'fr').close).toBe('Close');
    expect(pickTexts(texts, '').close).toBe('Close');
  });
});
