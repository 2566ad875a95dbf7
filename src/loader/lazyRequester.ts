import { reportError } from '../core/errors';
import type { Requester } from '../core/request';

type Services = typeof import('../core/services');

/**
 * The page view's one requester (spec §7: 50 requests per page view), created on the first call
 * from the lazily imported `services` chunk (`importServices`). Reportable failures go to the
 * error hook. A failed download of the chunk (flaky mobile network) fails that call only: the
 * next call imports again.
 */
export function lazyRequester(importServices: () => Promise<Services>): Requester {
  let pending: Promise<Requester> | undefined;
  return (url, init) => {
    pending ??= importServices().then(
      (services) => services.createPageRequester(reportError),
      (error) => {
        pending = undefined;
        throw error;
      },
    );
    return pending.then((request) => request(url, init));
  };
}
