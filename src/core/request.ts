/**
 * The request wrapper every call goes through (spec §7): a budget of 50
 * calls per page view (extra calls are silently dropped), a default timeout
 * that raises a timeout error, JSON or raw bodies, text for DELETE.
 */
import { toJson } from './lib/toJson';

/** Requests allowed per page view; extra calls are silently dropped. */
export const REQUEST_BUDGET = 50;
/** Default request timeout. */
const REQUEST_TIMEOUT_MS = 5000;
/** Timeout of review submissions with photo uploads (spec §7, §9), which their callers pass. */
export const UPLOAD_TIMEOUT_MS = 40000;

/** Options of one request.
 * @public
 */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body (sent as application/json). */
  json?: unknown;
  /** Raw body (FormData for multipart uploads). */
  body?: BodyInit;
  /** ms; default REQUEST_TIMEOUT_MS, uploads pass UPLOAD_TIMEOUT_MS. */
  timeout?: number;
  headers?: Record<string, string>;
  /** Resolve the response text instead of parsing JSON (DELETE always does). */
  text?: boolean;
  /** The fetch cache mode: `'no-store'` for answers that must be fresh (product JSON, spec §7). */
  cache?: RequestCache;
  /**
   * Transport for this request instead of `fetch` (e.g. one on XMLHttpRequest that reports upload
   * progress); the budget, timeout (it is handed the abort signal), errors and reports stay the wrapper's.
   */
  fetch?: Transport;
}

/** What the wrapper needs of a transport: `fetch`, or anything answering the same call with `ok`, `status` and `text()`. */
export type Transport = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** Failure details passed to `onError` for reportable failures (spec §8); a type, so it is a report's `extra` as is. */
export type RequestErrorInfo = {
  url: string;
  method: string;
  status: number;
  message: string;
};

/** A request function bound to one budget; resolves null when dropped or on an empty body. */
export type Requester = <T = unknown>(url: string, init?: RequestOptions) => Promise<T | null>;

/** Non-2xx response (status), invalid JSON (status of the response) or network failure (status 0). */
export interface RequestError extends Error {
  name: 'RequestError';
  status: number;
  url: string;
  /** A non-2xx response's body parsed as JSON, when it was JSON (the provider's error messages). */
  data?: unknown;
}

/** The request exceeded its timeout (spec §7); status 0, message contains 'timeout'. */
export interface TimeoutError extends Error {
  name: 'TimeoutError';
  status: 0;
  url: string;
}

/** Plain Errors with a name instead of subclasses: smaller, and `name` checks work across bundles. */
const namedError = <E extends RequestError | TimeoutError>(name: E['name'], message: string, status: number, url: string): E =>
  Object.assign(new Error(message), { name, status, url }) as E;

/** True for a request timeout. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return (error as Error | null)?.name === 'TimeoutError';
}

/** True for a failed request (HTTP status, invalid JSON, network). */
export function isRequestError(error: unknown): error is RequestError {
  return (error as Error | null)?.name === 'RequestError';
}

const path = (url: string): string => url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/[?#].*$/, '');

/**
 * Whether a failed request should be reported (spec §8 "Not reported as
 * errors"): never 0, 401, 402, 403, 418, 421, 430, 499, 500; not 469/404 on
 * the cart endpoint (`/cart`, `/cart.js`, `/cart.json`; the cart reader
 * reports its own 469 as "missing cart data"); not 422 on a POST to
 * `/cart/add` or `/cart/change` (the shopper gets an alert instead).
 */
export function isReportableStatus(status: number, url: string, method = 'GET'): boolean {
  if ([0, 401, 402, 403, 418, 421, 430, 499, 500].indexOf(status) >= 0) return false;
  const urlPath = path(url);
  if ((status === 469 || status === 404) && /\/cart(\.js(on)?)?$/.test(urlPath)) return false;
  return !(status === 422 && method.toUpperCase() === 'POST' && /\/cart\/(add|change)(\.js(on)?)?$/.test(urlPath));
}

/**
 * Creates the requester of one page view. At most `budget` (50) calls reach
 * the network; the rest resolve `null` with no network, console or throw.
 * Rejects with `TimeoutError` after `timeout` ms (the fetch is aborted) and
 * with `RequestError` on non-2xx, network failure or invalid JSON;
 * `onError` hears about failures that `isReportableStatus` lets through.
 */
export function createRequester(opts: { budget?: number; fetch?: Transport; onError?: (info: RequestErrorInfo) => void } = {}): Requester {
  let left = opts.budget ?? REQUEST_BUDGET;
  return <T>(url: string, init: RequestOptions = {}): Promise<T | null> => {
    if (left <= 0) return Promise.resolve(null);
    left--;
    const headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      body = toJson(init.json);
      headers['Content-Type'] ??= 'application/json';
    }
    const method = init.method || (body != null ? 'POST' : 'GET');
    const timeoutMs = init.timeout ?? REQUEST_TIMEOUT_MS;
    const ctrl = typeof AbortController === 'function' ? new AbortController() : null;

    return new Promise<T | null>((resolve, reject) => {
      let done = false;
      const fail = (error: RequestError | TimeoutError): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const { status, message } = error;
        if (opts.onError && !isTimeoutError(error) && isReportableStatus(status, url, method)) {
          try {
            opts.onError({ url, method, status, message });
          } catch {
            /* a broken hook must not change the outcome */
          }
        }
        reject(error);
      };
      const timer = setTimeout(() => {
        fail(namedError('TimeoutError', `Request timeout after ${timeoutMs} ms: ${url}`, 0, url));
        ctrl?.abort();
      }, timeoutMs);
      // Looked up per call (not at creation) so late polyfills / test spies apply.
      const fetcher: Transport = init.fetch || opts.fetch || globalThis.fetch;
      Promise.resolve()
        // Against the page's own address, not the document's base URL: a theme's `<base href>` naming
        // another host (a CDN) would send a relative request (the cart's, a discount link) there.
        // In the chain, so that a malformed URL rejects as a network error, as fetch's own would.
        .then(() => fetcher(new URL(url, location.href).href, { method, headers, body, cache: init.cache, signal: ctrl?.signal }))
        .then(
          (res) =>
            res.text().then((txt) => {
              if (!res.ok) {
                const error = namedError<RequestError>('RequestError', `HTTP ${res.status} for ${method} ${url}`, res.status, url);
                // The body says why (the provider's `{ errors, error }`); a non-JSON body is left out.
                try {
                  error.data = JSON.parse(txt);
                } catch {
                  /* not JSON: the status is all there is */
                }
                throw error;
              }
              if (method === 'DELETE' || init.text) return txt;
              if (!txt.trim()) return null;
              try {
                return JSON.parse(txt) as T;
              } catch {
                throw namedError('RequestError', `Invalid JSON in response (HTTP ${res.status}) from ${url}`, res.status, url);
              }
            }),
          (cause: unknown) => {
            throw namedError(
              'RequestError',
              `Network error for ${method} ${url}: ${String((cause as Error | null)?.message ?? cause)}`,
              0,
              url,
            );
          },
        )
        .then(
          (data) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve(data as T | null);
          },
          (error: unknown) =>
            fail(isRequestError(error) ? error : namedError('RequestError', String((error as Error | null)?.message ?? error), 0, url)),
        );
    });
  };
}
