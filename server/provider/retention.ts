import { EXPIRING_TABLES, type ExpiringTable, type TrackingStore } from '../storage/tracking.ts';

/** Rows deleted per statement: each DELETE holds the write lock only for a moment. */
const RETENTION_CHUNK = 500;
/** How often the job runs after the run at start. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per table by one run. */
export type PruneResult = Record<ExpiringTable, number>;

/** What pruneExpired deletes and how. */
export interface PruneOptions {
  retentionDays: number;
  now?: Date;
  chunkSize?: number;
  /** Checked between chunks: true ends the run early (the app is closing). */
  shouldStop?: () => boolean;
}

/** Let queued requests run between two chunks. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Delete events, track batches, error reports, the visitors and visits of a day and error groups
 * last seen more than `retentionDays` ago, in
 * chunks, yielding to the event loop between chunks so requests are never held up for long.
 */
export async function pruneExpired(tracking: TrackingStore, opts: PruneOptions): Promise<PruneResult> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.retentionDays * DAY_MS).toISOString();
  const chunkSize = opts.chunkSize ?? RETENTION_CHUNK;
  const deleted = Object.fromEntries(EXPIRING_TABLES.map((table) => [table, 0])) as PruneResult;
  for (const table of EXPIRING_TABLES) {
    for (;;) {
      if (opts.shouldStop?.()) return deleted;
      const count = await tracking.deleteExpired(table, cutoff, chunkSize);
      deleted[table] += count;
      if (count < chunkSize) break;
      await yieldToEventLoop();
    }
  }
  return deleted;
}

/** The running periodic job (startRetentionJob). */
export interface RetentionJob {
  /** Resolves when the run in progress (or the one scheduled at start) has finished. */
  whenIdle(): Promise<void>;
  /** Stop the timer and wait for a run in progress to end (call before closing the database). */
  stop(): Promise<void>;
}

/**
 * Run pruneExpired once right after start and then every `intervalMs`. The timer is unref()ed
 * (it never keeps the process alive); a failed run is reported to `onError` and retried at the
 * next interval.
 */
export function startRetentionJob(
  tracking: TrackingStore,
  opts: {
    retentionDays: number;
    intervalMs?: number;
    onError: (err: unknown) => void;
    onDone?: (result: PruneResult) => void;
    /** Also run on every tick: the rate-limit windows that have ended. */
    pruneCounters?: () => Promise<unknown>;
  },
): RetentionJob {
  let stopped = false;
  let current: Promise<void> | null = null;
  // One run at a time: a tick that comes while a long run is still going joins it.
  const run = (): Promise<void> => {
    current ??= (async () => {
      if (stopped) return;
      try {
        opts.onDone?.(await pruneExpired(tracking, { retentionDays: opts.retentionDays, shouldStop: () => stopped }));
        if (!stopped) await opts.pruneCounters?.();
      } catch (err) {
        opts.onError(err);
      }
    })().finally(() => {
      current = null;
    });
    return current;
  };
  // At start, but after the app is built: the first requests need not wait for it.
  const firstRun = yieldToEventLoop().then(run);
  const timer = setInterval(() => void run(), opts.intervalMs ?? RETENTION_INTERVAL_MS);
  timer.unref();
  const idle = async () => {
    await firstRun;
    if (current) await current;
  };
  return {
    whenIdle: idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await idle();
    },
  };
}
