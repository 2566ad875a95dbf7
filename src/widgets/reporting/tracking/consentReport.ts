/**
 * The consent report (spec §7 "consent report": gdpr, ccpa, sId, bt), with spec §3's values:
 * `gdpr` NOT_SET 0, GDPR 1, GDPR_BLOCK_ALL 2; `ccpa` NOT_SET 0, CCPA 1; `sId` the shop id (the
 * report says nothing about who the visitor is, so it can be sent before they agree); `bt`
 * ("blocked tracking") 1 while tracking is not allowed, 0 once it is.
 */
import type { ConsentLimit, ConsentState } from './consent';

/** The report's fields. */
export function consentReport(limit: ConsentLimit, state: ConsentState, shopId: string): Record<string, string> {
  return {
    gdpr: limit === 'GDPR' ? '1' : limit === 'GDPR_BLOCK_ALL' ? '2' : '0',
    ccpa: limit === 'CCPA' ? '1' : '0',
    sId: shopId,
    bt: state === 'granted' ? '0' : '1',
  };
}
