/** The script names of `npm run perf`'s bootup-by-script table and the page-weight test (perf/lib/scriptName.ts). */
import { expect, test } from 'vitest';
import { scriptName } from '../../../perf/lib/scriptName';

test('a script is named by its file, without folder, query, content hash or extension', () => {
  expect(
    [
      'http://localhost:8181/demo/vitrine.js',
      'http://localhost:8181/vitrine/chunks/star-snippets-C4j6IN.js',
      'http://localhost:8181/vitrine/chunks/content-protection-j71QV_.js',
      'http://localhost:8181/vitrine/chunks/reviews.form-coM9L9.js?v=1',
      'http://localhost:8181/vitrine/chunks/currency-converter.selector-DDG49-.js',
      'http://localhost:8181/vitrine/chunks/mount--abcde.js',
    ].map(scriptName),
  ).toEqual(['vitrine', 'star-snippets', 'content-protection', 'reviews.form', 'currency-converter.selector', 'mount']);
});
