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
import { ADMIN_TOKEN_FILE, readAdminTokenFile } from './storage/adminTokens.ts';
import { DEMO_SHOP_ID } from './lib/demoShop.ts';

/** The one-line usage, printed with argument errors. */
export const USAGE =
  'usage: npm run admin -- reply <reviewId> "<text>" | hide <reviewId> | unhide <reviewId>  [--shop demo] [--url http://localhost:8080] [--token TOKEN]';

/** Where the CLI writes (and, in tests, how it fetches). */
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
    const arg = argv[i]!;
    const flag = /^--(shop|url|token)(?:=(.*))?$/.exec(arg);
    if (flag) {
      const value = flag[2] ?? argv[++i];
      if (value === undefined) throw new Error(`--${flag[1]} needs a value`);
      flags[flag[1]!] = value;
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}`);
    } else {
      positional.push(arg);
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

/** The owner endpoint's answer. */
interface AdminAnswer {
  error?: { code?: string; message?: string };
  review?: { id: number; hidden: boolean; reply: string | null; productHandle: string | null };
  lastUpdated?: number;
}

/** The admin token: --token, else $VITRINE_ADMIN_TOKEN, else (demo shop) the server's token file; an error line when there is none. */
function resolveToken(args: Parsed, env: NodeJS.ProcessEnv): { token: string } | { error: string } {
  const token = args.token || env.VITRINE_ADMIN_TOKEN;
  if (token) return { token };
  const tokenFile = path.join(dataDirOf(env), ADMIN_TOKEN_FILE);
  if (args.shop === DEMO_SHOP_ID) {
    let fromFile: string | undefined;
    try {
      fromFile = readAdminTokenFile(dataDirOf(env));
    } catch (err) {
      return { error: `error: cannot read the admin token from ${tokenFile}: ${(err as Error).message}` };
    }
    if (fromFile) return { token: fromFile };
  }
  const where = args.shop === DEMO_SHOP_ID ? `, or run next to the server so ${tokenFile} exists (VITRINE_DATA_DIR)` : '';
  return { error: `error: no admin token for shop "${args.shop}" (use --token or VITRINE_ADMIN_TOKEN${where})` };
}

/** Why a request could not reach the server: the network error's code when it has one. */
function unreachableCause(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (err as Error).message;
}

/** POST the command to the owner endpoint; the answer, or the error line to print. */
async function postCommand(
  args: Parsed,
  token: string,
  io: CliIo,
): Promise<{ review: NonNullable<AdminAnswer['review']>; lastUpdated?: number } | { error: string }> {
  const action = args.command === 'reply' ? 'reply' : 'hide';
  const payload = args.command === 'reply' ? { reply: args.text ?? '' } : { hidden: args.command === 'hide' };
  const endpoint = `${args.url}/api/admin/${encodeURIComponent(args.shop)}/reviews/${args.reviewId}/${action}`;
  let response: Response;
  try {
    response = await (io.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    return { error: `error: cannot reach the server at ${args.url} (${unreachableCause(err)})` };
  }
  let answer: AdminAnswer;
  try {
    answer = (await response.json()) as AdminAnswer;
  } catch {
    return { error: `error: HTTP ${response.status} with a non-JSON answer from ${endpoint}` };
  }
  if (!response.ok || !answer.review) {
    return {
      error: `error: HTTP ${response.status} ${answer.error?.code ?? ''}: ${answer.error?.message ?? 'unexpected answer'}`.replace(
        /\s+/g,
        ' ',
      ),
    };
  }
  return { review: answer.review, lastUpdated: answer.lastUpdated };
}

/** Run the CLI; returns the process exit code. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let args: Parsed;
  try {
    args = parseArgs(argv, env);
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    return 1;
  }
  const token = resolveToken(args, env);
  if ('error' in token) {
    io.err(token.error);
    return 1;
  }
  const result = await postCommand(args, token.token, io);
  if ('error' in result) {
    io.err(result.error);
    return 1;
  }
  const { review, lastUpdated } = result;
  const what =
    args.command === 'reply'
      ? review.reply
        ? `reply saved: ${review.reply}`
        : 'reply removed'
      : review.hidden
        ? 'hidden'
        : 'visible again';
  io.out(`review ${review.id} (${args.shop}/${review.productHandle ?? '-'}): ${what}; lastUpdated=${lastUpdated}`);
  return 0;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const code = await runAdminCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
}
