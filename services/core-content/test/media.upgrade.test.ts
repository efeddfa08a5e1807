/**
 * Attachments that earlier versions of Loom stored, as clients see them once core-content has started on them: an
 * upload's `ping_status` that took the comment default (`open`) is closed once per store. The old state is written
 * straight into the world's store, as those versions left it.
 */
import { as, image, startWorld, type World } from '@loom/testing';
import { POSTS } from '../src/engine/repository';
import { upgradeStoredAttachments } from '../src/types/attachment/upgrade';
import { uploaded } from './media.requests';

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
