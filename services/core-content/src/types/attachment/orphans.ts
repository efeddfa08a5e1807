/**
 * The orphan sweep: files whose claim is still `pending` long after it was made belong to an upload, edit or
 * post-process whose process stopped between writing the files and writing the attachment (names.ts). They are
 * removed, so no file outlives a write that did not finish. Runs shortly after start and then every quarter hour,
 * on every replica (each step is idempotent, so replicas sweeping at once do no harm).
 */
import type { Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { MEDIA_FILES, type NameDoc } from './names';

/** Longer than any upload can take (the gateway gives up on a service after LOOM_UPSTREAM_TIMEOUT_MS, 30 s). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Removes the files of claims pending for longer than `graceMs`; returns how many it found. */
export async function sweepOrphans(store: Store, graceMs = ORPHAN_GRACE_MS, now = Date.now()): Promise<number> {
  const names = store.collection<NameDoc>(MEDIA_FILES);
  const stale = await names.find({ state: 'pending', claimed_at: { $lt: now - graceMs } });
  for (const claim of stale) {
    await store.files.delete(claim.name);
    await names.updateOne({ name: claim.name, state: 'pending' }, { $set: { state: 'abandoned' } });
  }
  return stale.length;
}

/** Sweeps in the background while the store is open; the timers never keep the process alive. */
export function startOrphanSweep(store: Store, log: Logger): void {
  const run = () => {
    if (!store.isOpen()) return void clearInterval(every);
    sweepOrphans(store).then(
      (n) => n && log.warn({ files: n }, 'removed the files of uploads whose attachment was never written'),
      (err: unknown) => log.warn({ err }, 'orphan sweep failed; it runs again later'),
    );
  };
  const every = setInterval(run, SWEEP_EVERY_MS).unref();
  setTimeout(run, 5000).unref();
}
