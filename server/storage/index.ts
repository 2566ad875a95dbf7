/**
 * The provider's storage: one set of stores by concern (shops, reviews, shoppers' submissions and
 * their moderation, orders with review codes, captured e-mails, products, tracking, the demo
 * shop's carts and the metafields of the platform it plays, rate-limit counters, photos, what the
 * owner learns, the owner's widget placements, shared secrets), written once against the query
 * builder, over one of two engines:
 *
 * - SQLite (default): `${dataDir}/vitrine.sqlite`, nothing to install; one process.
 * - PostgreSQL, when a `postgres://` URL is given (`DATABASE_URL`): any number of provider
 *   processes share one database; nothing correctness depends on lives in one process's memory.
 *
 * Each engine has its own versioned migrations, safe when several processes start at once (a
 * `BEGIN IMMEDIATE` transaction on SQLite, an advisory lock on PostgreSQL), and the same demo data.
 */
import type { Kysely } from 'kysely';
import { capturedEmailStore, type CapturedEmailStore } from './capturedEmails.ts';
import { cartRows, type CartRows } from './carts.ts';
import type { Engine } from './engine.ts';
import { moderationStore, type ModerationStore } from './moderation.ts';
import { orderStore, type OrderStore } from './orders.ts';
import { openPostgres } from './postgres.ts';
import { photoStore, type PhotoStore } from './photos.ts';
import { placementStore, type PlacementStore } from './placements.ts';
import { platformMetafieldStore, type PlatformMetafieldStore } from './platformMetafields.ts';
import { productStore, type ProductStore } from './products.ts';
import { rateLimitCounters, type RateLimitCounters } from './rateLimits.ts';
import { reviewStore, type ReviewStore } from './reviews.ts';
import type { Schema } from './schema.ts';
import { secretStore, type SecretStore } from './secrets.ts';
import { finishAdminTokenFile } from './setup.ts';
import { shopStore, type ShopStore } from './shops.ts';
import { openSqliteFile, sqliteKysely } from './sqlite.ts';
import { submissionStore, type SubmissionStore } from './submissions.ts';
import { trackingStore, type TrackingStore } from './tracking.ts';
import { statsStore, type StatsStore } from './dailyStats.ts';

export type { Engine } from './engine.ts';

/** The stores of one provider process. */
export interface Storage {
  engine: Engine;
  /** The query builder the stores share (tests use it to check what was stored). */
  db: Kysely<Schema>;
  shops: ShopStore;
  reviews: ReviewStore;
  /** Shoppers' review submissions (checked and stored in one transaction). */
  submissions: SubmissionStore;
  /** The owner's pending queue, approve and reject. */
  moderation: ModerationStore;
  /** Orders with review codes. */
  orders: OrderStore;
  capturedEmails: CapturedEmailStore;
  products: ProductStore;
  tracking: TrackingStore;
  /** What the owner learns: daily aggregates and error groups. */
  stats: StatsStore;
  carts: CartRows;
  rateLimits: RateLimitCounters;
  photos: PhotoStore;
  /** Where the owner placed widgets 4, 5, 6, and the storefront's placement reports. */
  placements: PlacementStore;
  /** Random secrets all provider processes share (the editor tokens' key, the demo platform's Admin API token). */
  secrets: SecretStore;
  /** The demo platform's metafields (its Admin API writes them, its theme reads them). */
  platformMetafields: PlatformMetafieldStore;
  /** Closes the connection (SQLite) or the pool (PostgreSQL). */
  close(): Promise<void>;
}

/** Where the data lives. */
export interface StorageOptions {
  /** A `postgres://` or `postgresql://` URL selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | null;
  /** SQLite's folder, and where the demo shop's generated admin token is written (both engines). */
  dataDir: string;
  /** The demo shop's configured admin token (VITRINE_ADMIN_TOKEN), if any. */
  adminToken?: string | null;
  /** PostgreSQL pool size of this process. */
  poolSize?: number;
}

/** True when `url` selects the PostgreSQL engine. */
const isPostgresUrl = (url: string | null | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/** Opens the storage: the engine, migrated and seeded, with its stores. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  let engine: Engine;
  let db: Kysely<Schema>;
  if (isPostgresUrl(options.databaseUrl)) {
    const opened = await openPostgres({ url: options.databaseUrl, adminToken: options.adminToken ?? null, poolSize: options.poolSize });
    engine = 'postgres';
    db = opened.db;
    finishAdminTokenFile(options.dataDir, opened.setup);
  } else {
    const opened = openSqliteFile(options.dataDir, options.adminToken ?? null);
    engine = 'sqlite';
    db = sqliteKysely(opened.db);
    finishAdminTokenFile(options.dataDir, opened.setup);
  }
  const shops = shopStore(db, engine);
  const photos = photoStore(db, engine, options.dataDir);
  let closed = false;
  return {
    engine,
    db,
    shops,
    reviews: reviewStore(db, shops),
    submissions: submissionStore(db, engine, shops, photos),
    moderation: moderationStore(db, engine, shops),
    orders: orderStore(db),
    capturedEmails: capturedEmailStore(db),
    products: productStore(db),
    tracking: trackingStore(db),
    stats: statsStore(db),
    carts: cartRows(db),
    rateLimits: rateLimitCounters(db),
    photos,
    placements: placementStore(db, shops),
    secrets: secretStore(db),
    platformMetafields: platformMetafieldStore(db),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
