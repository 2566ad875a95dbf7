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
 *   npm run admin -- stats [--from YYYY-MM-DD] [--to YYYY-MM-DD]   (what the owner learns, per day; default the last 30 days)
 *   npm run admin -- errors [--limit N]           (client error reports by group, most recently seen first)
 *   npm run admin -- placements                   (where the owner placed widgets 4, 5, 6, and their use in the last 30 days)
 *   npm run admin -- placement-reset <widgetId> [mobile|desktop]   (back to the theme's place; both devices by default)
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
import type { ErrorGroup } from './storage/dailyStats.ts';
import type { StatsAnswer } from './provider/statsAnswer.ts';

/** The one-line usage, printed with argument errors. */
export const USAGE =
  'usage: npm run admin -- reply <reviewId> "<text>" | hide <reviewId> | unhide <reviewId> | pending [--page N] | approve <reviewId> | reject <reviewId> | stats [--from YYYY-MM-DD] [--to YYYY-MM-DD] | errors [--limit N] | placements | placement-reset <widgetId> [mobile|desktop]  [--shop demo] [--url http://localhost:8080] [--token TOKEN]';

/** Where the CLI writes (and, in tests, how it fetches). */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch;
}

/** Commands that act on one review. */
const REVIEW_COMMANDS = ['reply', 'hide', 'unhide', 'approve', 'reject'] as const;
type ReviewCommand = (typeof REVIEW_COMMANDS)[number];

/** Commands that read the shop's pages of data (no review id). */
const LIST_COMMANDS = ['pending', 'stats', 'errors', 'placements'] as const;
type ListCommand = (typeof LIST_COMMANDS)[number];

/** The command that removes the owner's placements of a widget. */
const PLACEMENT_RESET = 'placement-reset';

interface Parsed {
  command: ReviewCommand | ListCommand | typeof PLACEMENT_RESET;
  reviewId: string;
  text?: string;
  page: number;
  from?: string;
  to?: string;
  limit?: number;
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
    const flag = /^--(shop|url|token|page|from|to|limit)(?:=(.*))?$/.exec(arg);
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
  if (command === PLACEMENT_RESET) {
    if (!reviewId || !/^[456]$/.test(reviewId)) throw new Error(`placement-reset needs a widget id: 4, 5 or 6 (${USAGE})`);
    if (text !== undefined && text !== 'mobile' && text !== 'desktop') throw new Error('the device must be mobile or desktop');
    if (rest.length) throw new Error(`too many arguments (${USAGE})`);
    return;
  }
  if (LIST_COMMANDS.includes(command as ListCommand)) {
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
  for (const name of ['from', 'to'] as const) {
    if (flags[name] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags[name])) throw new Error(`--${name} must be a date (YYYY-MM-DD)`);
  }
  if (flags.limit !== undefined && !/^[1-9][0-9]{0,3}$/.test(flags.limit)) throw new Error('--limit must be a positive integer');
  return {
    command: command as Parsed['command'],
    reviewId: reviewId ?? '',
    text,
    page: Number(flags.page ?? 1),
    from: flags.from,
    to: flags.to,
    limit: flags.limit === undefined ? undefined : Number(flags.limit),
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

/** The counters of a day or of the range (`GET …/stats`), as the provider answers them. */
type StatsOfDays = StatsAnswer['totals'];

/** The owner endpoints' answers. */
interface AdminAnswer {
  error?: { code?: string; message?: string };
  review?: OwnerReview;
  lastUpdated?: number;
  reviews?: OwnerReview[];
  total?: number;
  page?: number;
  pages?: number;
  from?: string;
  to?: string;
  days?: (StatsOfDays & { date: string })[];
  totals?: StatsOfDays;
  groups?: ErrorGroup[];
  placements?: { widgetId: number; widget: string; device: string; selector: string; alignment: string; id: string; updatedAt: string }[];
  reports?: { from: string; to: string; totals: Record<string, number> };
  removed?: number;
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

/** The request a command makes: method, path under the shop's owner endpoints, JSON body. */
function requestOf(args: Parsed): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  switch (args.command) {
    case 'pending':
      return { method: 'GET', path: `reviews/pending?page=${args.page}` };
    case 'stats': {
      const query = new URLSearchParams();
      if (args.from) query.set('from', args.from);
      if (args.to) query.set('to', args.to);
      return { method: 'GET', path: `stats${query.size ? `?${query}` : ''}` };
    }
    case 'errors':
      return { method: 'GET', path: `errors${args.limit ? `?limit=${args.limit}` : ''}` };
    case 'placements':
      return { method: 'GET', path: 'placements' };
    case PLACEMENT_RESET:
      // `reviewId` and `text` hold the widget id and the device (checkPositional).
      return {
        method: 'POST',
        path: 'placements/reset',
        body: { widgetId: Number(args.reviewId), ...(args.text ? { device: args.text } : {}) },
      };
    case 'reply':
      return { method: 'POST', path: `reviews/${args.reviewId}/reply`, body: { reply: args.text ?? '' } };
    case 'hide':
    case 'unhide':
      return { method: 'POST', path: `reviews/${args.reviewId}/hide`, body: { hidden: args.command === 'hide' } };
    default:
      return { method: 'POST', path: `reviews/${args.reviewId}/${args.command}`, body: {} };
  }
}

/** Sends the command to the owner endpoint; the answer, or the error line to print. */
async function sendCommand(args: Parsed, token: string, io: CliIo): Promise<{ answer: AdminAnswer } | { error: string }> {
  const request = requestOf(args);
  const endpoint = `${args.url}/api/admin/${encodeURIComponent(args.shop)}/${request.path}`;
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
  if (
    !response.ok ||
    !(answer.review || answer.reviews || answer.days || answer.groups || answer.placements || answer.removed !== undefined)
  ) {
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

/** A `{ name: count }` map as `name count, …`, biggest first; '-' when empty. */
function counts(map: Record<string, number>): string {
  const entries = Object.entries(map).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([name, count]) => `${name} ${count}`).join(', ') : '-';
}

/** The stats of a range: one line per day with data (or every day when none has), then the totals. */
function statsLines(shop: string, answer: AdminAnswer): string[] {
  const days = answer.days ?? [];
  const sum = (map: Record<string, number>) => Object.values(map).reduce((total, count) => total + count, 0);
  const row = (label: string, day: StatsOfDays) =>
    `${label.padEnd(10)} ${String(day.pageViews).padStart(9)} ${String(day.visitors).padStart(8)} ${String(sum(day.impressions)).padStart(11)} ${String(sum(day.interactions)).padStart(12)} ${String(day.reviewsSubmitted).padStart(7)} ${String(day.offersAccepted).padStart(6)} ${String(day.addToCarts).padStart(12)}`;
  const shown = days.filter((day) => day.pageViews || day.visitors || sum(day.impressions) || sum(day.interactions) || day.addToCarts);
  const lines = [
    `stats for ${shop}, ${answer.from} to ${answer.to} (UTC days${shown.length < days.length ? '; days without data left out' : ''})`,
    `${'date'.padEnd(10)} ${'pageViews'.padStart(9)} ${'visitors'.padStart(8)} ${'impressions'.padStart(11)} ${'interactions'.padStart(12)} ${'reviews'.padStart(7)} ${'offers'.padStart(6)} ${'add-to-carts'.padStart(12)}`,
    ...shown.map((day) => row(day.date, day)),
  ];
  const totals = answer.totals;
  if (totals) {
    lines.push(
      row('total', totals),
      `add-to-carts in visits that saw reviews: ${totals.addToCartsAfterReviews} of ${totals.addToCarts}`,
      `impressions: ${counts(totals.impressions)}`,
      `interactions: ${counts(totals.interactions)}`,
    );
  }
  return lines;
}

/** The error groups: a summary line, then one line per group. */
function errorLines(shop: string, answer: AdminAnswer): string[] {
  const groups = answer.groups ?? [];
  return [
    `${answer.total ?? groups.length} error group(s) for ${shop}${groups.length < (answer.total ?? 0) ? ` (the ${groups.length} seen last)` : ''}`,
    ...groups.map(
      (group) =>
        `${group.code} ×${group.count} ${group.source || '-'} ${group.lastSeen.slice(0, 16).replace('T', ' ')} (since ${group.firstSeen.slice(0, 10)}): ${group.message}`,
    ),
  ];
}

/** The owner's placements, one line each, then how often each placement was used. */
function placementLines(shop: string, answer: AdminAnswer): string[] {
  const placements = answer.placements ?? [];
  const reports = answer.reports;
  const lines = [
    placements.length
      ? `${placements.length} placement(s) for ${shop}:`
      : `no placements for ${shop}: every widget is where the theme puts it`,
    ...placements.map(
      (placement) =>
        `${placement.widgetId} ${placement.widget} ${placement.device} ${placement.alignment} ${placement.selector} (id ${placement.id}, ${placement.updatedAt.slice(0, 16).replace('T', ' ')})`,
    ),
  ];
  if (reports) lines.push(`used ${reports.from} to ${reports.to}: ${counts(reports.totals)}`);
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
  if (args.command === 'pending' || args.command === 'stats' || args.command === 'errors' || args.command === 'placements') {
    const lines = { pending: pendingLines, stats: statsLines, errors: errorLines, placements: placementLines }[args.command](
      args.shop,
      answer,
    );
    for (const line of lines) io.out(line);
    return 0;
  }
  if (args.command === PLACEMENT_RESET) {
    const where = args.text ?? 'mobile and desktop';
    io.out(`widget ${args.reviewId} (${args.shop}, ${where}): ${answer.removed} placement(s) removed; lastUpdated=${answer.lastUpdated}`);
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
