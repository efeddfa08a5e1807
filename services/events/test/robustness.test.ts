/**
 * Hostile and malformed input never produces a 500 or leaves malformed data: a bounded table of inputs thrown at
 * every events/v1 collection and item route, as query strings and bodies (JSON, form). Runs without core-content
 * (its client answers "unavailable", which the routes must survive too).
 */
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { eventsApp, type InProcess } from '@loom/testing';

let events: InProcess;
let app: InProcess['app'];
let store: Store;
beforeAll(async () => {
  events = await eventsApp({ config: { CORE_CONTENT_URL: 'http://127.0.0.1:9', LOOM_CORE_TIMEOUT_MS: '200' } });
  ({ app, store } = events);
});
afterAll(() => events.close());

const admin = asRole('administrator');

const QUERIES = [
  'per_page=1e999',
  'page=99999999999999999999',
  'start_date[]=2030-01-01',
  'start_date=%00',
  `end_date=${'9'.repeat(400)}`,
  'starts_before=@99999999999999999999',
  'categories[0][0][0]=1',
  'categories=%F0%9F%92%A9',
  'venue[$ne]=1',
  'venue=-1',
  'organizer=1e400',
  'featured[]=1',
  'status[]=draft',
  'status=any,publish,%00',
  'geoloc_lat=NaN&geoloc_lng=Infinity',
  'include[]=a',
  'post_parent=-5',
  'event=abc',
  'has_events=maybe',
  'search[$where]=1',
  '__proto__[admin]=1',
  `search=${'a'.repeat(5000)}`,
  'hide_empty=%F0%9F%92%A9&orderby[]=id',
];

const BODIES: Array<[string, string]> = [
  ['application/json', '{"title": {"$gt": ""}, "start_date": "2030-01-01", "end_date": "2030-01-01"}'],
  ['application/json', '{"title": "t", "start_date": 20300101, "end_date": true}'],
  ['application/json', '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "timezone": {"x": 1}}'],
  [
    'application/json',
    '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "venue": {"venue": {"$ne": 1}}}',
  ],
  ['application/json', '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "venue": [[[[1]]]]}'],
  [
    'application/json',
    '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "organizer": [{"organizer": "o", "image": {"a": 1}}, null, "x"]}',
  ],
  [
    'application/json',
    '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "categories": [{"a": 1}], "tags": [null]}',
  ],
  [
    'application/json',
    '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "cost": ["1", "2"], "website": "javascript:alert(1)"}',
  ],
  [
    'application/json',
    '{"title": "t", "start_date": "2030-01-01", "end_date": "2030-01-02", "image": 1e400, "author": -1}',
  ],
  ['application/json', '{"title": "t", "start_date": "9999-12-31 23:59:59", "end_date": "+10000 years"}'],
  ['application/json', '{"__proto__": {"admin": true}, "venue": "x", "organizer": "y", "name": "z"}'],
  ['application/json', '[1,2,3]'],
  ['application/json', '"just a string"'],
  ['application/json', '{'.repeat(2000)],
  ['application/x-www-form-urlencoded', 'title[$ne]=1&start_date[]=x&end_date[a]=b&venue[venue][venue]=1'],
  ['application/x-www-form-urlencoded', 'title=%E0%A4%A&start_date=2030-01-01&end_date=2030-01-01'],
  ['text/plain', 'title=a'],
];

test('no query string makes an archive answer 500', async () => {
  for (const route of ['events', 'venues', 'organizers', 'categories', 'tags']) {
    for (const q of QUERIES) {
      const r = await request(app).get(`/rest/events/v1/${route}?${q}`).set(admin);
      expect([route, q, r.status < 500]).toEqual([route, q, true]);
      expect(r.body).toBeDefined();
    }
  }
  // Slugs in the path, however they are encoded.
  for (const route of ['events', 'venues', 'organizers']) {
    for (const slug of ['%25', '%E0%A4%A', '100%', '%00', 'a%2Fb', '..', encodeURIComponent('é'.repeat(300))]) {
      for (const method of ['get', 'post', 'delete'] as const) {
        const r = await request(app)[method](`/rest/events/v1/${route}/by-slug/${slug}`).set(admin);
        expect([route, slug, method, r.status < 500]).toEqual([route, slug, method, true]);
      }
    }
  }
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
});

test('no body makes a create or update answer 500, and what is stored stays well-formed', async () => {
  const event = (
    await request(app)
      .post('/rest/events/v1/events')
      .set(admin)
      .send({ title: 'target', start_date: '2030-01-01', end_date: '2030-01-01' })
  ).body;
  const venue = (await request(app).post('/rest/events/v1/venues').set(admin).send({ venue: 'target' })).body;
  const category = (await request(app).post('/rest/events/v1/categories').set(admin).send({ name: 'target' })).body;
  expect([event.id, venue.id, category.id].every(Number.isInteger)).toBe(true);
  const routes = [
    'events',
    `events/${event.id}`,
    'events/by-slug/target',
    'venues',
    `venues/${venue.id}`,
    'organizers',
    'categories',
    `categories/${category.id}`,
    'tags',
  ];
  for (const route of routes) {
    for (const [type, body] of BODIES) {
      const r = await request(app).post(`/rest/events/v1/${route}`).set(admin).set('Content-Type', type).send(body);
      expect([route, body.slice(0, 60), r.status < 500]).toEqual([route, body.slice(0, 60), true]);
    }
  }
  for (const p of await store.collection('posts').find({})) {
    expect(typeof p.slug).toBe('string');
    expect(Object.keys(p)).not.toContain('$gt');
    if (p.type === 'tribe_events') {
      expect([typeof p.title, typeof p.utc_start_date, typeof p.utc_end_date, typeof p.timezone]).toEqual([
        'string',
        'string',
        'string',
        'string',
      ]);
      expect(p.utc_end_date >= p.utc_start_date).toBe(true);
      for (const f of ['venue', 'organizer', 'categories', 'tags'])
        expect((p[f] as unknown[]).every(Number.isInteger)).toBe(true);
    }
  }
  for (const t of await store.collection('terms').find({}))
    expect([typeof t.name, typeof t.slug]).toEqual(['string', 'string']);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
});
