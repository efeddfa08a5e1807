/**
 * An upload is all or nothing (issue 13 item 2): processed before anything is stored, its files written before its
 * row, and the files deleted again when the row cannot be written. Runs create_item's own part (media/upload.ts)
 * on a real embedded store with a real image, with a row write that fails.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { RestRequest } from '@loom/service-kit';
import { openEmbeddedStore, type Store } from '@loom/store';
import { ensureMediaIndexes, MEDIA_FILES } from '../src/types/attachment/names';
import { ORPHAN_GRACE_MS, sweepOrphans } from '../src/types/attachment/orphans';
import { createAttachment } from '../src/types/attachment/upload';
import type { PostDoc, PostInput } from '../src/engine/repository';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loom-media-'));
  store = await openEmbeddedStore(dir);
  await ensureMediaIndexes(store); // as core-content's start makes them: names are unique
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function request(bytes: Buffer): Promise<RestRequest> {
  return {
    payload: {
      kind: 'raw',
      bytes,
      md5: '',
      contentType: 'image/jpeg',
      disposition: 'attachment; filename="atomic.jpg"',
    },
    params: {},
    store,
    user: { id: 1, login: 'admin', name: 'admin', roles: ['administrator'] },
    config: { baseUrl: 'http://loom.test' },
  } as unknown as RestRequest;
}

const storedFiles = async () =>
  (await readdir(path.join(dir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name);

test('a row that cannot be written takes every file of the upload with it', async () => {
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();
  let seen: PostInput | undefined;
  const failing = async (input: PostInput): Promise<PostDoc> => {
    seen = input;
    // The files are all there when the row is written...
    expect((await storedFiles()).length).toBeGreaterThan(3);
    throw new Error('the database went away');
  };
  await expect(createAttachment(await request(bytes), {}, failing)).rejects.toThrow('the database went away');
  expect(seen?.own).toMatchObject({ mime_type: 'image/jpeg' });
  // ...and none once it failed.
  expect(await storedFiles()).toEqual([]);
});

test('a written row keeps its files', async () => {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#25a' } })
    .jpeg()
    .toBuffer();
  const made = async (input: PostInput) => ({ id: 7, ...input }) as unknown as PostDoc;
  const { post, headers } = await createAttachment(await request(bytes), {}, made);
  expect(headers).toEqual({ 'X-WP-Upload-Attachment-ID': '7' });
  expect(post.title).toBe('atomic');
  expect((await storedFiles()).sort()).toEqual(
    expect.arrayContaining(['atomic.jpg', 'atomic-150x150.jpg', 'atomic-300x225.jpg']),
  );
});

test('a process that stops between the files and the row: the orphan sweep removes the files once the grace is over', async () => {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#5a2' } })
    .jpeg()
    .toBuffer();
  // The row write never returns: the process is gone at that instant, with every file written.
  let reached = false;
  const stopped = () => ((reached = true), new Promise<PostDoc>(() => undefined));
  void createAttachment(await request(bytes), {}, stopped);
  await waitFor(async () => reached);
  const written = await storedFiles();

  // Within the grace, an upload still in flight keeps its files.
  expect(await sweepOrphans(store)).toBe(0);
  expect((await storedFiles()).sort()).toEqual(written.sort());
  // Past it, they go; the names stay used (a URL never comes to hold other bytes).
  expect(await sweepOrphans(store, ORPHAN_GRACE_MS, Date.now() + ORPHAN_GRACE_MS + 1000)).toBe(written.length);
  expect(await storedFiles()).toEqual([]);
  const claims = await store.collection<{ name: string; state: string }>(MEDIA_FILES).find({});
  expect(claims.map((c) => c.state)).toEqual(written.map(() => 'abandoned'));
});

test('attached files are never swept', async () => {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#25a' } })
    .jpeg()
    .toBuffer();
  await createAttachment(
    await request(bytes),
    {},
    async (input: PostInput) => ({ id: 8, ...input }) as unknown as PostDoc,
  );
  const before = await storedFiles();
  expect(await sweepOrphans(store, 0, Date.now() + 10 * ORPHAN_GRACE_MS)).toBe(0);
  expect(await storedFiles()).toEqual(before);
});

async function waitFor(check: () => Promise<boolean>, ms = 10000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
