import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { resolveConfig, type ProviderConfig, type ResolvedConfig } from './config.ts';
import { installCompression } from './lib/compress.ts';
import type { AppContext } from './lib/context.ts';
import { DEMO_SHOP_DOMAIN, DEMO_SHOP_ID } from './lib/demoShop.ts';
import { frameworkErrorHandler, installErrorHandler } from './lib/errors.ts';
import { installJsonParsers } from './lib/jsonBody.ts';
import { installRateLimit } from './lib/rateLimit.ts';
import { ResponseCache } from './lib/responseCache.ts';
import { registerAdmin } from './provider/admin.ts';
import { registerCapturedEmail } from './provider/capturedEmail.ts';
import { registerConsent } from './provider/consent.ts';
import { registerCors } from './provider/cors.ts';
import { registerHealth } from './provider/health.ts';
import { registerInventory } from './provider/inventory.ts';
import { registerLoader } from './provider/loader.ts';
import { registerPlacements } from './provider/placements.ts';
import { platformMetafields } from './provider/platformMetafields.ts';
import { registerRates } from './provider/rates.ts';
import { decorateRequestShop } from './provider/requireShop.ts';
import { startRetentionJob } from './provider/retention.ts';
import { reviewMetafieldsSync, type ReviewMetafieldsSync } from './provider/reviewMetafieldsSync.ts';
import { registerReviews } from './provider/reviews.ts';
import { registerReviewSubmit } from './provider/reviewSubmit.ts';
import { registerStats } from './provider/stats.ts';
import { registerStoreError } from './provider/store-error.ts';
import { registerTrack } from './provider/track.ts';
import { demoAccessToken, inProcessTransport } from './shop/adminApi.ts';
import { installNotFound, registerShop } from './shop/index.ts';
import { DEMO_THEME_SETTINGS, type DemoThemeSettings } from './shop/ratings.ts';
import { openStorage, type Storage } from './storage/index.ts';

/** buildApp's options: the configuration plus where data and the build live, and logging. */
export interface BuildAppOptions extends ProviderConfig {
  /** Directory for `vitrine.sqlite` (created if missing) and the demo shop's `admin-token` file. */
  dataDir: string;
  /** Built widget bundle directory (`vitrine.js`, `chunks/…`), served at /vitrine/. */
  distDir: string;
  /** Fastify/pino request logging (default false). */
  logger?: boolean;
  /** Where log lines go when `logger` is on (default stderr). */
  logStream?: { write(line: string): void };
  /** Shallow-merged over the stored shop settings when `/{shopId}/vitrine.js` is served. */
  shopSettingsOverrides?: Record<string, unknown>;
  /** The demo shop's theme settings over its defaults (`showRating: false`: the theme shows no ratings of its own). */
  demoTheme?: Partial<DemoThemeSettings>;
  /** Runs when the app has closed its storage (tests drop their throwaway database here). */
  afterClose?: () => Promise<void>;
}

function readVersion(): string {
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const pkg = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Fastify with the app's options: logging, JSON schema settings, body limit, proxies, routing. */
function createFastify(opts: BuildAppOptions, config: ResolvedConfig): FastifyInstance {
  return Fastify({
    // Logs go to stderr so stdout only carries the startup line.
    logger: opts.logger ? { level: process.env.LOG_LEVEL || 'info', stream: opts.logStream ?? process.stderr } : false,
    // One line per request (onResponse hook below) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: { customOptions: { allowUnionTypes: true, removeAdditional: false, coerceTypes: false } },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Host/-Proto count only when the connection comes from these addresses.
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Bad percent-encoding or an over-long path parameter: the usual error shape, not fastify's.
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 300 },
  });
}

/**
 * The review metafields' sync of the shops on the platform: the demo shop, whose platform is
 * this process's demo (its Admin API reached in-process, with the token it granted the app).
 */
function createMetafieldsSync(app: FastifyInstance, storage: Storage): ReviewMetafieldsSync {
  const demo = platformMetafields({
    domain: DEMO_SHOP_DOMAIN,
    accessToken: () => demoAccessToken(storage.secrets),
    send: inProcessTransport(app),
  });
  return reviewMetafieldsSync(storage, new Map([[DEMO_SHOP_ID, demo]]), (err, detail) =>
    app.log.warn({ err, ...detail }, 'review metafields not written to the platform'),
  );
}

/** Open the store, start the retention job, and close both with the app. */
async function createContext(app: FastifyInstance, opts: BuildAppOptions, config: ResolvedConfig): Promise<AppContext> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    dataDir: opts.dataDir,
    adminToken: config.adminToken,
    poolSize: config.poolSize,
  });
  const retention = startRetentionJob(storage.tracking, {
    // A day is longer than any limit's window.
    pruneCounters: () => storage.rateLimits.prune(Date.now() - 86_400_000),
    retentionDays: config.retentionDays,
    onError: (err) => app.log.error({ err }, 'retention job failed'),
    onDone: (deleted) => {
      if (Object.values(deleted).some(Boolean)) app.log.info({ deleted }, 'retention: expired rows deleted');
    },
  });
  const reviewMetafields = createMetafieldsSync(app, storage);
  app.addHook('onClose', async () => {
    reviewMetafields.stop(); // no retry after the store is closed
    await reviewMetafields.settled(); // writes in progress still need the store
    await retention.stop(); // a run in progress ends at its next chunk
    await storage.close();
    await opts.afterClose?.();
  });
  return {
    storage,
    responses: new ResponseCache(config.responseCacheBytes),
    retention,
    distDir: opts.distDir,
    shopSettingsOverrides: opts.shopSettingsOverrides ?? {},
    version: readVersion(),
    config,
    reviewMetafields,
    demoTheme: { ...DEMO_THEME_SETTINGS, ...opts.demoTheme },
  };
}

/** Plugins and hooks every route goes through: cookies, bodies, rate limits, logging, errors, compression, CORS, nosniff. */
async function installPlugins(app: FastifyInstance, opts: BuildAppOptions, config: ResolvedConfig, storage: Storage): Promise<void> {
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  installJsonParsers(app);
  if (config.rateLimits) await installRateLimit(app, storage.engine === 'postgres' ? storage.rateLimits : null);
  if (opts.logger) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    });
  }
  installErrorHandler(app);
  installCompression(app);
  registerCors(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}

/** The provider's routes, then the demo shop's (and the 404 answers). */
function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerHealth(app, ctx);
  registerStats(app, ctx);
  registerReviews(app, ctx);
  registerReviewSubmit(app, ctx);
  registerRates(app, ctx);
  registerInventory(app, ctx);
  registerAdmin(app, ctx);
  registerTrack(app, ctx);
  registerStoreError(app, ctx);
  registerConsent(app, ctx);
  registerCapturedEmail(app, ctx);
  registerPlacements(app, ctx);
  registerLoader(app, ctx);
  registerShop(app, ctx);
  installNotFound(app, ctx);
}

/**
 * Build the Vitrine server (demo shop + provider API). Does not listen. Throws ConfigError (before
 * opening anything) when a configuration option is invalid.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(opts);
  const app = createFastify(opts, config);
  const ctx = await createContext(app, opts, config);
  app.decorate('vitrine', ctx);
  decorateRequestShop(app);
  await installPlugins(app, opts, config, ctx.storage);
  registerRoutes(app, ctx);
  await app.ready();
  // Before the app answers anything: the platform's review metafields as the store has them.
  await ctx.reviewMetafields.backfill();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    vitrine: AppContext;
  }
}
