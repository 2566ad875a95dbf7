import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequester } from '../../../src/core/request';
import { toJson } from '../../../src/core/lib/toJson';

/** What Prototype.js 1.6 (still on old themes) puts on Array.prototype: a toJSON returning a string. */
function installPrototypeJs(): void {
  Object.defineProperty(Array.prototype, 'toJSON', {
    configurable: true,
    value: function (this: unknown[]) {
      return `[${this.map((item) => JSON.stringify(item)).join(', ')}]`;
    },
  });
}

afterEach(() => {
  delete (Array.prototype as { toJSON?: unknown }).toJSON;
});

// The page the requester runs on: it resolves relative URLs against the page's address.
beforeEach(() => vi.stubGlobal('location', new URL('https://shop.example/es/products/tote')));

describe('toJson', () => {
  it('matches JSON.stringify on an untouched page', () => {
    const value = { handles: ['a', 'b'], n: 1, nested: { list: [1, { x: null }], s: 'é"<' }, date: new Date(0), skip: undefined };
    expect(toJson(value)).toBe(JSON.stringify(value));
    expect(toJson([1, 'x'])).toBe('[1,"x"]');
    expect(toJson('text')).toBe('"text"');
  });

  it('ignores the toJSON a theme put on Array.prototype', () => {
    installPrototypeJs();
    expect(JSON.stringify({ handles: ['a'] })).not.toBe('{"handles":["a"]}');
    expect(toJson({ handles: ['a', 'b'], meta: { list: [[1], []] } })).toBe('{"handles":["a","b"],"meta":{"list":[[1],[]]}}');
    expect(toJson(['x'])).toBe('["x"]');
    // A deliberate toJSON of a class is still honoured.
    expect(toJson({ when: new Date(0) })).toBe('{"when":"1970-01-01T00:00:00.000Z"}');
  });

  it('request bodies survive Prototype.js: the stats POST still sends an array of handles', async () => {
    installPrototypeJs();
    let sent = '';
    const request = createRequester({
      fetch: (async (_url: string, init: RequestInit) => {
        sent = String(init.body);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    await request('https://p.example/api/sf/prs/demo/stats.json', {
      method: 'POST',
      json: { handles: ['classic-cotton-tee', 'ceramic-mug'] },
    });
    expect(JSON.parse(sent)).toEqual({ handles: ['classic-cotton-tee', 'ceramic-mug'] });
  });
});
