/**
 * Operator CLI for the provider's store, run next to it (same VITRINE_DATA_DIR / DATABASE_URL):
 *
 *   npm run store -- backup <folder>              online backup of the SQLite store into a new data folder
 *   npm run store -- copy-to-postgres [--replace] copy the SQLite store (VITRINE_DATA_DIR) into DATABASE_URL
 *
 * Both may run while the provider serves. Exits 0 with a summary, or 1 with a one-line error.
 * docs/deployment.md says when to use which.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backupSqlite } from './storage/backup.ts';
import { copySqliteToPostgres } from './storage/copy.ts';

/** The one-line usage, printed with argument errors. */
export const STORE_USAGE = 'usage: npm run store -- backup <folder> | copy-to-postgres [--replace]';

const isPostgres = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/** Runs one command; returns the exit code. */
export async function runStoreCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const dataDir = path.resolve(env.VITRINE_DATA_DIR || './data');
  const [command, ...rest] = argv;
  try {
    if (command === 'backup' && rest.length === 1) {
      if (isPostgres(env.DATABASE_URL)) {
        io.err('error: DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc -d "$DATABASE_URL" -f vitrine.dump');
        return 1;
      }
      const report = await backupSqlite(dataDir, path.resolve(rest[0]!));
      io.out(`backed up ${path.join(dataDir, 'vitrine.sqlite')} to ${report.file} (${report.bytes} bytes, ${report.photos} photo files)`);
      return 0;
    }
    if (command === 'copy-to-postgres' && rest.every((arg) => arg === '--replace')) {
      if (!isPostgres(env.DATABASE_URL)) {
        io.err('error: set DATABASE_URL=postgres://… to the PostgreSQL database to copy into');
        return 1;
      }
      const report = await copySqliteToPostgres({ dataDir, databaseUrl: env.DATABASE_URL, replace: rest.length > 0 });
      io.out(
        `copied ${path.join(dataDir, 'vitrine.sqlite')} into PostgreSQL: ${report.map(({ table, rows }) => `${table} ${rows}`).join(', ')}`,
      );
      return 0;
    }
    io.err(STORE_USAGE);
    return 1;
  } catch (err) {
    io.err(`error: ${(err as Error).message.split('\n')[0]}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runStoreCli(process.argv.slice(2), process.env, { out: console.log, err: console.error });
}
