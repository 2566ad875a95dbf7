/**
 * The provider's tables as the query builder (Kysely) sees them, the same on both engines. Column
 * types are what the code reads and writes: timestamps are ISO 8601 strings (TEXT on SQLite,
 * `timestamptz` read back as ISO strings on PostgreSQL), flags are 0/1 integers, JSON is text.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A column the database fills when the insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

interface ShopsTable {
  id: string;
  domain: string;
  /** SHA-256 hex of the owner's admin token ('' = no admin access). */
  admin_token_sha256: Defaulted<string>;
  settings_json: Defaulted<string>;
  created_at: Defaulted<string>;
}

interface ShopStateTable {
  shop_id: string;
  /** Seconds; bumped on every review change: the version in review URLs and settings. */
  last_updated: number;
}

interface ProductsTable {
  shop_id: string;
  product_id: number;
  handle: string;
  title: string;
  image_url: string | null;
}

interface ReviewsTable {
  id: Generated<number>;
  shop_id: string;
  product_id: number | null;
  product_handle: string | null;
  type: Defaulted<'product_review' | 'order_review'>;
  name: string;
  email: string | null;
  stars: number;
  /** Sanitized with the sanitizer of `html_version` (see reviewHtml.ts). */
  body_html: Defaulted<string>;
  verified: Defaulted<number>;
  reply_html: string | null;
  reply_at: string | null;
  hidden: Defaulted<number>;
  locale: string | null;
  created_at: string;
  /** Which sanitizer version cleaned `body_html` and `reply_html` (0: stored raw, cleaned when served). */
  html_version: Defaulted<number>;
  /** Moderation: only `published` reviews (that are not hidden) are served or counted (reviewVisibility.ts). */
  status: Defaulted<ReviewStatus>;
  /** The submission's idempotency key, unique per shop: a retried submission is stored once. */
  idempotency_key: Defaulted<string | null>;
}

interface ReviewPhotosTable {
  id: Generated<number>;
  review_id: number;
  url: string;
  /** A smaller copy for list strips and the modal's thumbnails; null for photos from before them (the photo serves). */
  thumbnail_url: Defaulted<string | null>;
  position: Defaulted<number>;
}

/** Orders whose customers may write one verified review of the product with the order's review code. */
interface OrdersTable {
  shop_id: string;
  code: string;
  product_handle: string;
  product_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  /** The review the code produced; null while the code is unused. */
  review_id: Defaulted<number | null>;
  created_at: Defaulted<string>;
}

/** E-mail addresses shoppers left (POST /api/store-captured-email), once per shop, address and product. */
interface CapturedEmailsTable {
  id: Generated<number>;
  shop_id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** What deduplicates per product: the product's handle, else the given product id, else ''. */
  product_key: string;
  product_handle: string | null;
  product_id: number | null;
  created_at: Defaulted<string>;
}

interface TrackBatchesTable {
  id: Generated<number>;
  shop_id: string;
  version: string;
  meta_json: string;
  /** The client's request uid (SPEC §3 tracking meta): a retried request is stored once. */
  request_uid: Defaulted<string | null>;
  created_at: Defaulted<string>;
}

interface EventsTable {
  id: Generated<number>;
  shop_id: string | null;
  batch_id: number | null;
  type: string;
  payload_json: string;
  created_at: Defaulted<string>;
}

interface ErrorReportsTable {
  id: Generated<number>;
  shop_id: string | null;
  code: string;
  message: string | null;
  url: string | null;
  ua: string | null;
  payload_json: string;
  created_at: Defaulted<string>;
}

/**
 * What the owner learns, one row per shop, UTC day, metric and key (a widget for impressions, a
 * name for interactions, '' for plain counts), counted when tracking requests arrive. No visitor
 * data: kept when the raw rows expire.
 */
interface DailyStatsTable {
  shop_id: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  metric: string;
  key: Defaulted<string>;
  count: number;
}

/** The user uids seen on a day: a visitor counts once per day. Expire with the raw rows. */
interface DailyVisitorsTable {
  shop_id: string;
  day: string;
  user_uid: string;
  created_at: Defaulted<string>;
}

/**
 * A visit (one tab's session): whether it saw reviews, its add-to-carts and how many of them were
 * counted as add-to-carts after reviews (`credited`; `last_credit` is what the latest request
 * credited, computed in the same statement). Expire with the raw rows.
 */
interface VisitsTable {
  shop_id: string;
  session_id: string;
  saw_reviews: Defaulted<number>;
  add_to_carts: Defaulted<number>;
  credited: Defaulted<number>;
  last_credit: Defaulted<number>;
  created_at: Defaulted<string>;
}

/** Client error reports grouped by code, message and the chunk they came from. */
interface ErrorGroupsTable {
  shop_id: string;
  code: string;
  message: string;
  source: string;
  count: number;
  first_seen: Defaulted<string>;
  last_seen: Defaulted<string>;
}

interface CartsTable {
  token: string;
  note: string | null;
  attributes_json: Defaulted<string>;
  items_json: Defaulted<string>;
  updated_at: Defaulted<string>;
}

/** Photos by content hash; the bytes are here on PostgreSQL, in files next to SQLite's database. */
interface PhotosTable {
  hash: string;
  content_type: string;
  size: number;
  bytes: Buffer | null;
  created_at: Defaulted<string>;
}

/** Fixed-window request counters shared by every provider process (rate limits on PostgreSQL). */
interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** A device class of the owner's placements (spec §9: mobile is a viewport of at most 767 px). */
export type PlacementDevice = 'desktop' | 'mobile';
/** Where a widget goes relative to the element a placement's selector finds (spec §3 placement). */
export type PlacementAlignment = 'before' | 'after' | 'prepend' | 'append';

/** Where the owner placed a widget (POST /api/update-selector): one row per shop, placed widget (4, 5, 6) and device. */
interface OwnerPlacementsTable {
  shop_id: string;
  widget_id: number;
  device: PlacementDevice;
  selector: string;
  alignment: PlacementAlignment;
  /** The id the storefront reports when it used the placement (`owner-4-m`). */
  placement_id: string;
  updated_at: string;
}

/** Placement reports (spec §7) counted per shop, UTC day and placement id; no visitor data. */
interface PlacementReportsTable {
  shop_id: string;
  day: string;
  placement_id: string;
  count: number;
}

/** Random secrets every provider process shares (the editor tokens' signing key), created on first use. */
interface ProviderSecretsTable {
  name: string;
  value: string;
  created_at: Defaulted<string>;
}

/**
 * The demo platform's metafields (server/shop plays the platform): what its Admin API
 * (`metafieldsSet`, `metafieldsDelete`; server/shop/adminApi.ts) stores and its theme reads. One
 * per owner, namespace and key; no shop column, as the demo platform holds one shop (like `carts`).
 */
interface PlatformMetafieldsTable {
  id: Generated<number>;
  /** The owner's GID, e.g. `gid://shopify/Product/123`. */
  owner_id: string;
  namespace: string;
  key: string;
  /** The platform's metafield type (`rating`, `number_integer`, …). */
  type: string;
  /** The value as the platform stores it: text, JSON text for `rating`. */
  value: string;
  created_at: string;
  updated_at: string;
}

/** Every table of the provider's store. */
export interface Schema {
  shops: ShopsTable;
  shop_state: ShopStateTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  track_batches: TrackBatchesTable;
  events: EventsTable;
  error_reports: ErrorReportsTable;
  daily_stats: DailyStatsTable;
  daily_visitors: DailyVisitorsTable;
  visits: VisitsTable;
  error_groups: ErrorGroupsTable;
  carts: CartsTable;
  rate_limits: RateLimitsTable;
  photos: PhotosTable;
  orders: OrdersTable;
  captured_emails: CapturedEmailsTable;
  owner_placements: OwnerPlacementsTable;
  placement_reports: PlacementReportsTable;
  provider_secrets: ProviderSecretsTable;
  platform_metafields: PlatformMetafieldsTable;
}

/** A review's moderation state: pending and rejected reviews are never served or counted. */
export type ReviewStatus = 'published' | 'pending' | 'rejected';

export type ShopRow = Selectable<ShopsTable>;
/** A shop with its review version (`shop_state.last_updated`, 0 before any), read in one query. */
export type Shop = ShopRow & { last_updated: number };
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PlatformMetafieldRow = Selectable<PlatformMetafieldsTable>;
