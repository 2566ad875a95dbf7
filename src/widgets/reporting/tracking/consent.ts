/**
 * Whether this visitor may be tracked (spec §3 "Consent", §4 "Consent"), as a pure decision over
 * what the page says: the shop's limit setting (`consentLimit`), the platform's privacy API
 * (`Shopify.customerPrivacy`) and its consent cookie (`_tracking_consent`), and whether
 * `vitrine:consent-accepted` was heard.
 *
 * | limit            | the visitor said yes | said no | said nothing yet                                   | no API, no cookie   |
 * | ---------------- | -------------------- | ------- | -------------------------------------------------- | ------------------- |
 * | `''` (none)      | granted              | blocked | granted                                            | granted             |
 * | `GDPR`           | granted              | blocked | granted where the platform needs no consent, else undecided | granted (spec §4) |
 * | `GDPR_BLOCK_ALL` | granted              | blocked | undecided                                          | undecided           |
 * | `CCPA`           | granted              | blocked | granted (an opt-out regime)                        | granted             |
 *
 * `GDPR_BLOCK_ALL` is the one exception to "no consent cookie, tracking allowed": blocking all
 * until the visitor agrees is what the shop chose. `vitrine:consent-accepted` (fired by a shop's
 * own consent banner) counts as a yes. A limit that is none of these is read as `GDPR`.
 */
import { read } from '../../../core/lib/read';

/** Spec §4: the three states of consent. */
export type ConsentState = 'granted' | 'blocked' | 'undecided';

/** The shop's limit setting, normalized. */
export type ConsentLimit = '' | 'GDPR' | 'GDPR_BLOCK_ALL' | 'CCPA';

/** What the visitor said, as far as the page knows. */
type Answer = 'yes' | 'no' | 'unset';

/** What the page says, read by `readConsentInput`. */
export interface ConsentInput {
  limit: string;
  /** `Shopify.customerPrivacy`, when the platform has loaded it. */
  privacy: unknown;
  /** The consent cookie's value (URI-decoded), null when there is none. */
  cookie: string | null;
  /** `vitrine:consent-accepted` was heard since the platform last spoke. */
  accepted: boolean;
}

/** The decision, and a problem to report (spec §8: consent cookie parse failure, consent-policy mismatch). */
export interface ConsentDecision {
  state: ConsentState;
  limit: ConsentLimit;
  problem: { kind: 'cookie' | 'policy'; detail: string } | undefined;
}

/** The shop's setting as one of the spec's limits ('' = none); anything else is treated as GDPR. */
export function consentLimit(raw: string): ConsentLimit {
  return raw === '' || raw === 'GDPR_BLOCK_ALL' || raw === 'CCPA' ? raw : 'GDPR';
}

/** Calls a method of the privacy API; undefined when it is missing or throws. */
function ask(privacy: unknown, method: string): unknown {
  try {
    const fn = read(privacy, method);
    if (typeof fn === 'function') return fn.call(privacy);
  } catch {
    /* a throwing method: no answer */
  }
  return undefined;
}

/** The platform API's answer: its tracking consent, or (newer API) whether analytics is allowed. */
function apiAnswer(privacy: unknown): Answer {
  const consent = ask(privacy, 'getTrackingConsent');
  if (consent === 'yes' || consent === 'no') return consent;
  const analytics = ask(privacy, 'analyticsProcessingAllowed');
  if (consent !== 'no_interaction' && typeof analytics === 'boolean') return analytics ? 'yes' : 'no';
  return 'unset';
}

/** The cookie's answer and the regime it was written under; undefined when it does not parse. */
function cookieAnswer(cookie: string): { answer: Answer; regime: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cookie);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const con = read(parsed, 'con');
  // Version 2 keeps the analytics purpose under `con.CMP.a`, version 1 one value under `con.GDPR`.
  const value = read(read(con, 'CMP'), 'a') ?? read(con, 'GDPR');
  const limits = read(parsed, 'lim');
  const regime = String(read(parsed, 'reg') || (Array.isArray(limits) ? limits.join(',') : ''));
  return { answer: value === '1' || value === 1 ? 'yes' : value === '0' || value === 0 ? 'no' : 'unset', regime };
}

/** Decides consent from what the page says (see the table above). */
export function decideConsent(input: ConsentInput): ConsentDecision {
  const limit = consentLimit(input.limit);
  let answer: Answer = 'unset';
  let problem: ConsentDecision['problem'];
  const hasApi = !!input.privacy;
  if (hasApi) answer = apiAnswer(input.privacy);
  else if (input.cookie != null) {
    const fromCookie = cookieAnswer(input.cookie);
    if (!fromCookie) problem = { kind: 'cookie', detail: input.cookie.slice(0, 200) };
    else {
      answer = fromCookie.answer;
      // The platform wrote the cookie under a regime the shop's setting does not follow.
      const { regime } = fromCookie;
      if (regime && !regime.includes(limit.split('_')[0] || '-')) problem = { kind: 'policy', detail: `${limit || 'none'} vs ${regime}` };
    }
  }
  if (input.accepted) answer = 'yes';
  const decide = (state: ConsentState): ConsentDecision => ({ state, limit, problem });
  if (answer !== 'unset') return decide(answer === 'yes' ? 'granted' : 'blocked');
  switch (limit) {
    case 'GDPR_BLOCK_ALL':
      return decide('undecided');
    case 'GDPR':
      // With the API: where the platform needs no consent it lets the visitor be tracked at once.
      if (hasApi) return decide(ask(input.privacy, 'userCanBeTracked') === true ? 'granted' : 'undecided');
      // A cookie that says nothing yet (or cannot be read) means a banner is waiting.
      return decide(input.cookie == null ? 'granted' : 'undecided');
    default:
      return decide('granted');
  }
}
