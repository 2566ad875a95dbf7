// @vitest-environment jsdom
/**
 * `importChunk` and `loadWidget`: one import per chunk and page, its imports imported at the same
 * moment (no `<link>` added to the shop's head), a lazy part imported by its hashed name, a failed
 * download forgotten so the next call tries again, a mounted widget announced (`vitrine:mounted`),
 * and a widget that fails to load or mount reported, never thrown.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { MOUNTED_EVENT } from '../../../src/core/constants';
import { setErrorReporter, type ErrorReport } from '../../../src/core/errors';
import { CHUNKS, importChunk } from '../../../src/loader/importChunk';
import { loadWidget, unmountWithin } from '../../../src/loader/loadWidget';
import type { WidgetContext } from '../../../src/widgets/types';

let assetBase = '';
afterAll(() => {
  if (assetBase) rmSync(assetBase, { recursive: true, force: true });
});
beforeAll(() => {
  // A tiny "build": the chunk map the loader would embed, and the chunk files it points at.
  // Under the project (test/out is not tracked): the test runner imports files it can reach.
  mkdirSync(join(import.meta.dirname, '../../out'), { recursive: true });
  const dir = mkdtempSync(join(import.meta.dirname, '../../out/chunks-'));
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(join(dir, 'chunks', 'alpha-aaaaaa.js'), 'export const mount = (host) => { host.textContent = "alpha"; };\n');
  writeFileSync(
    join(dir, 'chunks', 'owned-oooooo.js'),
    'export const mount = (host) => { host.textContent = "owned"; return () => { host.textContent = "gone"; if (host.id === "bad") throw new Error("unmount failed"); }; };\n',
  );
  writeFileSync(join(dir, 'chunks', 'broken-bbbbbb.js'), 'export const mount = () => { throw new Error("mount failed"); };\n');
  writeFileSync(join(dir, 'chunks', 'alpha.part-pppppp.js'), 'export const part = "alpha.part";\n');
  // The shared chunks say when they are evaluated.
  for (const shared of ['framework-ffffff', 'core-cccccc'])
    writeFileSync(join(dir, 'chunks', `${shared}.js`), `(globalThis.sharedLoaded ||= []).push('${shared}');\n`);
  assetBase = dir + '/';
  Object.assign(CHUNKS, {
    alpha: ['aaaaaa', 'framework-ffffff', 'core-cccccc'],
    broken: ['bbbbbb'],
    owned: ['oooooo'],
    missing: ['zzzzzz'],
  });
});

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const preloads = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

describe('importChunk', () => {
  test('imports a chunk once and its imports alongside, adding nothing to the page', async () => {
    const first = importChunk<{ mount: unknown }>(assetBase, 'alpha');
    const second = importChunk(assetBase, 'alpha');
    expect(second).toBe(first);
    expect(typeof (await first).mount).toBe('function');
    const loaded = () => (globalThis as { sharedLoaded?: string[] }).sharedLoaded;
    // (In parallel: in whichever order they arrive.)
    await vi.waitFor(() => expect([...(loaded() ?? [])].sort()).toEqual(['core-cccccc', 'framework-ffffff']));
    expect(preloads()).toEqual([]);
  });

  test('a lazy part comes named with its hash (vite.config.ts lazyParts): imported from chunks/ once, nothing preloaded', async () => {
    const first = importChunk<{ part: string }>(assetBase, 'alpha.part-pppppp');
    expect(importChunk(assetBase, 'alpha.part-pppppp')).toBe(first);
    expect((await first).part).toBe('alpha.part');
    expect(preloads()).toEqual([]);
  });

  test('an unknown chunk rejects; a failed download is forgotten, so the next call imports again', async () => {
    await expect(importChunk(assetBase, 'nope')).rejects.toThrow('nope');
    const failed = importChunk(assetBase, 'missing');
    await expect(failed).rejects.toBeTruthy();
    await Promise.resolve();
    expect(importChunk(assetBase, 'missing')).not.toBe(failed);
  });
});

describe('loadWidget', () => {
  const ctx = () => ({ load: (name: string) => importChunk(assetBase, name) }) as WidgetContext;

  test('mounts the widget into its host, then fires vitrine:mounted with the widget and its host', async () => {
    const host = document.createElement('div');
    const heard: unknown[] = [];
    const listen = (event: Event) => heard.push([(event as CustomEvent).detail, host.textContent]);
    addEventListener(MOUNTED_EVENT, listen);
    await loadWidget('alpha', host, ctx());
    removeEventListener(MOUNTED_EVENT, listen);
    expect(host.textContent).toBe('alpha');
    expect(heard).toEqual([[{ widget: 'alpha', host }, 'alpha']]);
  });

  test('a mount that throws is reported as 2280, a chunk that does not load as 2010; both resolve, neither is announced', async () => {
    const reports: ErrorReport[] = [];
    setErrorReporter((report) => reports.push(report));
    const heard: unknown[] = [];
    const listen = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener(MOUNTED_EVENT, listen);
    for (const name of ['broken', 'missing']) {
      await expect(loadWidget(name, document.createElement('div'), ctx())).resolves.toBeUndefined();
    }
    expect(reports.map((report) => [report.code, report.extra])).toEqual([
      [2280, { widget: 'broken' }],
      [2010, { widget: 'missing' }],
    ]);
    expect((reports[0]!.error as Error).message).toBe('mount failed');
    removeEventListener(MOUNTED_EVENT, listen);
    expect(heard).toEqual([]);
  });
});

describe('loadWidget with the settings validation, and unmountWithin', () => {
  const ctx = () => ({ load: (name: string) => importChunk(assetBase, name) }) as WidgetContext;

  test('mounts only once `ready` (the full settings validation) has settled; a failed validation is a 2010 and mounts nothing', async () => {
    let settle!: () => void;
    const host = document.createElement('div');
    const loading = loadWidget('alpha', host, ctx(), new Promise<void>((resolve) => (settle = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.textContent).toBe('');
    settle();
    await loading;
    expect(host.textContent).toBe('alpha');

    const reports: ErrorReport[] = [];
    setErrorReporter((report) => reports.push(report));
    const other = document.createElement('div');
    await loadWidget('alpha', other, ctx(), Promise.reject(new Error('settings chunk failed')));
    expect(other.textContent).toBe('');
    expect(reports.map((report) => report.code)).toEqual([2010]);
  });

  test('unmountWithin calls the unmount of every widget mounted at or inside the root, once; a throwing one is reported and the others still run', async () => {
    const section = document.createElement('section');
    const [first, second, outside] = ['a', 'bad', 'c'].map((id) => {
      const host = document.createElement('div');
      host.id = id;
      host.setAttribute('data-vitrine-mount', 'owned');
      return host;
    });
    section.append(first!, second!);
    document.body.append(section, outside!);
    for (const host of [first!, second!, outside!]) await loadWidget('owned', host, ctx());
    const reports: ErrorReport[] = [];
    setErrorReporter((report) => reports.push(report));
    unmountWithin(section);
    unmountWithin(section);
    expect([first!.textContent, second!.textContent, outside!.textContent]).toEqual(['gone', 'gone', 'owned']);
    expect(reports.map((report) => [report.code, (report.error as Error).message])).toEqual([[2280, 'unmount failed']]);
  });
});
