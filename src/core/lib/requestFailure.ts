import type { RequestError } from '../request';

/**
 * The request wrapper's `RequestError` (an HTTP status, invalid JSON, the network), by its name:
 * `isRequestError` of request.ts would pull the whole wrapper into the importing chunk, which only
 * gets the wrapper from the loader (`ctx.request`, in the `services` chunk).
 */
export const asRequestError = (error: unknown): RequestError | null =>
  (error as Error | null)?.name === 'RequestError' ? (error as RequestError) : null;
