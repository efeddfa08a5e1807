/** countInWindow: one shared counter per key and fixed window (the forms submission rate, the oEmbed proxy's). */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded';
import type { Store } from '../src/port';
import { countInWindow, ensureWindowCounterIndexes } from '../src/window-counter';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loom-window-'));
  store = await openEmbeddedStore(dir);
  await ensureWindowCounterIndexes(store, 'rates');
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const MINUTE = 60_000;

test('counts up to max in a window, then says when the window ends; each key on its own', async () => {
  const col = store.collection('rates');
  const at = 10 * MINUTE + 15_000;
  const count = (key: string, now = at) => countInWindow(col, key, { max: 2, windowMs: MINUTE, now });
  expect(await count('a')).toEqual({ counted: true });
  expect(await count('a')).toEqual({ counted: true });
  expect(await count('a')).toEqual({ counted: false, retryAfterMs: 45_000 });
  expect(await count('b')).toEqual({ counted: true });
  // The next window starts again, and the old one's counter is gone.
  expect(await count('a', 11 * MINUTE)).toEqual({ counted: true });
  expect(await col.find({ key: 'a' })).toEqual([expect.objectContaining({ window: 11, count: 1 })]);
});

test('concurrent counts never pass the limit together', async () => {
  const col = store.collection('rates');
  const verdicts = await Promise.all(
    Array.from({ length: 20 }, () => countInWindow(col, 'k', { max: 5, windowMs: MINUTE, now: MINUTE })),
  );
  expect(verdicts.filter((v) => v.counted)).toHaveLength(5);
});
