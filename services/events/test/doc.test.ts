import request from 'supertest';
import { eventsApp, type InProcess } from '@loom/testing';

let events: InProcess;
let app: InProcess['app'];
beforeAll(async () => {
  events = await eventsApp();
  app = events.app;
});
afterAll(() => events.close());

test('GET /events/v1/doc is an OpenAPI 3 document generated from the route table', async () => {
  const r = await request(app).get('/rest/events/v1/doc');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    openapi: '3.0.0',
    info: { title: 'Events REST API', version: '1.0.0' },
    servers: [{ url: 'http://loom.test/rest/events/v1' }],
  });
  // Every route of the namespace, in the plugin's registration order.
  expect(Object.keys(r.body.paths)).toEqual([
    '/doc',
    '/events',
    '/events/{id}',
    '/events/by-slug/{slug}',
    '/venues',
    '/venues/{id}',
    '/venues/by-slug/{slug}',
    '/organizers',
    '/organizers/{id}',
    '/organizers/by-slug/{slug}',
    '/categories',
    '/categories/{id}',
    '/tags',
    '/tags/{id}',
  ]);
  // The events archive's parameters, as spec 4.5 lists them (CSV lists as form style, not exploded).
  const archive = r.body.paths['/events'].get.parameters as {
    name: string;
    style?: string;
    explode?: boolean;
    schema: { type: string; format?: string };
  }[];
  const names = archive.map((p) => p.name);
  for (const n of [
    'page',
    'per_page',
    'start_date',
    'end_date',
    'search',
    'categories',
    'tags',
    'venue',
    'organizer',
    'featured',
    'status',
    'geoloc',
    'geoloc_lat',
    'geoloc_lng',
  ])
    expect(names).toContain(n);
  expect(archive.find((p) => p.name === 'venue')).toMatchObject({
    style: 'form',
    explode: false,
    schema: { type: 'array' },
  });
  expect(archive.find((p) => p.name === 'geoloc_lat')?.schema).toEqual({ type: 'number', format: 'double' });
  const create = r.body.paths['/events'].post;
  expect(create.responses['201']).toBeDefined();
  expect(Object.keys(r.body.components.schemas)).toEqual(
    expect.arrayContaining(['Event', 'Venue', 'Organizer', 'Term']),
  );
  const list = r.body.paths['/venues'].get;
  const perPage = list.parameters.find((p: { name: string }) => p.name === 'per_page');
  expect(perPage).toMatchObject({ in: 'query', required: false, schema: { type: 'integer' } });
  const item = r.body.paths['/venues/{id}'];
  expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
  expect(item.get.parameters.find((p: { name: string }) => p.name === 'id')).toMatchObject({
    in: 'path',
    required: true,
  });
  expect(r.body.paths['/venues'].post.responses['201'].content['application/json'].schema.$ref).toMatch(
    /^#\/components\/schemas\//,
  );
  const schemaNames = Object.keys(r.body.components.schemas);
  expect(schemaNames.length).toBeGreaterThanOrEqual(2);
  // Every $ref points at a schema that exists.
  const refs = JSON.stringify(r.body.paths).match(/#\/components\/schemas\/(\w+)/g) ?? [];
  for (const ref of refs) expect(schemaNames).toContain(ref.split('/').pop());
});

test('the doc is also listed in the namespace index', async () => {
  const r = await request(app).get('/rest/events/v1');
  expect(r.body.routes['/events/v1/doc']).toMatchObject({ methods: ['GET'] });
});
