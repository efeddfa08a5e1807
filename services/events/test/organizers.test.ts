/** events/v1 organizers through the gateway, against the real events app (reference A.0, A.1, A.2.2, A.4). */
import { err, eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';
import { insertEvent } from './fixtures';

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(async () => {
  await world.close();
});

describe('organizers', () => {
  it('creates (201) in the plugin shape, without venue-only fields', async () => {
    const r = await eventsClient(world, 'author').post('/organizers', {
      organizer: 'Ann Org',
      email: 'ann@example.com',
      phone: '',
      website: 'https://ann.example',
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'website',
      'email',
      'global_id',
      'global_id_lineage',
    ]);
    expect(r.body).toMatchObject({
      author: String(world.users.author.id),
      status: 'publish',
      organizer: 'Ann Org',
      slug: 'ann-org',
      url: 'http://loom.test/organizer/ann-org/',
    });
    expect(err(await eventsClient(world, 'author').post('/organizers', { email: 'x@example.com' }))).toEqual({
      status: 400,
      code: 'rest_missing_callback_param',
    });
  });

  it('reads, updates and trashes by id and slug with the organizer codes', async () => {
    const e = eventsClient(world, 'editor');
    const o = await e.post('/organizers', { organizer: 'Bob Org' });
    const { json_ld: ld, ...rest } = (await eventsClient(world, 'anonymous').get('/organizers/by-slug/bob-org')).body;
    expect(rest).toEqual(o.body);
    // No `@context` on the organizer's own data; its `url` is its website (none here).
    expect(ld).toEqual({
      '@type': 'Person',
      name: 'Bob Org',
      description: '',
      url: '',
      telephone: '',
      email: '',
      sameAs: '',
    });
    expect(err(await eventsClient(world, 'anonymous').get('/organizers/999999'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    const v = await e.post('/venues', { venue: 'A venue' });
    expect(err(await eventsClient(world, 'anonymous').get(`/organizers/${v.body.id}`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await e.put('/organizers/by-slug/bob-org', { phone: '123' })).body).toMatchObject({ phone: '123' });
    expect((await e.delete('/organizers/by-slug/bob-org')).body).toMatchObject({ id: o.body.id, status: 'trash' });
    expect(err(await e.delete(`/organizers/${o.body.id}`))).toEqual({ status: 410, code: 'organizer-is-in-trash' });
    expect(err(await eventsClient(world, 'anonymous').delete(`/organizers/${o.body.id}`))).toEqual({
      status: 401,
      code: 'rest_forbidden',
    });
  });

  it('shares the post id sequence with venues', async () => {
    const e = eventsClient(world, 'editor');
    const a = (await e.post('/venues', { venue: 'Seq venue' })).body.id as number;
    const b = (await e.post('/organizers', { organizer: 'Seq org' })).body.id as number;
    expect(b).toBe(a + 1);
  });

  it('archive: organizers key, 404 organizer-archive-page-not-found, event filters', async () => {
    const e = eventsClient(world, 'editor');
    const o1 = (await e.post('/organizers', { organizer: 'Linked one' })).body.id as number;
    const ev = await insertEvent(world, { organizer: [o1], utc_end_date: '2999-01-01 00:00:00' });
    const r = await eventsClient(world, 'anonymous').get(`/organizers?event=${ev}`);
    expect(Object.keys(r.body)).toEqual(['organizers', 'rest_url', 'total', 'total_pages']);
    expect(r.body).toMatchObject({ total: 1, total_pages: 1, organizers: [{ id: o1, organizer: 'Linked one' }] });
    expect(r.headers['x-tec-total']).toBe('1');
    expect((await eventsClient(world, 'anonymous').get('/organizers?only_with_upcoming=true')).body.total).toBe(1);
    expect(err(await eventsClient(world, 'anonymous').get('/organizers?page=99'))).toEqual({
      status: 404,
      code: 'organizer-archive-page-not-found',
    });
  });
});
