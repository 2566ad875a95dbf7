/**
 * Provider configuration: the `buildApp` options that production sets through environment
 * variables (read by `configFromEnv`, called from server/main.ts), validated in one place so a
 * bad value stops the server at start with a one-line message (ConfigError) instead of
 * misbehaving later. docs/provider-api.md ("Configuration") lists every variable.
 */
import net from 'node:net';

/** A configuration value the server cannot start with; the message is one line naming it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Per-client limits; each counts per client address (IPv6: per /64) and shop. */
interface RateLimits {
  /** `POST /api/track` requests per minute (VITRINE_TRACK_RATE_PER_MIN). */
  trackPerMinute: number;
  /** `POST /api/store-error` requests per minute (VITRINE_STORE_ERROR_RATE_PER_MIN). */
  storeErrorPerMinute: number;
  /** Failed admin requests (wrong or missing token) per 15 minutes (VITRINE_ADMIN_FAILURES_PER_15_MIN). */
  adminFailuresPer15Min: number;
  /** Review submissions (`/api/add-new-review`, `/api/store-review-for-order`) per hour (VITRINE_REVIEW_RATE_PER_HOUR). */
  reviewsPerHour: number;
  /** `POST /api/store-captured-email` requests per minute (VITRINE_CAPTURED_EMAIL_RATE_PER_MIN). */
  capturedEmailsPerMinute: number;
}

/** What one review submission may carry (docs/provider-api.md "Reviews (write side)"). */
export interface ReviewPhotoLimits {
  /** Photos per review, 0–20 (VITRINE_REVIEW_MAX_PHOTOS; 0: no photos accepted). */
  maxCount: number;
  /** Bytes of one uploaded photo (VITRINE_REVIEW_PHOTO_MAX_MB, in megabytes). */
  maxPhotoBytes: number;
  /** Bytes of the whole request, fields and photos (VITRINE_REVIEW_REQUEST_MAX_MB, in megabytes). */
  maxRequestBytes: number;
  /** Pixels (width × height) of one uploaded photo, checked before it is decoded (VITRINE_REVIEW_PHOTO_MAX_MEGAPIXELS). */
  maxPixels: number;
}

const MB = 1024 * 1024;

/** 5 phone photos of a few MB each; 40 megapixels is above any phone camera, far below a decompression bomb. */
const DEFAULT_REVIEW_PHOTO_LIMITS: ReviewPhotoLimits = {
  maxCount: 5,
  maxPhotoBytes: 15 * MB,
  maxRequestBytes: 40 * MB,
  maxPixels: 40_000_000,
};

/** Photos per review at most, whatever is configured (each costs a decode and two encodes). */
const MAX_PHOTOS_CEILING = 20;

/**
 * Generous enough for real traffic behind one address (an office or a mobile carrier NAT): a page
 * view sends a tracking beacon at start, one per 5 s heartbeat and one when hidden (SPEC §4), and
 * at most 10 error reports.
 */
const DEFAULT_RATE_LIMITS: RateLimits = {
  trackPerMinute: 300,
  storeErrorPerMinute: 60,
  adminFailuresPer15Min: 10,
  // A shopper writes a review or two; a household or an office behind one address, a few more.
  reviewsPerHour: 10,
  capturedEmailsPerMinute: 30,
};

/** Days expiring rows (events, track batches, error reports) are kept by default. */
const DEFAULT_RETENTION_DAYS = 90;

/** Admin tokens are bearer secrets: shorter ones are refused (they could be guessed). */
const MIN_ADMIN_TOKEN_LENGTH = 32;

/** The configurable `buildApp` options. */
export interface ProviderConfig {
  /**
   * The provider's public origin, e.g. `https://reviews.example.com` (VITRINE_PUBLIC_URL): used for
   * `assetBase`/`providerBase` in `/{shopId}/vitrine.js` whatever the request's headers say.
   */
  publicUrl?: string;
  /**
   * Addresses/CIDRs of reverse proxies whose `X-Forwarded-For/-Host/-Proto` are believed
   * (VITRINE_TRUST_PROXY, comma-separated). Without it forwarded headers are ignored.
   */
  trustProxy?: string | string[];
  /** `false` turns every rate limit off (VITRINE_RATE_LIMIT=0); an object overrides some limits. */
  rateLimit?: false | Partial<RateLimits>;
  /** Days events, track batches and error reports are kept (VITRINE_RETENTION_DAYS, default 90). */
  retentionDays?: number;
  /** The demo shop's admin token, ≥ 32 characters (VITRINE_ADMIN_TOKEN); applied on every start. */
  adminToken?: string;
  /**
   * `postgres://user:password@host:port/database` (DATABASE_URL): the provider stores its data in
   * PostgreSQL, shared by any number of provider processes. Unset or null: SQLite in the data folder.
   */
  databaseUrl?: string | null;
  /** Connections each provider process keeps to PostgreSQL (VITRINE_DB_POOL_SIZE, default 10). */
  poolSize?: number;
  /** Megabytes of immutable answers each process keeps encoded in memory (VITRINE_RESPONSE_CACHE_MB, default 64). */
  responseCacheMb?: number;
  /** Limits of review submissions' photos (bytes and pixels here; the variables take MB and megapixels). */
  reviewPhotos?: Partial<ReviewPhotoLimits>;
}

/** ProviderConfig after validation and defaults. */
export interface ResolvedConfig {
  /** `proto://host[:port]`, or null: then the origin comes from the request. */
  publicOrigin: string | null;
  /** Fastify's `trustProxy`: the trusted addresses, or false. */
  trustProxy: string[] | false;
  /** null when rate limiting is off. */
  rateLimits: RateLimits | null;
  retentionDays: number;
  adminToken: string | null;
  /** A PostgreSQL URL, or null for SQLite. */
  databaseUrl: string | null;
  poolSize: number;
  responseCacheBytes: number;
  reviewPhotos: ReviewPhotoLimits;
}

/** Validate a public URL and reduce it to its origin: http(s), a host, no credentials, path, query or fragment. */
function parsePublicUrl(value: string, name = 'VITRINE_PUBLIC_URL'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) origin such as https://reviews.example.com (got ${JSON.stringify(value)})`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !value.includes('?') && !value.includes('#');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || !bare) {
    throw new ConfigError(
      `${name} must be an http(s) origin with no path, query or credentials, such as https://reviews.example.com (got ${JSON.stringify(value)})`,
    );
  }
  return url.origin;
}

/** proxy-addr's names for address ranges (accepted by fastify's `trustProxy` list). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Validate a trusted-proxy list (`127.0.0.1,10.0.0.0/8` or an array): IP addresses, CIDRs, or loopback/linklocal/uniquelocal. */
function parseTrustProxy(value: string | string[], name = 'VITRINE_TRUST_PROXY'): string[] {
  const entries = (Array.isArray(value) ? value : value.split(',')).map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) throw new ConfigError(`${name} must list proxy addresses or CIDRs, such as 127.0.0.1,10.0.0.0/8`);
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    throw new ConfigError(`${name}: ${JSON.stringify(bad)} is not an IP address or CIDR (expected e.g. 127.0.0.1,10.0.0.0/8)`);
  }
  return entries;
}

/** Validate a database URL: only PostgreSQL's `postgres://` / `postgresql://` URLs are understood. */
function parseDatabaseUrl(value: string, name = 'DATABASE_URL'): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    /* reported below */
  }
  if (!url || !/^postgres(ql)?:$/.test(url.protocol) || !url.hostname) {
    throw new ConfigError(
      `${name} must be a PostgreSQL URL such as postgres://vitrine:secret@db.example:5432/vitrine (unset it to use SQLite)`,
    );
  }
  return value;
}

/** Default PostgreSQL connections per provider process. */
const DEFAULT_POOL_SIZE = 10;
/** Default megabytes of the immutable-response cache per process. */
const DEFAULT_RESPONSE_CACHE_MB = 64;

/** Validate an admin token: at least MIN_ADMIN_TOKEN_LENGTH characters, no whitespace. */
export function parseAdminToken(value: string, name = 'VITRINE_ADMIN_TOKEN'): string {
  if (value.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(`${name} must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (got ${value.length}); e.g. openssl rand -hex 24`);
  }
  if (/\s/.test(value)) throw new ConfigError(`${name} must not contain whitespace`);
  return value;
}

function positiveInt(value: unknown, name: string): number {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number ≥ 1 (got ${JSON.stringify(value)})`);
  }
  return number;
}

/** Validate the rate limits (null: off) and apply the defaults. */
function resolveRateLimits(option: ProviderConfig['rateLimit']): RateLimits | null {
  if (option === false) return null;
  const merged = { ...DEFAULT_RATE_LIMITS, ...(option ?? {}) };
  const limits = {} as RateLimits;
  for (const key of Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimits)[]) limits[key] = positiveInt(merged[key], `rateLimit.${key}`);
  return limits;
}

/** Validate the review photo limits and apply the defaults. */
function resolveReviewPhotoLimits(option: Partial<ReviewPhotoLimits> = {}): ReviewPhotoLimits {
  const merged = { ...DEFAULT_REVIEW_PHOTO_LIMITS, ...option };
  const maxCount = merged.maxCount === 0 ? 0 : positiveInt(merged.maxCount, 'reviewPhotos.maxCount');
  if (maxCount > MAX_PHOTOS_CEILING) throw new ConfigError(`reviewPhotos.maxCount must be at most ${MAX_PHOTOS_CEILING} (got ${maxCount})`);
  return {
    maxCount,
    maxPhotoBytes: positiveInt(merged.maxPhotoBytes, 'reviewPhotos.maxPhotoBytes'),
    maxRequestBytes: positiveInt(merged.maxRequestBytes, 'reviewPhotos.maxRequestBytes'),
    maxPixels: positiveInt(merged.maxPixels, 'reviewPhotos.maxPixels'),
  };
}

/** Validate `buildApp`'s configurable options and apply the defaults. Throws ConfigError. */
export function resolveConfig(opts: ProviderConfig): ResolvedConfig {
  return {
    publicOrigin: opts.publicUrl === undefined ? null : parsePublicUrl(opts.publicUrl, 'publicUrl'),
    trustProxy: opts.trustProxy === undefined ? false : parseTrustProxy(opts.trustProxy, 'trustProxy'),
    rateLimits: resolveRateLimits(opts.rateLimit),
    retentionDays: opts.retentionDays === undefined ? DEFAULT_RETENTION_DAYS : positiveInt(opts.retentionDays, 'retentionDays'),
    adminToken: opts.adminToken === undefined ? null : parseAdminToken(opts.adminToken, 'adminToken'),
    databaseUrl: opts.databaseUrl === undefined || opts.databaseUrl === null ? null : parseDatabaseUrl(opts.databaseUrl, 'databaseUrl'),
    poolSize: opts.poolSize === undefined ? DEFAULT_POOL_SIZE : positiveInt(opts.poolSize, 'poolSize'),
    responseCacheBytes:
      (opts.responseCacheMb === undefined ? DEFAULT_RESPONSE_CACHE_MB : positiveInt(opts.responseCacheMb, 'responseCacheMb')) * 1024 * 1024,
    reviewPhotos: resolveReviewPhotoLimits(opts.reviewPhotos),
  };
}

/** Environment variables of the rate limits (per RateLimits key). */
const RATE_LIMIT_VARIABLES: Record<keyof RateLimits, string> = {
  trackPerMinute: 'VITRINE_TRACK_RATE_PER_MIN',
  storeErrorPerMinute: 'VITRINE_STORE_ERROR_RATE_PER_MIN',
  adminFailuresPer15Min: 'VITRINE_ADMIN_FAILURES_PER_15_MIN',
  reviewsPerHour: 'VITRINE_REVIEW_RATE_PER_HOUR',
  capturedEmailsPerMinute: 'VITRINE_CAPTURED_EMAIL_RATE_PER_MIN',
};

/** Environment variables of the review photo limits, with the unit each counts in. */
const REVIEW_PHOTO_VARIABLES: Record<keyof ReviewPhotoLimits, { name: string; unit: number }> = {
  maxCount: { name: 'VITRINE_REVIEW_MAX_PHOTOS', unit: 1 },
  maxPhotoBytes: { name: 'VITRINE_REVIEW_PHOTO_MAX_MB', unit: MB },
  maxRequestBytes: { name: 'VITRINE_REVIEW_REQUEST_MAX_MB', unit: MB },
  maxPixels: { name: 'VITRINE_REVIEW_PHOTO_MAX_MEGAPIXELS', unit: 1_000_000 },
};

/** The review photo limits set in the environment (VITRINE_REVIEW_MAX_PHOTOS may be 0). */
function reviewPhotosFromEnv(get: (name: string) => string | undefined): Partial<ReviewPhotoLimits> {
  const limits: Partial<ReviewPhotoLimits> = {};
  for (const [key, { name, unit }] of Object.entries(REVIEW_PHOTO_VARIABLES) as [
    keyof ReviewPhotoLimits,
    { name: string; unit: number },
  ][]) {
    const value = get(name);
    if (value === undefined) continue;
    limits[key] = key === 'maxCount' && value === '0' ? 0 : positiveInt(value, name) * unit;
  }
  return limits;
}

/**
 * Read ProviderConfig from environment variables (unset or empty → default) and validate it,
 * naming the variable in any ConfigError.
 */
export function configFromEnv(env: NodeJS.ProcessEnv): ProviderConfig {
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const config: ProviderConfig = {};
  const publicUrl = get('VITRINE_PUBLIC_URL');
  if (publicUrl !== undefined) config.publicUrl = parsePublicUrl(publicUrl);
  const trustProxy = get('VITRINE_TRUST_PROXY');
  if (trustProxy !== undefined) config.trustProxy = parseTrustProxy(trustProxy);

  const rateSwitch = get('VITRINE_RATE_LIMIT');
  if (rateSwitch !== undefined && rateSwitch !== '0' && rateSwitch !== '1') {
    throw new ConfigError(`VITRINE_RATE_LIMIT must be 0 (every rate limit off) or 1 (got ${JSON.stringify(rateSwitch)})`);
  }
  if (rateSwitch === '0') {
    config.rateLimit = false;
  } else {
    const limits: Partial<RateLimits> = {};
    for (const [key, name] of Object.entries(RATE_LIMIT_VARIABLES) as [keyof RateLimits, string][]) {
      const value = get(name);
      if (value !== undefined) limits[key] = positiveInt(value, name);
    }
    if (Object.keys(limits).length) config.rateLimit = limits;
  }
  const reviewPhotos = reviewPhotosFromEnv(get);
  if (Object.keys(reviewPhotos).length) config.reviewPhotos = reviewPhotos;

  const retention = get('VITRINE_RETENTION_DAYS');
  if (retention !== undefined) config.retentionDays = positiveInt(retention, 'VITRINE_RETENTION_DAYS');
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl !== undefined) config.databaseUrl = parseDatabaseUrl(databaseUrl);
  const poolSize = get('VITRINE_DB_POOL_SIZE');
  if (poolSize !== undefined) config.poolSize = positiveInt(poolSize, 'VITRINE_DB_POOL_SIZE');
  const cacheMb = get('VITRINE_RESPONSE_CACHE_MB');
  if (cacheMb !== undefined) config.responseCacheMb = positiveInt(cacheMb, 'VITRINE_RESPONSE_CACHE_MB');
  // Not trimmed: a token is used exactly as given.
  const adminToken = env.VITRINE_ADMIN_TOKEN;
  if (adminToken) config.adminToken = parseAdminToken(adminToken);
  return config;
}
