/**
 * attachmentsByIds (src/media/lookup.ts), what featured media, _embed and galleries use: the REST shape of the
 * attachments each caller may read, by id, in one query; ids of other types, unknown ids and files attached to a
 * draft the caller may not read are absent.
 */
import request from 'supertest';
import sharp from 'sharp';
import { asRole, type RestRequest } from '@loom/service-kit';
import { attachmentsByIds } from '../src/types/attachment';
import { startCore } from './helpers';

let core: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  core = await startCore();
});
afterAll(() => core.close());

const reqAs = (user: RestRequest['user']) =>
  ({
    store: core.store,
    user,
    config: core.config,
    memo: (_k: string, load: () => Promise<unknown>) => load(),
  }) as unknown as RestRequest;

test('readable attachments by id, in the asked context, one entry per readable id', async () => {
  const admin = asRole('administrator');
  const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();
  const upload = async (query = '') =>
    (
      await request(core.app)
        .post(`/rest/core/v2/media${query}`)
        .set(admin)
        .set('Content-Type', 'image/jpeg')
        .set('Content-Disposition', 'attachment; filename=l.jpg')
        .send(jpeg)
    ).body as { id: number; source_url: string };
  const draft = (await request(core.app).post('/rest/core/v2/posts').set(admin).send({ title: 'd', status: 'draft' }))
    .body.id as number;
  const open = await upload();
  const hidden = await upload(`?post=${draft}`);
  const anonymous = await attachmentsByIds(reqAs(null), [open.id, hidden.id, draft, 999999, open.id]);
  expect([...anonymous.keys()]).toEqual([open.id]);
  expect(anonymous.get(open.id)).toMatchObject({
    id: open.id,
    source_url: open.source_url,
    media_type: 'image',
    media_details: { width: 320, height: 200 },
  });
  // Embed context by default: no raw fields, no description.
  expect(anonymous.get(open.id)).not.toHaveProperty('description');
  const asAdmin = await attachmentsByIds(
    reqAs({ id: 1, login: 'administrator', name: 'administrator', roles: ['administrator'] } as RestRequest['user']),
    [open.id, hidden.id],
    'view',
  );
  expect([...asAdmin.keys()].sort()).toEqual([open.id, hidden.id].sort());
  expect(asAdmin.get(hidden.id)).toHaveProperty('description');
  expect((await attachmentsByIds(reqAs(null), [])).size).toBe(0);
});
