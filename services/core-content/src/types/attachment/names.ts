/**
 * Upload names, claimed in the store: every name an upload stores (its file and everything made from it) is a row of
 * `media_files` under a unique index, so two replicas (or two requests) never pick the same name at once. A name is
 * free again once its attachment is permanently deleted, as WordPress's wp_unique_filename() finds no file there:
 * the claims go after the row and the files (releaseNames), so no upload can take a name while the old files are
 * still being removed. Files are therefore served to be revalidated (serve.ts), never cached as immutable.
 *
 * A claim is `pending` until the attachment that owns its file is written (`attached`). Files are written before the
 * row, so a process that stops between the two leaves pending claims behind: the orphan sweep (orphans.ts) removes
 * their files once they are older than any upload can take, and marks them `abandoned` (the name stays used). Claims
 * left `attached` to an attachment that is gone (deleted before names were released, or by a process that stopped
 * mid-delete) are found at start and marked `releasing`; the sweep frees them after the same grace.
 */
import { uniqueFileName } from '@loom/media';
import { DuplicateKeyError, escapeRegExp, type Store } from '@loom/store';

export const MEDIA_FILES = 'media_files';

export interface NameDoc extends Record<string, unknown> {
  name: string;
  /** Absent on claims older than the states: those are attached. */
  state?: 'pending' | 'attached' | 'abandoned' | 'releasing';
  claimed_at?: number;
  attachment?: number;
}

const pending = (name: string): NameDoc => ({ name, state: 'pending', claimed_at: Date.now() });

export async function ensureMediaIndexes(store: Store): Promise<void> {
  await store.collection(MEDIA_FILES).ensureIndex({ fields: ['name'], unique: true });
  // The orphan sweep's pending claims (few among the attached ones).
  await store.collection(MEDIA_FILES).ensureIndex({ fields: ['state'] });
}

const MAX_ATTEMPTS = 50;

/**
 * wp_unique_filename in `dir` (`YYYY/MM`) against every name ever claimed there (and, for stores that predate the
 * claims, the files themselves), then claimed; a name a concurrent upload claimed first moves on to the next.
 */
export async function claimUniqueName(store: Store, dir: string, name: string): Promise<string> {
  const names = store.collection<NameDoc>(MEDIA_FILES);
  const lost = new Set<string>();
  const taken = async (rel: string) =>
    lost.has(rel) || (await names.count({ name: rel })) > 0 || (await store.files.stat(rel)) !== null;
  const list = async (d: string, prefix: string) =>
    (await names.find({ name: { $regex: new RegExp(`^${escapeRegExp(`${d}/${prefix}`)}`) } })).map((n) =>
      n.name.slice(d.length + 1),
    );
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const candidate = await uniqueFileName(dir, name, taken, list);
    try {
      await names.insert(pending(`${dir}/${candidate}`));
      return candidate;
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      lost.add(`${dir}/${candidate}`);
    }
  }
  throw new Error(`no free file name for ${name} in ${dir}`);
}

/** Claims the names an upload derived from its own (sizes, copies); one already claimed is left as it is. */
export async function claimNames(store: Store, files: string[]): Promise<void> {
  const names = store.collection<NameDoc>(MEDIA_FILES);
  for (const name of files) {
    try {
      await names.insert(pending(name));
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
    }
  }
}

/** The files of `attachment` are in place and its row written: their claims are no orphans. */
export async function attachNames(store: Store, files: string[], attachment: number): Promise<void> {
  await store
    .collection<NameDoc>(MEDIA_FILES)
    .updateMany({ name: { $in: files } }, { $set: { state: 'attached', attachment } });
}

/** A write that failed (its files already removed): the names stay used, and the sweep leaves them alone. */
export async function abandonNames(store: Store, files: string[]): Promise<void> {
  await store
    .collection<NameDoc>(MEDIA_FILES)
    .updateMany({ name: { $in: files }, state: 'pending' }, { $set: { state: 'abandoned' } });
}

/**
 * A permanently deleted attachment's names, once its row and files are gone: free again. Only names of its files
 * (`files`), and only its own claims: attached to it, still pending (sizes a post-process was adding), or older than
 * the states.
 */
export async function releaseNames(store: Store, files: string[], attachment: number): Promise<void> {
  await store.collection<NameDoc>(MEDIA_FILES).deleteMany({
    name: { $in: files },
    $or: [{ attachment }, { state: 'pending' }, { state: { $exists: false } }],
  });
}
