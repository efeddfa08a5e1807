/**
 * The orphan sweep: files whose claim is still `pending` long after it was made belong to an upload, edit or
 * post-process whose process stopped between writing the files and writing the attachment (names.ts). They are
 * removed, so no file outlives a write that did not finish. Claims `releasing` for as long belong to an attachment
 * that is gone: their files are removed (if still there) and the names freed. Runs shortly after start (first
 * marking the claims left attached to an attachment that is gone) and then every quarter hour, on every replica
 * (each step is idempotent, so replicas sweeping at once do no harm).
 */
import type { Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { POSTS, type PostDoc } from '../../engine/repository';
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

/** Frees the names `releasing` for longer than `graceMs`, their files removed first; returns how many. */
export async function freeReleasedNames(store: Store, graceMs = ORPHAN_GRACE_MS, now = Date.now()): Promise<number> {
  const names = store.collection<NameDoc>(MEDIA_FILES);
  const released = await names.find({ state: 'releasing', claimed_at: { $lt: now - graceMs } });
  for (const claim of released) {
    await store.files.delete(claim.name);
    await names.deleteOne({ name: claim.name, state: 'releasing' });
  }
  return released.length;
}

/**
 * Claims still `attached` to an attachment that is gone: marked `releasing`, so the sweep frees them once no
 * delete can still be removing their files (freed at once, a name could be taken by an upload whose new file that
 * delete would then remove). Claims are read before the rows: an attachment's row exists before its claims are
 * attached. Returns how many it marked.
 */
export async function markReleasedClaims(store: Store, now = Date.now()): Promise<number> {
  const names = store.collection<NameDoc>(MEDIA_FILES);
  const attached = (await names.find({ state: 'attached' })).filter((c) => typeof c.attachment === 'number');
  const ids = [...new Set(attached.map((c) => c.attachment!))];
  if (!ids.length) return 0;
  const rows = await store.collection<PostDoc>(POSTS).find({ id: { $in: ids }, type: 'attachment' });
  const existing = new Set(rows.map((p) => p.id));
  let marked = 0;
  for (const claim of attached) {
    if (existing.has(claim.attachment!)) continue;
    const filter = { name: claim.name, state: 'attached', attachment: claim.attachment };
    if (await names.updateOne(filter, { $set: { state: 'releasing', claimed_at: now } })) marked++;
  }
  return marked;
}

/** Sweeps in the background while the store is open; the timers never keep the process alive. */
export function startOrphanSweep(store: Store, log: Logger): void {
  let marked = false;
  const sweep = async () => {
    if (!marked) {
      const n = await markReleasedClaims(store);
      marked = true;
      if (n) log.info({ names: n }, 'the names of attachments that are gone are freed after the grace');
    }
    const orphans = await sweepOrphans(store);
    if (orphans) log.warn({ files: orphans }, 'removed the files of uploads whose attachment was never written');
    await freeReleasedNames(store);
  };
  const run = () => {
    if (!store.isOpen()) return void clearInterval(every);
    sweep().catch((err: unknown) => log.warn({ err }, 'orphan sweep failed; it runs again later'));
  };
  const every = setInterval(run, SWEEP_EVERY_MS).unref();
  setTimeout(run, 5000).unref();
}
