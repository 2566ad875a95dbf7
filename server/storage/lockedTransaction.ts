/**
 * Write transactions whose check-then-write steps hold under concurrency, on either engine and
 * across provider processes: "is this idempotency key / order code / e-mail and product already
 * used? if not, insert" must not let two concurrent submissions both pass the check.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from './engine.ts';
import type { Schema } from './schema.ts';

/**
 * Runs `work` in a transaction that no other transaction naming one of the same `keys` overlaps:
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the database's write lock at the start, so the whole
 *   transaction runs alone (also against other processes sharing the file, which wait up to the
 *   busy timeout); the keys need nothing more.
 * - PostgreSQL: one advisory transaction lock per key (`pg_advisory_xact_lock` on a 64-bit hash of
 *   the key), taken in sorted order so two transactions never wait for each other in a circle, and
 *   released at commit or rollback. Transactions on other keys run in parallel. Reads after the
 *   locks see what the previous holder committed (READ COMMITTED takes a snapshot per statement).
 */
export async function lockedTransaction<T>(
  db: Kysely<Schema>,
  engine: Engine,
  keys: string[],
  work: (trx: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  if (engine === 'postgres') {
    return db.transaction().execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      return work(trx);
    });
  }
  // The connection is held (Kysely's SQLite driver has one) for the whole transaction.
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      // SQLite may already have rolled back (e.g. on a full disk): that ROLLBACK fails, harmlessly.
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
