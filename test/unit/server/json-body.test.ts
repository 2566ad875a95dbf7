import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '../../../server/lib/jsonBody.ts';
import { makeServer, type TestServer } from './helpers.ts';

/** Log lines written by the app (pino JSON, one per line). */
const logLines: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ logger: true, logStream: { write: (line: string) => void logLines.push(line) } });
});
afterAll(async () => {
  await s.app.close();
});

const json = (body: string) => JSON.parse(body) as { error: { code: string; message: string } };
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const trackBody = (event: string) => `{"version":"1","events":[{"type":"deep","x":${event}}],"meta":{"shopId":"demo"}}`;

describe('JSON body nesting cap', () => {
  it('a 40,000-deep body is a 400 in the error shape, with no unhandled error in the log', async () => {
    logLines.length = 0;
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/track',
        headers: { 'content-type': type },
        payload: trackBody(nested(40_000)),
      });
      expect(res.statusCode, type).toBe(400);
      expect(json(res.body)).toEqual({ error: { code: 'BODY_TOO_DEEP', message: expect.stringContaining(String(MAX_JSON_DEPTH)) } });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    // Any JSON route, not only the tracking one.
    const stats = await s.app.inject({
      method: 'POST',
      url: '/api/sf/prs/demo/stats.json',
      headers: { 'content-type': 'application/json' },
      payload: `{"handles":${nested(40_000)}}`,
    });
    expect(stats.statusCode).toBe(400);
    expect(json(stats.body).error.code).toBe('BODY_TOO_DEEP');
    expect(logLines.length).toBeGreaterThan(0); // the request lines: the logger was captured
    expect(logLines.filter((line) => line.includes('unhandled error') || /"level":(50|60)/.test(line))).toEqual([]);
  });

  it('counts only brackets outside strings', () => {
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(500)}"}`, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\"${'{'.repeat(500)}"}`, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestingExceeds(`["\\\\",${nested(MAX_JSON_DEPTH)}]`, MAX_JSON_DEPTH)).toBe(true);
  });

  it('a string full of brackets is fine', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'content-type': 'application/json' },
      payload: trackBody(JSON.stringify('['.repeat(500))),
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('prototype poisoning', () => {
  it('a __proto__ key is rejected in JSON and in sendBeacon text/plain bodies alike', async () => {
    const payload = '{"version":"1","events":[{"type":"a"}],"meta":{"shopId":"demo"},"__proto__":{"polluted":true}}';
    for (const type of ['text/plain', 'application/json']) {
      const res = await s.app.inject({ method: 'POST', url: '/api/track', headers: { 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(400);
      expect(json(res.body).error.code).toBe('INVALID_JSON');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('routing errors', () => {
  it('bad percent-encoding → 400 and an over-long path segment → 414, in the error shape', async () => {
    const bad = await s.app.inject({ url: '/api/reviews/demo/1/%ff.json' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad.body)).toEqual({ error: { code: 'BAD_URL', message: expect.any(String) } });
    const long = await s.app.inject({ url: `/api/reviews/demo/1/${'a'.repeat(400)}.json` });
    expect(long.statusCode).toBe(414);
    expect(json(long.body)).toEqual({ error: { code: 'URI_TOO_LONG', message: expect.any(String) } });
  });
});
