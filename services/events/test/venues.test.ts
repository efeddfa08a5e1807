/** events/v1 venues through the gateway, against the real events app (reference A.0, A.1, A.2.1, A.4). */
import { err, eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';
import { insertEvent } from './fixtures';

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(async () => {
  await world.close();
});

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('venues: create, read, update, delete', () => {
  it('creates a venue (201) in the plugin shape, empties dropped, map flags default true', async () => {
    const r = await eventsClient(world, 'editor').post('/venues', {
      venue: 'Main Hall',
      address: '1 Main St',
      city: 'Springfield',
      zip: '',
      description: 'Big room.',
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
      'venue',
      'description',
      'slug',
      'address',
      'city',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(r.body).toMatchObject({
      author: String(world.users.editor.id),
      status: 'publish',
      venue: 'Main Hall',
      slug: 'main-hall',
      description: '<p>Big room.</p>',
      url: 'http://loom.test/venue/main-hall/',
      show_map: true,
      show_map_link: true,
      global_id: `loom.test?id=${r.body.id}`,
      global_id_lineage: [`loom.test?id=${r.body.id}`],
    });
    for (const k of ['date', 'date_utc', 'modified', 'modified_utc']) expect(r.body[k]).toMatch(DATE);
  });

  it('derives stateprovince as the plugin saves it: the state in the United States (or with no country), else the province', async () => {
    const e = eventsClient(world, 'editor');
    expect((await e.post('/venues', { venue: 'Chicago Hall', state: 'IL' })).body.stateprovince).toBe('IL');
    expect(
      (await e.post('/venues', { venue: 'Toronto Hall', country: 'Canada', state: 'n/a', province: 'Ontario' })).body
        .stateprovince,
    ).toBe('Ontario');
    expect(
      (await e.post('/venues', { venue: 'Own Hall', state: 'IL', stateprovince: 'Illinois' })).body.stateprovince,
    ).toBe('Illinois');
    const v = await e.post('/venues', { venue: 'Moving Hall', country: 'United States', state: 'IL' });
    // A write that leaves the location alone keeps it; one that moves it follows.
    expect((await e.patch(`/venues/${v.body.id}`, { city: 'Springfield' })).body.stateprovince).toBe('IL');
    expect((await e.patch(`/venues/${v.body.id}`, { state: 'WI' })).body.stateprovince).toBe('WI');
  });

  it('reads its map flags with tribe_is_truthy: truthy words on, any other string off, unset on', async () => {
    const e = eventsClient(world, 'editor');
    const flags = async (body: Record<string, unknown>) => {
      const r = await e.post('/venues', { venue: 'Flagged', ...body });
      return [r.body.show_map, r.body.show_map_link];
    };
    expect(await flags({ show_map: 'YES', show_map_link: 'on' })).toEqual([true, true]);
    expect(await flags({ show_map: '1', show_map_link: 'enabled' })).toEqual([true, true]);
    expect(await flags({ show_map: 'no', show_map_link: 'whatever' })).toEqual([false, false]);
    expect(await flags({ show_map: '0' })).toEqual([false, true]);
  });

  it('requires the venue name on create only', async () => {
    expect(err(await eventsClient(world, 'editor').post('/venues', { city: 'X' }))).toEqual({
      status: 400,
      code: 'rest_missing_callback_param',
    });
  });

  it('makes slugs unique per type (-2, -3)', async () => {
    const e = eventsClient(world, 'editor');
    const a = await e.post('/venues', { venue: 'Twin' });
    const b = await e.post('/venues', { venue: 'Twin' });
    const c = await e.post('/venues', { venue: 'Twin' });
    expect([a.body.slug, b.body.slug, c.body.slug]).toEqual(['twin', 'twin-2', 'twin-3']);
    // Another type may use the same slug.
    expect((await e.post('/organizers', { organizer: 'Twin' })).body.slug).toBe('twin');
  });

  it('reads by id and by slug; unknown → 400 rest_invalid_param (is_venue_id / is_venue_slug), an organizer id is not a venue', async () => {
    const anon = eventsClient(world, 'anonymous');
    const v = await eventsClient(world, 'editor').post('/venues', { venue: 'Readable', phone: '555' });
    // Single reads add the schema.org data (json_ld) to what create answered.
    const single = await anon.get(`/venues/${v.body.id}`);
    const { json_ld: ld, ...rest } = single.body;
    expect(rest).toEqual(v.body);
    expect(ld).toEqual({
      '@type': 'Place',
      name: 'Readable',
      description: '',
      url: '',
      address: { '@type': 'PostalAddress' },
      telephone: '555',
      sameAs: '',
    });
    expect((await anon.get('/venues/by-slug/readable')).body).toEqual(single.body);
    expect(err(await anon.get('/venues/999999'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon.get('/venues/by-slug/nope'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    const o = await eventsClient(world, 'editor').post('/organizers', { organizer: 'Not a venue' });
    expect(err(await anon.get(`/venues/${o.body.id}`))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('updates with POST, PUT and PATCH, by id and by slug', async () => {
    const e = eventsClient(world, 'editor');
    const v = await e.post('/venues', { venue: 'Changing', city: 'Old' });
    const id = v.body.id as number;
    expect((await e.post(`/venues/${id}`, { city: 'New' })).body).toMatchObject({ city: 'New', venue: 'Changing' });
    expect((await e.put(`/venues/${id}`, { state: 'CA', show_map: 'no' })).body).toMatchObject({
      city: 'New',
      state: 'CA',
      stateprovince: 'CA',
      show_map: false,
      show_map_link: true,
    });
    expect((await e.patch(`/venues/by-slug/changing`, { venue: 'Changed' })).body).toMatchObject({
      id,
      venue: 'Changed',
      slug: 'changing',
    });
    expect((await e.patch(`/venues/${id}`, { slug: 'Moved Here' })).body.slug).toBe('moved-here');
    expect(err(await e.patch('/venues/999999', { city: 'x' }))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('by slug, the path names the venue: a body slug renames it and never reaches another venue', async () => {
    const e = eventsClient(world, 'editor');
    const a = await e.post('/venues', { venue: 'Path Hall' });
    const b = await e.post('/venues', { venue: 'Other Hall' });
    const r = await e.patch('/venues/by-slug/path-hall', { slug: 'other-hall', city: 'Renamed' });
    expect(r.body).toMatchObject({ id: a.body.id, city: 'Renamed', slug: 'other-hall-2' });
    expect((await e.get(`/venues/${b.body.id}`)).body).toMatchObject({ slug: 'other-hall' });
    expect((await e.get(`/venues/${b.body.id}`)).body.city).toBeUndefined();
    // The same slug as the path's is no rename.
    expect((await e.patch('/venues/by-slug/other-hall-2', { slug: 'other-hall-2', zip: '1' })).body).toMatchObject({
      id: a.body.id,
      slug: 'other-hall-2',
      zip: '1',
    });
  });

  it('accepts dates in the plugin format (local and UTC)', async () => {
    const r = await eventsClient(world, 'editor').post('/venues', { venue: 'Dated', date_utc: '2024-03-01 10:20:30' });
    expect(r.body).toMatchObject({ date_utc: '2024-03-01 10:20:30', date: '2024-03-01 10:20:30' });
    expect(err(await eventsClient(world, 'editor').post('/venues', { venue: 'Bad date', date: 'soon' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  it('trashes on delete and returns the venue; deleting again → 410 venue-is-in-trash', async () => {
    const e = eventsClient(world, 'editor');
    const v = await e.post('/venues', { venue: 'Doomed' });
    const d = await e.delete(`/venues/${v.body.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({
      id: v.body.id,
      status: 'trash',
      slug: 'doomed__trashed',
      url: `http://loom.test/?post_type=tribe_venue&p=${v.body.id}`,
    });
    expect(err(await e.delete(`/venues/${v.body.id}`))).toEqual({ status: 410, code: 'venue-is-in-trash' });
    // The trashed venue let go of its slug (sample 244).
    expect(err(await e.delete('/venues/by-slug/doomed'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await eventsClient(world, 'anonymous').get(`/venues/${v.body.id}`))).toEqual({
      status: 403,
      code: 'venue-not-accessible',
    });
  });
});

describe('venues: permissions', () => {
  it('anonymous and subscribers may not write (rest_forbidden 401 / 403)', async () => {
    const v = await eventsClient(world, 'editor').post('/venues', { venue: 'Guarded' });
    expect(err(await eventsClient(world, 'anonymous').post('/venues', { venue: 'x' }))).toEqual({
      status: 401,
      code: 'rest_forbidden',
    });
    expect(err(await eventsClient(world, 'subscriber').post('/venues', { venue: 'x' }))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect(err(await eventsClient(world, 'anonymous').patch(`/venues/${v.body.id}`, { city: 'x' }))).toEqual({
      status: 401,
      code: 'rest_forbidden',
    });
    expect(err(await eventsClient(world, 'subscriber').delete(`/venues/${v.body.id}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
  });

  it('contributors create drafts (publish scaled to pending) and edit only their own', async () => {
    const c = eventsClient(world, 'contributor');
    const draft = await c.post('/venues', { venue: 'Contributed' });
    expect(draft.body).toMatchObject({ status: 'draft', author: String(world.users.contributor.id) });
    expect((await c.post('/venues', { venue: 'Wants publish', status: 'publish' })).body.status).toBe('pending');
    expect((await c.patch(`/venues/${draft.body.id}`, { city: 'Mine' })).status).toBe(200);
    const editors = await eventsClient(world, 'editor').post('/venues', { venue: 'Editors own' });
    expect(err(await c.patch(`/venues/${editors.body.id}`, { city: 'x' }))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect(err(await eventsClient(world, 'author').delete(`/venues/${draft.body.id}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect(
      (await eventsClient(world, 'editor').patch(`/venues/${draft.body.id}`, { status: 'publish' })).body.status,
    ).toBe('publish');
  });

  it('authors publish; drafts are invisible to anonymous readers but readable by their author', async () => {
    const a = eventsClient(world, 'author');
    expect((await a.post('/venues', { venue: 'Authored' })).body.status).toBe('publish');
    const d = await a.post('/venues', { venue: 'Secret draft', status: 'draft' });
    expect(err(await eventsClient(world, 'anonymous').get(`/venues/${d.body.id}`))).toEqual({
      status: 403,
      code: 'venue-not-accessible',
    });
    expect(err(await eventsClient(world, 'subscriber').get('/venues/by-slug/secret-draft'))).toEqual({
      status: 403,
      code: 'venue-not-accessible',
    });
    expect((await a.get(`/venues/${d.body.id}`)).status).toBe(200);
    expect((await eventsClient(world, 'editor').get(`/venues/${d.body.id}`)).status).toBe(200);
    const list = await eventsClient(world, 'anonymous').get('/venues?search=Secret');
    expect(list.body.total).toBe(0);
  });

  it("the create route always creates: another author's venue with the same data is neither answered nor rewritten", async () => {
    // The plugin's duplicate check would answer the editor's draft to the author and write the new website over it
    // (docs/differences.md).
    const same = { venue: 'Twin hall', address: '1 Main St', city: 'Twinville' };
    const first = await eventsClient(world, 'editor').post('/venues', {
      ...same,
      status: 'draft',
      website: 'https://a.example',
    });
    const second = await eventsClient(world, 'author').post('/venues', { ...same, website: 'https://b.example' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: 'publish', website: 'https://b.example', slug: 'twin-hall-2' });
    expect(second.body.id).not.toBe(first.body.id);
    const kept = await eventsClient(world, 'editor').get(`/venues/${first.body.id}`);
    expect(kept.body).toMatchObject({ status: 'draft', website: 'https://a.example' });
  });
});

describe('venues: archive', () => {
  let fresh: EventsWorld;
  const ids: number[] = [];
  beforeAll(async () => {
    fresh = await startEventsWorld();
    const e = eventsClient(fresh, 'editor');
    for (let i = 1; i <= 12; i++)
      ids.push(
        (await e.post('/venues', { venue: `Place ${i}`, date_utc: `2024-01-${String(i).padStart(2, '0')} 12:00:00` }))
          .body.id as number,
      );
    await e.post('/venues', { venue: 'Hidden draft', status: 'draft' });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('pages with totals, links and X-TEC headers; newest first', async () => {
    const r = await eventsClient(fresh, 'anonymous').get('/venues');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['venues', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
    expect(r.body).toMatchObject({
      total: 12,
      total_pages: 2,
      rest_url: 'http://loom.test/rest/events/v1/venues/?page=1&per_page=10&status=publish',
      next_rest_url: 'http://loom.test/rest/events/v1/venues/?per_page=10&status=publish&page=2',
    });
    expect(r.headers['x-tec-total']).toBe('12');
    expect(r.headers['x-tec-totalpages']).toBe('2');
    expect((r.body.venues as Array<{ venue: string }>).map((v) => v.venue)[0]).toBe('Place 12');

    const p2 = await eventsClient(fresh, 'anonymous').get('/venues?page=2');
    expect(Object.keys(p2.body)).toEqual(['venues', 'rest_url', 'previous_rest_url', 'total', 'total_pages']);
    expect(p2.body.venues).toHaveLength(2);
    expect(p2.body.previous_rest_url).toBe('http://loom.test/rest/events/v1/venues/?per_page=10&status=publish');
  });

  it('past the last page → 404 venue-archive-page-not-found; empty first page → 200', async () => {
    expect(err(await eventsClient(fresh, 'anonymous').get('/venues?page=3'))).toEqual({
      status: 404,
      code: 'venue-archive-page-not-found',
    });
    const empty = await eventsClient(fresh, 'anonymous').get('/venues?search=nothing-matches');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ venues: [], total: 0, total_pages: 0 });
  });

  it('caps per_page at 50 and validates page', async () => {
    const r = await eventsClient(fresh, 'anonymous').get('/venues?per_page=500');
    expect(r.body).toMatchObject({ total: 12, total_pages: 1 });
    expect(r.body.rest_url).toContain('per_page=50');
    expect(err(await eventsClient(fresh, 'anonymous').get('/venues?page=0'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  it('searches; a non-string search → 400 archive-bad-search-string', async () => {
    const r = await eventsClient(fresh, 'anonymous').get('/venues?search=place%201');
    expect((r.body.venues as Array<{ venue: string }>).map((v) => v.venue).sort()).toEqual([
      'Place 1',
      'Place 10',
      'Place 11',
      'Place 12',
    ]);
    const bad = await eventsClient(fresh, 'anonymous').get('/venues?search[]=a');
    expect(err(bad)).toEqual({ status: 400, code: 'archive-bad-search-string' });
  });

  it('status: drafts only for editors of the type; anonymous asking for drafts → 400', async () => {
    expect(err(await eventsClient(fresh, 'anonymous').get('/venues?status=draft'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    const r = await eventsClient(fresh, 'editor').get('/venues?status=draft');
    expect((r.body.venues as Array<{ venue: string }>).map((v) => v.venue)).toEqual(['Hidden draft']);
    expect((await eventsClient(fresh, 'contributor').get('/venues?status=draft')).body.total).toBe(0);
    // Editors see every status by default, echoed `any` in rest_url; asking for `any` is refused (no such status).
    expect((await eventsClient(fresh, 'editor').get('/venues')).body).toMatchObject({
      total: 13,
      rest_url: 'http://loom.test/rest/events/v1/venues/?page=1&per_page=10&status=any',
    });
    expect((await eventsClient(fresh, 'editor').get('/organizers?status=any')).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: { status: 400, params: { status: 'Invalid parameter.' }, details: [] },
    });
    expect(err(await eventsClient(fresh, 'editor').get('/venues?status=any'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  it('event, has_events and only_with_upcoming filter through tribe_events docs', async () => {
    const past = await insertEvent(fresh, { venue: [ids[0]!], utc_end_date: '2020-01-01 00:00:00' });
    await insertEvent(fresh, { venue: [ids[1]!, ids[2]!], utc_end_date: '2999-01-01 00:00:00' });
    const anon = eventsClient(fresh, 'anonymous');
    const names = (r: { body: { venues: Array<{ venue: string }> } }) => r.body.venues.map((v) => v.venue).sort();
    expect(names(await anon.get(`/venues?event=${past}`))).toEqual(['Place 1']);
    expect(names(await anon.get('/venues?has_events=true'))).toEqual(['Place 1', 'Place 2', 'Place 3']);
    expect((await anon.get('/venues?has_events=false')).body.total).toBe(9);
    expect(names(await anon.get('/venues?only_with_upcoming=true'))).toEqual(['Place 2', 'Place 3']);
    // is_event_id, the argument's validate callback.
    for (const event of [ids[0], 999999])
      expect((await anon.get(`/venues?event=${event}`)).body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): event',
        data: { status: 400, params: { event: 'Invalid parameter.' }, details: [] },
      });
  });
});
