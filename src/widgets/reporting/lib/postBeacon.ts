/**
 * Posts `body` to `url` so that it arrives even when the page is being left: `sendBeacon`
 * (a `URLSearchParams` body goes as a form, a string as `text/plain`, both simple requests
 * without a CORS preflight), else `fetch` with `keepalive`. Fire and forget: the provider's
 * answer is never read (spec §7), a failure is not reported (a report about a failed report
 * would only loop) and nothing here throws. Outside the request wrapper on purpose: error
 * reports and tracking must not spend the widgets' 50 requests.
 */
export function postBeacon(url: string, body: URLSearchParams | string): void {
  try {
    if (navigator.sendBeacon?.(url, body)) return;
    fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
  } catch {
    /* best effort */
  }
}
