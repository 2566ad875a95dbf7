import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { ConfigError, configFromEnv } from '../../../server/config.ts';
import { makeFakeDist, makeServer } from './helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The settings object published by `/{shopId}/vitrine.js`. */
function settingsOf(body: string): { assetBase: string; providerBase: string } {
  const match = /^window\.vitrineSettings=Object\.assign\((.*),window\.vitrineSettings\|\|\{\}\);\n/.exec(body);
  if (!match) throw new Error(`no settings in ${body.slice(0, 100)}`);
  return JSON.parse(match[1]!);
}

const SPOOF = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('origin of /{shopId}/vitrine.js (a cached answer)', () => {
  it('without a public URL or trusted proxy: X-Forwarded-* are ignored, the Host header is used', async () => {
    const { app } = await makeServer();
    try {
      const res = await app.inject({ url: '/demo/vitrine.js', headers: { host: 'shop.test:1234', ...SPOOF } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(settingsOf(res.body)).toMatchObject({
        assetBase: 'http://shop.test:1234/vitrine/',
        providerBase: 'http://shop.test:1234/api/',
      });
      expect(res.body).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });

  it('an invalid Host header is refused (400, not cached) instead of being published', async () => {
    const { app } = await makeServer();
    try {
      for (const host of ['evil.example/<script>', 'a b', 'x"y', 'shop.test:99999999']) {
        const res = await app.inject({ url: '/demo/vitrine.js', headers: { host } });
        expect(res.statusCode, host).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body.startsWith('/*')).toBe(true);
      }
      const ipv6 = await app.inject({ url: '/demo/vitrine.js', headers: { host: '[::1]:8080' } });
      expect(settingsOf(ipv6.body).assetBase).toBe('http://[::1]:8080/vitrine/');
    } finally {
      await app.close();
    }
  });

  it('a configured public URL wins over Host and forwarded headers', async () => {
    const { app } = await makeServer({ publicUrl: 'https://Reviews.Example.com/' });
    try {
      const res = await app.inject({ url: '/demo/vitrine.js', headers: { host: 'internal:8080', ...SPOOF } });
      expect(settingsOf(res.body)).toMatchObject({
        assetBase: 'https://reviews.example.com/vitrine/',
        providerBase: 'https://reviews.example.com/api/',
      });
      // Even a broken Host header does not matter then.
      expect((await app.inject({ url: '/demo/vitrine.js', headers: { host: 'a b' } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('behind a trusted proxy, forwarded headers count only when the connection comes from it', async () => {
    const { app } = await makeServer({ trustProxy: ['127.0.0.2', '10.0.0.0/8'] });
    try {
      const viaProxy = await app.inject({
        url: '/demo/vitrine.js',
        remoteAddress: '10.1.2.3',
        headers: { host: 'internal:8080', 'x-forwarded-host': 'reviews.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(settingsOf(viaProxy.body).assetBase).toBe('https://reviews.example.com/vitrine/');
      const direct = await app.inject({ url: '/demo/vitrine.js', remoteAddress: '203.0.113.7', headers: { host: 'shop.test', ...SPOOF } });
      expect(settingsOf(direct.body).assetBase).toBe('http://shop.test/vitrine/');
      // A trusted proxy forwarding a garbage host is refused too.
      const garbage = await app.inject({
        url: '/demo/vitrine.js',
        remoteAddress: '10.1.2.3',
        headers: { host: 'internal', 'x-forwarded-host': 'evil.example/<x>' },
      });
      expect(garbage.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('origin configuration', () => {
  it('buildApp refuses a public URL that is not a bare http(s) origin, and bad proxy lists', async () => {
    const distDir = makeFakeDist();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
    const bad: Record<string, unknown>[] = [
      { publicUrl: 'ftp://reviews.example.com' },
      { publicUrl: 'https://reviews.example.com/api' },
      { publicUrl: 'https://reviews.example.com/?x=1' },
      { publicUrl: 'https://user:pw@reviews.example.com' },
      { publicUrl: 'reviews.example.com' },
      { trustProxy: ['not-an-address'] },
      { trustProxy: '10.0.0.0/33' },
      { trustProxy: '' },
    ];
    for (const option of bad) {
      await expect(buildApp({ dataDir, distDir, ...option }), JSON.stringify(option)).rejects.toBeInstanceOf(ConfigError);
    }
  });

  it('reads VITRINE_PUBLIC_URL and VITRINE_TRUST_PROXY from the environment', () => {
    expect(configFromEnv({})).toEqual({});
    expect(configFromEnv({ VITRINE_PUBLIC_URL: 'https://reviews.example.com', VITRINE_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' })).toEqual({
      publicUrl: 'https://reviews.example.com',
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
    });
    expect(() => configFromEnv({ VITRINE_PUBLIC_URL: 'https://x.example/path' })).toThrow(
      /^VITRINE_PUBLIC_URL must be an http\(s\) origin/,
    );
    expect(() => configFromEnv({ VITRINE_TRUST_PROXY: '10.0.0.0/8,nope' })).toThrow(/^VITRINE_TRUST_PROXY: "nope"/);
  });

  it('server/main.ts stops with a one-line error on a bad VITRINE_PUBLIC_URL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        VITRINE_PUBLIC_URL: 'https://reviews.example.com/some/path',
        VITRINE_DATA_DIR: dataDir,
        PORT: '0',
        VITRINE_LOG: '0',
      },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^vitrine: VITRINE_PUBLIC_URL must be an http\(s\) origin/)]);
    // It stopped before opening the store.
    expect(fs.existsSync(path.join(dataDir, 'vitrine.sqlite'))).toBe(false);
  }, 20_000);
});
