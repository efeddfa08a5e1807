/**
 * Rate limits every replica shares: one counter per key and fixed window in a collection, created under a unique
 * index and raised with a conditional `$inc`, so concurrent requests on any replica never pass the limit together.
 * Windows before the current one are dropped as the key is counted again.
 */
import { DuplicateKeyError, type Collection, type Store } from './port';

export async function ensureWindowCounterIndexes(store: Store, collection: string): Promise<void> {
  await store.collection(collection).ensureIndex({ fields: ['id'], unique: true });
  await store.collection(collection).ensureIndex({ fields: ['key'] });
}

export type WindowVerdict = { counted: true } | { counted: false; retryAfterMs: number };

/** Counts one more for `key` in the current window, unless it already holds `max`; then says when the window ends. */
export async function countInWindow(
  col: Collection,
  key: string,
  opts: { max: number; windowMs: number; now?: number },
): Promise<WindowVerdict> {
  const now = opts.now ?? Date.now();
  const window = Math.floor(now / opts.windowMs);
  await col.deleteMany({ key, window: { $lt: window } });
  try {
    await col.insert({ id: `${key}:${window}`, key, window, count: 0 });
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
  }
  const counted = await col.updateOne({ id: `${key}:${window}`, count: { $lt: opts.max } }, { $inc: { count: 1 } });
  return counted ? { counted: true } : { counted: false, retryAfterMs: (window + 1) * opts.windowMs - now };
}
