/**
 * Secrets every provider process must agree on (the editor tokens' signing key): random values
 * created in the store on first use. The first process to insert one wins (`ON CONFLICT DO
 * NOTHING`, a primary key), and every process reads back the stored value, so processes starting
 * at once on one PostgreSQL database, or one after another, all sign and verify with the same key.
 * Each process keeps what it read: a secret never changes once stored.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/** The provider's shared secrets, by name. */
export interface SecretStore {
  /** The named secret (32 random bytes as hex), created on first use. */
  get(name: string): Promise<string>;
}

/** The SecretStore over one engine's query builder. */
export function secretStore(db: Kysely<Schema>): SecretStore {
  const known = new Map<string, Promise<string>>();
  const load = async (name: string): Promise<string> => {
    await db
      .insertInto('provider_secrets')
      .values({ name, value: randomBytes(32).toString('hex') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('provider_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  };
  return {
    get(name) {
      let secret = known.get(name);
      if (!secret) {
        secret = load(name);
        // A failed read (the database was away) is tried again by the next caller.
        secret.catch(() => known.delete(name));
        known.set(name, secret);
      }
      return secret;
    },
  };
}
