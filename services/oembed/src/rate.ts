/**
 * How many fetches one user may cause through the proxy: LOOM_OEMBED_RATE_MAX per window of
 * LOOM_OEMBED_RATE_WINDOW_MS, counted in the oembed store so every replica shares the count (@loom/store's
 * countInWindow). Only calls that would fetch are counted: cached answers and this site's own URLs cost nothing,
 * so an editor opening a post full of embeds is not held back. WordPress has no such limit; past it the answer is a
 * WordPress-style 429 `loom_oembed_rate_limited` with Retry-After.
 */
import { wpError, type RestResult } from '@loom/service-kit';
import { countInWindow, ensureWindowCounterIndexes, type Store } from '@loom/store';

export const PROXY_RATE = 'proxy_rate';

export const prepareProxyRate = (store: Store): Promise<void> => ensureWindowCounterIndexes(store, PROXY_RATE);

/** null when user `id` may fetch once more (and counts it), else the 429 to answer. */
export async function proxyRateLimited(
  store: Store,
  id: number,
  limit: { max: number; windowMs: number },
): Promise<RestResult | null> {
  if (limit.max <= 0) return null;
  const verdict = await countInWindow(store.collection(PROXY_RATE), `user:${id}`, limit);
  if (verdict.counted) return null;
  const error = wpError('loom_oembed_rate_limited');
  return {
    status: error.status,
    body: error.toBody(),
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))) },
  };
}
