/**
 * Owner CLI for review moderation, talking to a running provider:
 *
 *   npm run admin -- reply <reviewId> "<text>" [--shop demo] [--url http://localhost:8080] [--token …]
 *   npm run admin -- reply <reviewId> ""          (removes the reply)
 *   npm run admin -- hide <reviewId>
 *   npm run admin -- unhide <reviewId>
 *
 * The admin token comes from --token, else $VITRINE_ADMIN_TOKEN, else (demo shop only) the file
 * `$VITRINE_DATA_DIR/admin-token` (default ./data) that the server writes when it generates the
 * demo shop's token, when the CLI runs next to the server. The store itself only holds a hash.
 * Exits 0 and prints the result, or exits 1 with a one-line error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_TOKEN_FILE, readAdminTokenFile } from './db/adminTokens.ts';
import { DEMO_SHOP_ID } from './lib/demoShop.ts';

export const USAGE =
  'usage: npm run admin -- reply <reviewId> "<text>" | hide <reviewId> | unhide <reviewId>  [--shop demo] [--url http://localhost:8080] [--token TOKEN]';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch;
}

interface Parsed {
  command: 'reply' | 'hide' | 'unhide';
  reviewId: string;
  text?: string;
  shop: string;
  url: string;
  token?: string;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^--(shop|url|token)(?:=(.*))?$/.exec(a);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new Error(`--${m[1]} needs a value`);
      flags[m[1]!] = value;
    } else if (a.startsWith('--')) {
      throw new Error(`unknown option ${a}`);
    } else {
      positional.push(a);
    }
  }
  const [command, reviewId, text, ...rest] = positional;
  if (command !== 'reply' && command !== 'hide' && command !== 'unhide') throw new Error(USAGE);
  if (!reviewId || !/^[1-9][0-9]{0,12}$/.test(reviewId)) throw new Error(`review id must be a positive integer (${USAGE})`);
  if (command === 'reply' && text === undefined) throw new Error('reply needs the reply text (use "" to remove the reply)');
  if (rest.length || (command !== 'reply' && text !== undefined)) throw new Error(`too many arguments (${USAGE})`);
  return {
    command,
    reviewId,
    text,
    shop: flags.shop ?? DEMO_SHOP_ID,
    url: (flags.url ?? env.VITRINE_URL ?? `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, ''),
    token: flags.token,
  };
}

/** The data dir the server next to the CLI uses. */
function dataDirOf(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.VITRINE_DATA_DIR || './data');
}

/** Run the CLI; returns the process exit code. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let args: Parsed;
  try {
    args = parseArgs(argv, env);
  } catch (e) {
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
  let token = args.token || env.VITRINE_ADMIN_TOKEN;
  const tokenFile = path.join(dataDirOf(env), ADMIN_TOKEN_FILE);
  if (!token && args.shop === DEMO_SHOP_ID) {
    try {
      token = readAdminTokenFile(dataDirOf(env));
    } catch (e) {
      io.err(`error: cannot read the admin token from ${tokenFile}: ${(e as Error).message}`);
      return 1;
    }
  }
  if (!token) {
    const where = args.shop === DEMO_SHOP_ID ? `, or run next to the server so ${tokenFile} exists (VITRINE_DATA_DIR)` : '';
    io.err(`error: no admin token for shop "${args.shop}" (use --token or VITRINE_ADMIN_TOKEN${where})`);
    return 1;
  }
  const action = args.command === 'reply' ? 'reply' : 'hide';
  const payload = args.command === 'reply' ? { reply: args.text ?? '' } : { hidden: args.command === 'hide' };
  const endpoint = `${args.url}/api/admin/${encodeURIComponent(args.shop)}/reviews/${args.reviewId}/${action}`;
  const doFetch = io.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    const c = (e as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const cause = c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? (e as Error).message;
    io.err(`error: cannot reach the server at ${args.url} (${cause})`);
    return 1;
  }
  let data: { error?: { code?: string; message?: string }; review?: { id: number; hidden: boolean; reply: string | null; productHandle: string | null }; lastUpdated?: number };
  try {
    data = (await res.json()) as typeof data;
  } catch {
    io.err(`error: HTTP ${res.status} with a non-JSON answer from ${endpoint}`);
    return 1;
  }
  if (!res.ok || !data.review) {
    io.err(`error: HTTP ${res.status} ${data.error?.code ?? ''}: ${data.error?.message ?? 'unexpected answer'}`.replace(/\s+/g, ' '));
    return 1;
  }
  const r = data.review;
  const what =
    args.command === 'reply' ? (r.reply ? `reply saved: ${r.reply}` : 'reply removed') : r.hidden ? 'hidden' : 'visible again';
  io.out(`review ${r.id} (${args.shop}/${r.productHandle ?? '-'}): ${what}; lastUpdated=${data.lastUpdated}`);
  return 0;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const code = await runAdminCli(process.argv.slice(2), process.env, {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
  });
  process.exitCode = code;
}
