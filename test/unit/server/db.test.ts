import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.ts';
import { currentVersion, migrate, migrations } from '../../../server/db/migrations.ts';
import { computeExpectedStats, reviewCount, SEED_FACTS, seedIfEmpty } from '../../../server/db/seed.ts';
import { PRODUCTS } from '../../../server/shop/catalog.ts';

const opened: Database.Database[] = [];
afterEach(() => {
  while (opened.length) opened.pop()!.close();
});

function tmp(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-'));
}

describe('migrations', () => {
  it('apply in order, set user_version and are idempotent', () => {
    const db = new Database(':memory:');
    opened.push(db);
    expect(currentVersion(db)).toBe(0);
    const applied = migrate(db);
    expect(applied).toEqual(migrations.map((m) => m.version));
    expect(currentVersion(db)).toBe(migrations[migrations.length - 1]!.version);
    expect(migrate(db)).toEqual([]);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map((r) => r.name);
    for (const t of ['shops', 'products', 'reviews', 'review_photos', 'events', 'error_reports', 'shop_state', 'carts'])
      expect(tables).toContain(t);
  });

  it('creates the data dir, uses WAL, and reopening does not migrate or seed again', () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const db1 = openDatabase(dir);
    expect(fs.existsSync(path.join(dir, 'vitrine.sqlite'))).toBe(true);
    expect(db1.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db1.pragma('busy_timeout', { simple: true })).toBe(5000);
    const count1 = (db1.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
    const token1 = (db1.prepare("SELECT admin_token_sha256 AS hash FROM shops WHERE id='demo'").get() as { hash: string }).hash;
    const tokenFile1 = fs.readFileSync(path.join(dir, 'admin-token'), 'utf8');
    db1.prepare('DELETE FROM reviews WHERE id = (SELECT MIN(id) FROM reviews)').run();
    db1.close();
    const db2 = openDatabase(dir);
    opened.push(db2);
    const count2 = (db2.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
    expect(count2).toBe(count1 - 1); // not re-seeded
    expect((db2.prepare("SELECT admin_token_sha256 AS hash FROM shops WHERE id='demo'").get() as { hash: string }).hash).toBe(token1);
    expect(fs.readFileSync(path.join(dir, 'admin-token'), 'utf8')).toBe(tokenFile1);
    expect(seedIfEmpty(db2)).toBe(false);
  });
});

describe('durability', () => {
  it('commits with synchronous = FULL (an answered review write survives a power loss)', () => {
    const db = openDatabase(tmp());
    opened.push(db);
    // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('seed', () => {
  it('is deterministic and matches the documented facts', () => {
    const a = openDatabase(tmp());
    const b = openDatabase(tmp());
    opened.push(a, b);
    const statsA = computeExpectedStats(a);
    expect(statsA).toEqual(computeExpectedStats(b));
    expect(Object.keys(statsA)).toHaveLength(SEED_FACTS.productCount);
    expect(SEED_FACTS.productCount).toBeGreaterThanOrEqual(24);
    for (const h of SEED_FACTS.productsWithoutReviews) expect(statsA[h]!.r).toBe(0);
    expect(reviewCount(a, SEED_FACTS.manyReviewsHandle)).toBe(SEED_FACTS.manyReviewsCount);
    const many = statsA[SEED_FACTS.manyReviewsHandle]!;
    for (const s of ['1', '2', '3', '4', '5'] as const) expect(many.d[s]).toBeGreaterThan(0);
    const withReviews = PRODUCTS.filter(
      (p) => !SEED_FACTS.productsWithoutReviews.includes(p.product.handle) && p.product.handle !== SEED_FACTS.manyReviewsHandle,
    );
    for (const p of withReviews) {
      const total = (a.prepare('SELECT COUNT(*) AS n FROM reviews WHERE product_handle = ?').get(p.product.handle) as { n: number }).n;
      expect(total).toBeGreaterThanOrEqual(6);
      expect(total).toBeLessThanOrEqual(15);
    }
    const photos = (a.prepare('SELECT COUNT(*) AS n FROM review_photos').get() as { n: number }).n;
    expect(photos).toBeGreaterThan(20);
    const replies = (a.prepare('SELECT COUNT(*) AS n FROM reviews WHERE reply_html IS NOT NULL').get() as { n: number }).n;
    expect(replies).toBeGreaterThan(5);
    const locales = (a.prepare('SELECT DISTINCT locale FROM reviews ORDER BY locale').all() as { locale: string }[]).map((r) => r.locale);
    expect(locales).toEqual(['en', 'es', 'nl']);
    const verified = a.prepare('SELECT DISTINCT verified FROM reviews ORDER BY verified').all() as { verified: number }[];
    expect(verified.map((r) => r.verified)).toEqual([0, 1]);
  });
});
