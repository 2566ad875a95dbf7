/**
 * The consent matrix (spec §3 "Consent", §4): the shop's limit setting, the platform's privacy
 * API, its consent cookie and `vitrine:consent-accepted` decide granted, blocked or undecided.
 */
import { describe, expect, it } from 'vitest';
import { consentLimit, decideConsent, type ConsentInput } from '../../../../../src/widgets/reporting/tracking/consent';
import { consentReport } from '../../../../../src/widgets/reporting/tracking/consentReport';

/** A fake `Shopify.customerPrivacy` answering as the platform does. */
const api = (consent: 'yes' | 'no' | 'no_interaction', canBeTracked: boolean) => ({
  getTrackingConsent: () => consent,
  userCanBeTracked: () => canBeTracked,
});
const input = (patch: Partial<ConsentInput>): ConsentInput => ({ limit: '', privacy: null, cookie: null, accepted: false, ...patch });
const cookie = (value: string, extra = '') => `{"con":{"CMP":{"a":"${value}","m":"","p":"","s":""}},"v":"2.1"${extra}}`;

describe('decideConsent: the platform API', () => {
  it.each([
    // limit, API consent, userCanBeTracked, state
    ['', 'yes', true, 'granted'],
    ['', 'no', false, 'blocked'],
    ['', 'no_interaction', false, 'granted'],
    ['GDPR', 'yes', true, 'granted'],
    ['GDPR', 'no', false, 'blocked'],
    ['GDPR', 'no_interaction', false, 'undecided'],
    // Where the platform needs no consent (outside the EU), it says the visitor can be tracked.
    ['GDPR', 'no_interaction', true, 'granted'],
    ['GDPR_BLOCK_ALL', 'yes', true, 'granted'],
    ['GDPR_BLOCK_ALL', 'no', false, 'blocked'],
    ['GDPR_BLOCK_ALL', 'no_interaction', true, 'undecided'],
    ['CCPA', 'yes', true, 'granted'],
    ['CCPA', 'no', false, 'blocked'],
    ['CCPA', 'no_interaction', false, 'granted'],
  ] as const)('limit %j, consent %s, can be tracked %s → %s', (limit, consent, can, state) => {
    expect(decideConsent(input({ limit, privacy: api(consent, can) })).state).toBe(state);
  });

  it('reads the newer API (analyticsProcessingAllowed) when there is no tracking consent', () => {
    expect(decideConsent(input({ limit: 'GDPR', privacy: { analyticsProcessingAllowed: () => true } })).state).toBe('granted');
    expect(decideConsent(input({ limit: 'GDPR', privacy: { analyticsProcessingAllowed: () => false } })).state).toBe('blocked');
  });

  it('a throwing or empty API object is "not decided yet", never an exception', () => {
    const hostile = {
      getTrackingConsent() {
        throw new Error('x');
      },
    };
    expect(decideConsent(input({ limit: 'GDPR', privacy: hostile })).state).toBe('undecided');
    expect(decideConsent(input({ limit: 'CCPA', privacy: {} })).state).toBe('granted');
  });
});

describe('decideConsent: no API, the consent cookie', () => {
  it.each([
    ['', 'granted'],
    ['GDPR', 'granted'],
    ['CCPA', 'granted'],
    ['GDPR_BLOCK_ALL', 'undecided'],
  ] as const)('without a consent cookie, limit %j → %s (spec §4; block-all waits)', (limit, state) => {
    expect(decideConsent(input({ limit })).state).toBe(state);
  });

  it.each([
    ['GDPR', '1', 'granted'],
    ['GDPR', '0', 'blocked'],
    ['GDPR', '', 'undecided'],
    ['CCPA', '', 'granted'],
    ['CCPA', '0', 'blocked'],
    ['', '0', 'blocked'],
  ] as const)('limit %j, cookie analytics %j → %s', (limit, value, state) => {
    expect(decideConsent(input({ limit, cookie: cookie(value) })).state).toBe(state);
  });

  it('reads the version 1 cookie too (`con.GDPR`)', () => {
    expect(decideConsent(input({ limit: 'GDPR', cookie: '{"v":"1.0","con":{"GDPR":"1"},"lim":["GDPR"]}' }))).toEqual({
      state: 'granted',
      limit: 'GDPR',
    });
  });

  it('a cookie that does not parse is reported and waits under GDPR', () => {
    expect(decideConsent(input({ limit: 'GDPR', cookie: '{not json' }))).toEqual({
      state: 'undecided',
      limit: 'GDPR',
      problem: { kind: 'cookie', detail: '{not json' },
    });
    expect(decideConsent(input({ limit: 'CCPA', cookie: 'null' }))).toMatchObject({ state: 'granted', problem: { kind: 'cookie' } });
  });

  it("reports a policy mismatch: the platform's regime is not the shop's setting", () => {
    expect(decideConsent(input({ limit: 'CCPA', cookie: cookie('1', ',"reg":"GDPR"') })).problem).toEqual({
      kind: 'policy',
      detail: 'CCPA vs GDPR',
    });
    expect(decideConsent(input({ limit: 'GDPR_BLOCK_ALL', cookie: cookie('1', ',"reg":"GDPR"') })).problem).toBeUndefined();
    expect(decideConsent(input({ limit: '', cookie: '{"con":{"GDPR":""},"lim":["GDPR"]}' })).problem).toEqual({
      kind: 'policy',
      detail: 'none vs GDPR',
    });
  });
});

describe('decideConsent: vitrine:consent-accepted', () => {
  it('counts as a yes, whatever the limit', () => {
    for (const limit of ['', 'GDPR', 'GDPR_BLOCK_ALL', 'CCPA']) {
      expect(decideConsent(input({ limit, privacy: api('no_interaction', false), accepted: true })).state).toBe('granted');
      expect(decideConsent(input({ limit, cookie: cookie(''), accepted: true })).state).toBe('granted');
    }
  });
});

describe('consentLimit and the consent report (spec §3 values)', () => {
  it('reads an unknown limit as GDPR', () => {
    expect(consentLimit('gdpr')).toBe('GDPR');
    expect(consentLimit('')).toBe('');
  });

  it.each([
    ['', 'granted', { gdpr: '0', ccpa: '0', sId: 'demo', bt: '0' }],
    ['GDPR', 'undecided', { gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' }],
    ['GDPR_BLOCK_ALL', 'blocked', { gdpr: '2', ccpa: '0', sId: 'demo', bt: '1' }],
    ['CCPA', 'granted', { gdpr: '0', ccpa: '1', sId: 'demo', bt: '0' }],
  ] as const)('limit %j, %s → %o', (limit, state, report) => {
    expect(consentReport(limit, state, 'demo')).toEqual(report);
  });
});
