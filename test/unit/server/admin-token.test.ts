import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config.ts';
import { openStorage, type Storage } from '../../../server/storage/index.ts';
import { migrate, migrations } from '../../../server/storage/sqliteMigrations.ts';
import { makeServer, makeStorage, TEST_ENGINE } from './helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-'));
const tokenFile = (dir: string) => path.join(dir, 'admin-token');
const storedHash = async (storage: Storage, shop = 'demo') =>
  (await storage.db.selectFrom('shops').select('admin_token_sha256').where('id', '=', shop).executeTakeFirstOrThrow()).admin_token_sha256;
const columns = (db: Database.Database) =>
  (db.prepare("SELECT name FROM pragma_table_info('shops')").all() as { name: string }[]).map((column) => column.name);
/** Every byte SQLite wrote for the store (database file and WAL). */
const storeBytes = (dir: string) =>
  Buffer.concat(
    fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('vitrine.sqlite'))
      .map((f) => fs.readFileSync(path.join(dir, f))),
  );

const CONFIGURED = 'c0nfigured-admin-token-0123456789abcdef';

describe('admin token storage', () => {
  it('stores only a SHA-256 hash; a generated token goes to ${dataDir}/admin-token, mode 0600', async () => {
    const { storage, dataDir, dispose } = await makeStorage();
    try {
      const token = fs.readFileSync(tokenFile(dataDir), 'utf8').trim();
      expect(token).toMatch(/^[0-9a-f]{48}$/);
      expect(fs.statSync(tokenFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(await storedHash(storage)).toBe(sha256(token));
      if (TEST_ENGINE === 'sqlite') {
        await storage.close();
        const db = new Database(path.join(dataDir, 'vitrine.sqlite'));
        expect(columns(db)).not.toContain('admin_token');
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.close();
        expect(storeBytes(dataDir).includes(Buffer.from(token))).toBe(false);
      } else {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM shops WHERE admin_token_sha256 = ${token} OR settings_json LIKE ${'%' + token + '%'}`.execute(
          storage.db,
        );
        expect(Number(rows[0]!.n)).toBe(0);
      }
    } finally {
      await dispose();
    }
  });

  it('a configured token replaces the stored hash on every start and removes the stale token file', async () => {
    const { storage, dataDir, databaseUrl, dispose } = await makeStorage();
    const reopen = async (adminToken?: string) => {
      const reopened = await openStorage({ dataDir, databaseUrl, adminToken });
      try {
        return await storedHash(reopened);
      } finally {
        await reopened.close();
      }
    };
    try {
      await storage.close();
      expect(fs.existsSync(tokenFile(dataDir))).toBe(true);
      expect(await reopen(CONFIGURED)).toBe(sha256(CONFIGURED));
      expect(fs.existsSync(tokenFile(dataDir))).toBe(false);
      const other = `${CONFIGURED}-rotated`;
      expect(await reopen(other)).toBe(sha256(other));
      // Without the option the stored hash stays (no new random token for an existing shop).
      expect(await reopen()).toBe(sha256(other));
      expect(fs.existsSync(tokenFile(dataDir))).toBe(false);
    } finally {
      await dispose();
    }
  });

  it('a token shorter than 32 characters is refused by the storage and buildApp', async () => {
    await expect(makeStorage({ adminToken: 'x'.repeat(31) })).rejects.toThrow(ConfigError);
    await expect(makeServer({ adminToken: 'short-token' })).rejects.toThrow(/at least 32 characters/);
  });

  it('server/main.ts stops with a one-line error on a short VITRINE_ADMIN_TOKEN', () => {
    const dataDir = tmp();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, VITRINE_ADMIN_TOKEN: 'test-admin-token', VITRINE_DATA_DIR: dataDir, PORT: '0', VITRINE_LOG: '0' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^vitrine: VITRINE_ADMIN_TOKEN must be at least 32 characters/)]);
    expect(fs.existsSync(path.join(dataDir, 'vitrine.sqlite'))).toBe(false);
  }, 20_000);

  it.runIf(TEST_ENGINE === 'sqlite')(
    'the migration hashes existing plain-text tokens; the demo shop token stays usable through the file',
    async () => {
      const dir = tmp();
      const legacy = new Database(path.join(dir, 'vitrine.sqlite'));
      migrate(
        legacy,
        migrations.filter((migration) => migration.version <= 2),
      );
      const insert = legacy.prepare('INSERT INTO shops (id, domain, admin_token, settings_json) VALUES (?, ?, ?, ?)');
      insert.run('other', 'other.myshopify.com', 'other-plaintext-token', '{}');
      legacy.close();
      // A store seeded by the old code: the demo shop with a plain-text token.
      const legacyToken = 'legacy-plaintext-token-of-the-demo-shop';
      const old = new Database(path.join(dir, 'vitrine.sqlite'));
      old
        .prepare("INSERT INTO shops (id, domain, admin_token, settings_json) VALUES ('demo', 'vitrine-demo.myshopify.com', ?, '{}')")
        .run(legacyToken);
      old.prepare("INSERT INTO shop_state (shop_id, last_updated) VALUES ('demo', 1)").run();
      old.close();

      const storage = await openStorage({ dataDir: dir });
      expect(await storedHash(storage)).toBe(sha256(legacyToken));
      expect(await storedHash(storage, 'other')).toBe(sha256('other-plaintext-token'));
      await storage.close();
      const db = new Database(path.join(dir, 'vitrine.sqlite'));
      expect(columns(db)).not.toContain('admin_token');
      db.close();
      expect(fs.readFileSync(tokenFile(dir), 'utf8').trim()).toBe(legacyToken);
    },
  );
});

describe('failed admin attempts', () => {
  const hide = (app: Awaited<ReturnType<typeof makeServer>>['app'], token: string, remoteAddress = '203.0.113.9') =>
    app.inject({
      method: 'POST',
      url: '/api/admin/demo/reviews/1/hide',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
      payload: { hidden: false },
    });

  it('are limited per client address and shop (429 + Retry-After); successful requests are not counted', async () => {
    const { app, dataDir } = await makeServer({ rateLimit: { adminFailuresPer15Min: 3 } });
    try {
      const good = fs.readFileSync(tokenFile(dataDir), 'utf8').trim();
      for (let i = 0; i < 5; i++) expect((await hide(app, good)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await hide(app, `wrong-${i}`)).statusCode).toBe(401);
      const limited = await hide(app, 'wrong-again');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(limited.body)).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      // Locked out whatever it presents until the window ends: no oracle for a guessed token.
      expect((await hide(app, good)).statusCode).toBe(429);
      // Another address is not affected.
      expect((await hide(app, good, '198.51.100.4')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('are not limited with rate limiting off', async () => {
    const { app } = await makeServer({ rateLimit: false });
    try {
      for (let i = 0; i < 15; i++) expect((await hide(app, `wrong-${i}`)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
