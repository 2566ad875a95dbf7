/** The loader's one look at the `hooks` section: is there any code, so the hooks chunk must load first? */
import { describe, expect, test } from 'vitest';
import { wantsOwnerHooks } from '../../../src/loader/ownerHooks';

describe('wantsOwnerHooks', () => {
  test('any non-empty code string, wherever it is in the section', () => {
    expect(wantsOwnerHooks({ first: 'a()' })).toBe(true);
    expect(wantsOwnerHooks({ first: '', last: '"' })).toBe(true);
    expect(wantsOwnerHooks({ first: '', last: '', events: { currencyChanged: ' ' }, inEditor: false })).toBe(true);
  });

  test('the empty defaults, no section or one without strings: no chunk', () => {
    for (const hooks of [{}, { first: '', last: '', events: {}, inEditor: true }, { events: { mounted: '' } }, { first: 42 }])
      expect(wantsOwnerHooks(hooks), JSON.stringify(hooks)).toBe(false);
  });

  test('a section JSON cannot copy loads the chunk, which validates it and says what is wrong', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(wantsOwnerHooks(cyclic)).toBe(true);
    expect(wantsOwnerHooks({ n: 1n })).toBe(true);
  });
});
