/**
 * Attachments that earlier versions of Loom stored, as clients see them once core-content has started on them: an
 * upload's `ping_status` that took the comment default (`open`) is closed once per store, and the names of
 * attachments deleted while names were never released are freed (after the orphan sweep's grace). The old state is
 * written straight into the world's store, as those versions left it.
 */
import { as, image, startWorld, type World } from '@loom/testing';
import { POSTS } from '../src/engine/repository';
import { MEDIA_FILES, type NameDoc } from '../src/types/attachment/names';
import { freeReleasedNames, markReleasedClaims, ORPHAN_GRACE_MS } from '../src/types/attachment/orphans';
import { upgradeStoredAttachments } from '../src/types/attachment/upgrade';
import { month, uploaded } from './media.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const pings = async (id: number) => (await as(w, 'author').get(`/core/v2/media/${id}?context=edit`)).body.ping_status;

test('uploads stored open to pings are closed once; a ping_status written afterwards is kept', async () => {
  const a = await uploaded(w, 'author', await image(40, 30), 'old-pings.jpg');
  // As earlier versions stored it, on a store that has not had the upgrade yet.
  await w.core.store.collection(POSTS).updateOne({ id: a.id }, { $set: { ping_status: 'open' } });
  await w.core.store.collection('options').deleteOne({ name: 'loom_upgrade_attachment_ping_status' });

  // As core-content's start runs it, before it answers (the gateway has seen no answer about it yet).
  await upgradeStoredAttachments(w.core.store);
  expect(await pings(a.id)).toBe('closed');
  // Posts keep theirs: only attachments took a wrong default.
  const post = (await as(w, 'author').post('/core/v2/posts', { title: 'Pings', status: 'publish' })).body;
  await upgradeStoredAttachments(w.core.store);
  expect((await as(w, 'author').get(`/core/v2/posts/${post.id}?context=edit`)).body.ping_status).toBe('open');

  // Once: a later start keeps what a client chose.
  await as(w, 'author').post(`/core/v2/media/${a.id}`, { ping_status: 'open' });
  await upgradeStoredAttachments(w.core.store);
  expect(await pings(a.id)).toBe('open');
});

test('names left claimed by attachments deleted before names were released are freed after the grace', async () => {
  const names = w.core.store.collection<NameDoc>(MEDIA_FILES);
  const gone = await uploaded(w, 'author', await image(400, 300), 'left.jpg');
  // An earlier version's delete: the row, then the files; the claims stayed attached.
  const owned = await names.find({ attachment: gone.id });
  expect(owned.length).toBeGreaterThan(2);
  await w.core.store.collection(POSTS).deleteOne({ id: gone.id });
  for (const claim of owned) await w.core.store.files.delete(claim.name);
  const kept = await uploaded(w, 'author', await image(400, 300), 'left.jpg');
  expect(kept.media_details.file).toBe(`${month()}/left-1.jpg`);

  // At start they are marked; freed once no delete could still be removing their files.
  expect(await markReleasedClaims(w.core.store)).toBe(owned.length);
  expect(await freeReleasedNames(w.core.store)).toBe(0);
  expect((await uploaded(w, 'author', await image(40, 30), 'left.jpg')).media_details.file).toBe(
    `${month()}/left-2.jpg`,
  );
  expect(await freeReleasedNames(w.core.store, ORPHAN_GRACE_MS, Date.now() + ORPHAN_GRACE_MS + 1000)).toBe(
    owned.length,
  );
  expect(await names.count({ attachment: gone.id })).toBe(0);
  expect((await uploaded(w, 'author', await image(40, 30), 'left.jpg')).media_details.file).toBe(`${month()}/left.jpg`);

  // The attachments still there keep theirs, and their files.
  expect(await names.count({ attachment: kept.id, state: 'attached' })).toBeGreaterThan(2);
  expect(await markReleasedClaims(w.core.store)).toBe(0);
});
