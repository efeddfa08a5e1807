/** Why a fetch did not happen or did not finish. Messages name hosts and rules, never a URL's path or query. */
export type SafeFetchErrorCode =
  /** Not a URL, or not one this fetcher takes (scheme, credentials, port, address class). */
  | 'refused'
  /** The host has no address. */
  | 'unresolvable'
  /** More redirects than allowed, or a redirect without a usable Location. */
  | 'redirects'
  /** The body (after decompression) is larger than allowed. */
  | 'too_large'
  /** The whole fetch, redirects included, took longer than allowed. */
  | 'timeout'
  /** The connection failed or the answer could not be read. */
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}
