/**
 * The SQLite engine's schema migrations, tracked with `PRAGMA user_version`. PostgreSQL has its
 * own list (postgresMigrations.ts) ending in the same tables.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';

/** One schema change. */
export interface Migration {
  /** 1-based, strictly increasing; stored in `PRAGMA user_version` once applied. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** Ordered list of schema migrations. Append new ones; never edit an applied one. */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'provider core tables',
    up(db) {
      db.exec(`
        CREATE TABLE shops (
          id TEXT PRIMARY KEY,
          domain TEXT UNIQUE NOT NULL,
          admin_token TEXT NOT NULL,
          settings_json TEXT NOT NULL DEFAULT '{}',
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE TABLE products (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          product_id INTEGER NOT NULL,
          handle TEXT NOT NULL,
          title TEXT NOT NULL,
          image_url TEXT,
          PRIMARY KEY (shop_id, handle)
        );
        CREATE INDEX products_by_id ON products(shop_id, product_id);
        CREATE TABLE reviews (
          id INTEGER PRIMARY KEY,
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          product_id INTEGER,
          product_handle TEXT,
          type TEXT NOT NULL DEFAULT 'product_review' CHECK (type IN ('product_review','order_review')),
          name TEXT NOT NULL,
          email TEXT,
          stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
          body_html TEXT NOT NULL DEFAULT '',
          verified INTEGER NOT NULL DEFAULT 0,
          reply_html TEXT NULL,
          reply_at TEXT NULL,
          hidden INTEGER NOT NULL DEFAULT 0,
          locale TEXT,
          created_at TEXT NOT NULL
        );
        CREATE INDEX reviews_by_handle ON reviews(shop_id, product_handle, hidden, stars);
        CREATE INDEX reviews_by_product ON reviews(shop_id, product_id, hidden, created_at);
        CREATE TABLE review_photos (
          id INTEGER PRIMARY KEY,
          review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
          url TEXT NOT NULL,
          position INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX review_photos_by_review ON review_photos(review_id, position);
        CREATE TABLE events (
          id INTEGER PRIMARY KEY,
          shop_id TEXT,
          type TEXT NOT NULL,
          payload_json TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE TABLE error_reports (
          id INTEGER PRIMARY KEY,
          shop_id TEXT,
          code TEXT NOT NULL,
          message TEXT,
          url TEXT,
          ua TEXT,
          payload_json TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE TABLE shop_state (
          shop_id TEXT PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
          last_updated INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'demo shop carts',
    up(db) {
      db.exec(`
        CREATE TABLE carts (
          token TEXT PRIMARY KEY,
          note TEXT,
          attributes_json TEXT NOT NULL DEFAULT '{}',
          items_json TEXT NOT NULL DEFAULT '[]',
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
      `);
    },
  },
  {
    version: 3,
    name: 'admin tokens stored as SHA-256 hashes',
    up(db) {
      // The hash is computed here (not with adminTokens.ts) so this migration never changes.
      db.exec("ALTER TABLE shops ADD COLUMN admin_token_sha256 TEXT NOT NULL DEFAULT ''");
      const rows = db.prepare('SELECT id, admin_token FROM shops').all() as { id: string; admin_token: string }[];
      const setHash = db.prepare('UPDATE shops SET admin_token_sha256 = ? WHERE id = ?');
      for (const row of rows) {
        setHash.run(row.admin_token ? createHash('sha256').update(row.admin_token, 'utf8').digest('hex') : '', row.id);
      }
      db.exec('ALTER TABLE shops DROP COLUMN admin_token');
    },
  },
  {
    version: 4,
    name: 'tracking batches (meta once per request) and retention indexes',
    up(db) {
      db.exec(`
        CREATE TABLE track_batches (
          id INTEGER PRIMARY KEY,
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          version TEXT NOT NULL,
          meta_json TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE INDEX track_batches_by_created ON track_batches(created_at);
        ALTER TABLE events ADD COLUMN batch_id INTEGER REFERENCES track_batches(id) ON DELETE CASCADE;
        CREATE INDEX events_by_batch ON events(batch_id);
        CREATE INDEX events_by_created ON events(created_at);
        CREATE INDEX error_reports_by_created ON error_reports(created_at);
      `);
    },
  },
  {
    version: 5,
    name: 'review HTML sanitized once, when written; shared rate-limit counters',
    up(db) {
      db.exec(`
        ALTER TABLE reviews ADD COLUMN html_version INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE rate_limits (
          key TEXT NOT NULL,
          window_start INTEGER NOT NULL,
          hits INTEGER NOT NULL,
          PRIMARY KEY (key, window_start)
        );
      `);
      // Existing rows are cleaned now and stamped 1 (the allow-list of this release), so serving
      // them needs no sanitizer; a later allow-list bumps the version and re-cleans on read.
      const rows = db.prepare('SELECT id, body_html, reply_html FROM reviews').all() as {
        id: number;
        body_html: string;
        reply_html: string | null;
      }[];
      const clean = db.prepare('UPDATE reviews SET body_html = ?, reply_html = ?, html_version = 1 WHERE id = ?');
      for (const row of rows)
        clean.run(sanitizeReviewHtml(row.body_html), row.reply_html === null ? null : sanitizeReviewHtml(row.reply_html) || null, row.id);
    },
  },
  {
    version: 6,
    name: 'tracking batches stored once per request uid (a retried beacon is not stored twice)',
    up(db) {
      db.exec(`
        ALTER TABLE track_batches ADD COLUMN request_uid TEXT;
        CREATE UNIQUE INDEX track_batches_by_request ON track_batches(shop_id, request_uid);
      `);
    },
  },
  {
    version: 7,
    name: 'photos by content hash (their bytes are files under the data folder)',
    up(db) {
      db.exec(`
        CREATE TABLE photos (
          hash TEXT PRIMARY KEY,
          content_type TEXT NOT NULL,
          size INTEGER NOT NULL,
          bytes BLOB,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
      `);
    },
  },
  {
    version: 8,
    name: 'reviews write side: moderation status, idempotency keys, photo thumbnails, orders with review codes, captured e-mails',
    up(db) {
      db.exec(`
        ALTER TABLE reviews ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published','pending','rejected'));
        ALTER TABLE reviews ADD COLUMN idempotency_key TEXT;
        CREATE UNIQUE INDEX reviews_by_idempotency_key ON reviews(shop_id, idempotency_key);
        CREATE INDEX reviews_by_status ON reviews(shop_id, status, created_at);
        CREATE INDEX reviews_by_email ON reviews(shop_id, lower(email), product_handle);
        ALTER TABLE review_photos ADD COLUMN thumbnail_url TEXT;
        CREATE TABLE orders (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          code TEXT NOT NULL,
          product_handle TEXT NOT NULL,
          product_id INTEGER,
          customer_name TEXT,
          customer_email TEXT,
          review_id INTEGER REFERENCES reviews(id) ON DELETE SET NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          PRIMARY KEY (shop_id, code)
        );
        CREATE TABLE captured_emails (
          id INTEGER PRIMARY KEY,
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          email TEXT NOT NULL,
          product_key TEXT NOT NULL DEFAULT '',
          product_handle TEXT,
          product_id INTEGER,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE UNIQUE INDEX captured_emails_once ON captured_emails(shop_id, email, product_key);
      `);
    },
  },
  {
    version: 9,
    name: 'what the owner learns: daily aggregates per shop, visitors and visits of a day, error groups',
    up(db) {
      db.exec(`
        CREATE TABLE daily_stats (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          day TEXT NOT NULL,
          metric TEXT NOT NULL,
          key TEXT NOT NULL DEFAULT '',
          count INTEGER NOT NULL,
          PRIMARY KEY (shop_id, day, metric, key)
        );
        CREATE TABLE daily_visitors (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          day TEXT NOT NULL,
          user_uid TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          PRIMARY KEY (shop_id, day, user_uid)
        );
        CREATE INDEX daily_visitors_by_created ON daily_visitors(created_at);
        CREATE TABLE visits (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          session_id TEXT NOT NULL,
          saw_reviews INTEGER NOT NULL DEFAULT 0,
          add_to_carts INTEGER NOT NULL DEFAULT 0,
          credited INTEGER NOT NULL DEFAULT 0,
          last_credit INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          PRIMARY KEY (shop_id, session_id)
        );
        CREATE INDEX visits_by_created ON visits(created_at);
        CREATE TABLE error_groups (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          code TEXT NOT NULL,
          message TEXT NOT NULL,
          source TEXT NOT NULL,
          count INTEGER NOT NULL,
          first_seen TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          last_seen TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          PRIMARY KEY (shop_id, code, message, source)
        );
        CREATE INDEX error_groups_by_last_seen ON error_groups(shop_id, last_seen);
      `);
    },
  },
  {
    version: 10,
    name: "owner mode: where the owner placed widgets 4, 5, 6 per device, placement reports per day, the provider's signing secrets",
    up(db) {
      db.exec(`
        CREATE TABLE owner_placements (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          widget_id INTEGER NOT NULL CHECK (widget_id IN (4, 5, 6)),
          device TEXT NOT NULL CHECK (device IN ('desktop','mobile')),
          selector TEXT NOT NULL,
          alignment TEXT NOT NULL CHECK (alignment IN ('before','after','prepend','append')),
          placement_id TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (shop_id, widget_id, device)
        );
        CREATE TABLE placement_reports (
          shop_id TEXT NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
          day TEXT NOT NULL,
          placement_id TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (shop_id, day, placement_id)
        );
        CREATE TABLE provider_secrets (
          name TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
      `);
    },
  },
  {
    version: 11,
    name: "the demo platform's metafields (the review metafields the provider writes through its Admin API)",
    up(db) {
      db.exec(`
        CREATE TABLE platform_metafields (
          id INTEGER PRIMARY KEY,
          owner_id TEXT NOT NULL,
          namespace TEXT NOT NULL,
          key TEXT NOT NULL,
          type TEXT NOT NULL,
          value TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          UNIQUE (owner_id, namespace, key)
        );
      `);
    },
  },
];

/** The schema version applied (`PRAGMA user_version`; 0 for a new file). */
export function currentVersion(db: Database.Database): number {
  return Number(db.pragma('user_version', { simple: true }) ?? 0);
}

/** Apply every migration newer than `user_version`, each in its own transaction. Idempotent. */
export function migrate(db: Database.Database, list: Migration[] = migrations): number[] {
  const applied: number[] = [];
  let version = currentVersion(db);
  for (const migration of [...list].sort((left, right) => left.version - right.version)) {
    if (migration.version <= version) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version | 0}`);
    })();
    version = migration.version;
    applied.push(migration.version);
  }
  return applied;
}
