/**
 * Owner CLI for review moderation, talking to a running provider:
 *
 *   npm run admin -- reply <reviewId> "<text>" [--shop demo] [--url http://localhost:8080] [--token …]
 *   npm run admin -- reply <reviewId> ""          (removes the reply)
 *   npm run admin -- hide <reviewId>
 *   npm run admin -- unhide <reviewId>
 *   npm run admin -- pending [--page N]           (reviews waiting for approval, newest first)
 *   npm run admin -- approve <reviewId>
 *   npm run admin -- reject <reviewId>
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
  'usage: npm run admin -- reply <reviewId> "<text>" | hide <reviewId> | unhide <reviewId> | pending [--page N] | approve <reviewId> | reject <reviewId>  [--shop demo] [--url http://localhost:8080] [--token TOKEN]';

/** Where the CLI writes (and, in tests, how it fetches). */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch;
}

/** Commands that act on one review. */
const REVIEW_COMMANDS = ['reply', 'hide', 'unhide', 'approve', 'reject'] as const;
type ReviewCommand = (typeof REVIEW_COMMANDS)[number];

interface Parsed {
  command: ReviewCommand | 'pending';
  reviewId: string;
  text?: string;
  page: number;
  shop: string;
  url: string;
  token?: string;
}

/** Splits argv into positional arguments and `--shop/--url/--token/--page` values. */
function splitArgs(argv: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const flag = /^--(shop|url|token|page)(?:=(.*))?$/.exec(arg);
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
  return { positional, flags };
}

/** Checks the positional arguments of a command; throws the message to print. */
function checkPositional(command: string | undefined, reviewId: string | undefined, text: string | undefined, rest: string[]): void {
  if (command === 'pending') {
    if (reviewId !== undefined) throw new Error(`too many arguments (${USAGE})`);
    return;
  }
  if (!REVIEW_COMMANDS.includes(command as ReviewCommand)) throw new Error(USAGE);
  if (!reviewId || !/^[1-9][0-9]{0,12}$/.test(reviewId)) throw new Error(`review id must be a positive integer (${USAGE})`);
  if (command === 'reply' && text === undefined) throw new Error('reply needs the reply text (use "" to remove the reply)');
  if (rest.length || (command !== 'reply' && text !== undefined)) throw new Error(`too many arguments (${USAGE})`);
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Parsed {
  const { positional, flags } = splitArgs(argv);
  const [command, reviewId, text, ...rest] = positional;
  checkPositional(command, reviewId, text, rest);
  if (flags.page !== undefined && !/^[1-9][0-9]{0,5}$/.test(flags.page)) throw new Error('--page must be a positive integer');
  return {
    command: command as Parsed['command'],
    reviewId: reviewId ?? '',
    text,
    page: Number(flags.page ?? 1),
    shop: flags.shop ?? DEMO_SHOP_ID,
    url: (flags.url ?? env.VITRINE_URL ?? `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, ''),
    token: flags.token,
  };
}

/** The data dir the server next to the CLI uses. */
function dataDirOf(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.VITRINE_DATA_DIR || './data');
}

/** A review as the owner endpoints answer it (the fields the CLI prints). */
interface OwnerReview {
  id: number;
  hidden: boolean;
  status: string;
  reply: string | null;
  productHandle: string | null;
  name: string;
  email?: string | null;
  stars: number;
  review: string;
  date: string;
}

/** The owner endpoints' answers. */
interface AdminAnswer {
  error?: { code?: string; message?: string };
  review?: OwnerReview;
  lastUpdated?: number;
  reviews?: OwnerReview[];
  total?: number;
  page?: number;
  pages?: number;
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

/** The request a command makes: method, path under the shop's reviews, JSON body. */
function requestOf(args: Parsed): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  switch (args.command) {
    case 'pending':
      return { method: 'GET', path: `pending?page=${args.page}` };
    case 'reply':
      return { method: 'POST', path: `${args.reviewId}/reply`, body: { reply: args.text ?? '' } };
    case 'hide':
    case 'unhide':
      return { method: 'POST', path: `${args.reviewId}/hide`, body: { hidden: args.command === 'hide' } };
    default:
      return { method: 'POST', path: `${args.reviewId}/${args.command}`, body: {} };
  }
}

/** Sends the command to the owner endpoint; the answer, or the error line to print. */
async function sendCommand(args: Parsed, token: string, io: CliIo): Promise<{ answer: AdminAnswer } | { error: string }> {
  const request = requestOf(args);
  const endpoint = `${args.url}/api/admin/${encodeURIComponent(args.shop)}/reviews/${request.path}`;
  let response: Response;
  try {
    response = await (io.fetch ?? fetch)(endpoint, {
      method: request.method,
      headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${token}` },
      body: request.body ? JSON.stringify(request.body) : undefined,
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
  if (!response.ok || !(answer.review || answer.reviews)) {
    const message = `error: HTTP ${response.status} ${answer.error?.code ?? ''}: ${answer.error?.message ?? 'unexpected answer'}`;
    return { error: message.replace(/\s+/g, ' ') };
  }
  return { answer };
}

/** What a review command did, in words. */
function outcomeOf(command: ReviewCommand, review: OwnerReview): string {
  if (command === 'reply') return review.reply ? `reply saved: ${review.reply}` : 'reply removed';
  if (command === 'hide' || command === 'unhide') return review.hidden ? 'hidden' : 'visible again';
  return review.status === 'published' ? (review.hidden ? 'published (still hidden)' : 'published') : review.status;
}

/** The review's text on one line: tags dropped, cut to 80 characters. */
function excerpt(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The pending queue: a summary line, then one line per review. */
function pendingLines(shop: string, answer: AdminAnswer): string[] {
  const reviews = answer.reviews ?? [];
  const lines = [
    `${answer.total ?? reviews.length} pending review(s) for ${shop} (page ${answer.page ?? 1} of ${Math.max(1, answer.pages ?? 1)})`,
  ];
  for (const review of reviews) {
    const who = review.email ? `${review.name} <${review.email}>` : review.name;
    lines.push(
      `${review.id} ${review.stars}★ ${review.productHandle ?? '-'} ${review.date.slice(0, 10)} ${who}: ${excerpt(review.review)}`,
    );
  }
  return lines;
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
  const result = await sendCommand(args, token.token, io);
  if ('error' in result) {
    io.err(result.error);
    return 1;
  }
  const { answer } = result;
  if (args.command === 'pending') {
    for (const line of pendingLines(args.shop, answer)) io.out(line);
    return 0;
  }
  const review = answer.review!;
  io.out(
    `review ${review.id} (${args.shop}/${review.productHandle ?? '-'}): ${outcomeOf(args.command, review)}; lastUpdated=${answer.lastUpdated}`,
  );
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
