/**
 * What the endpoints' docs (endpoint-docs.ts) make of the OpenAPI document: summaries derived from verb and path or
 * given by the definition, answers by shape, request bodies a definition declares, and defaults that are values of
 * their own schema. The public index never carries the docs.
 */
import {
  CREATABLE,
  READABLE,
  documentedDefault,
  endpoint,
  nounOf,
  openApiFromIndex,
  resourceRoutes,
  route,
  routeEntries,
  routeEntry,
  type RouteEntry,
} from '../src';
import { z } from 'zod';

type Op = {
  summary: string;
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown>; example?: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Doc = { paths: Record<string, Record<string, Op>>; tags: Array<{ name: string; description?: string }> };

const REST = 'http://x.test/rest';
const info = { title: 'T', version: '1', description: 'D', serverUrl: '/rest' };
const docOf = (routes: Record<string, RouteEntry>) => openApiFromIndex(routes, info) as unknown as Doc;
const withDocs = (...defs: Parameters<typeof routeEntry>[0][]) =>
  Object.fromEntries(defs.map((r) => [r.pattern, routeEntry(r, REST, { withSchema: true, withDocs: true })]));

const things = resourceRoutes({
  namespace: 'x/v1',
  base: 'things',
  collection: { list: { page: z.number().int().default(1) }, create: { name: z.string() } },
  item: {
    read: { id: z.number().int().optional() },
    update: { id: z.number().int().optional(), name: z.string().optional() },
    delete: { id: z.number().int().optional() },
  },
  bySlug: { read: { slug: z.string() } },
});
const stories = route('x/v1', '/x/v1/things/<parent>/stories', { list: endpoint(READABLE, {}) });
const boxes = resourceRoutes({
  namespace: 'x/v1',
  base: 'box',
  noun: { one: 'crate', many: 'crates' },
  collection: { list: {} },
  item: { read: {} },
});
const boxNotes = route('x/v1', '/x/v1/box/<parent>/notes', { list: endpoint(READABLE, {}) });
const upload = route('x/v1', '/x/v1/files', {
  create: endpoint(
    CREATABLE,
    { title: z.string().optional() },
    {
      docs: {
        summary: 'Upload a file',
        body: {
          forms: ['multipart/form-data'],
          fields: { file: { type: 'string', format: 'binary', required: true } },
          raw: ['application/octet-stream'],
          headers: { 'Content-Disposition': { type: 'string', example: 'attachment; filename="a.txt"' } },
        },
      },
    },
  ),
});
const keyed = route('x/v1', '/x/v1/kinds', { list: endpoint(READABLE, {}, { docs: { answer: 'map' } }) });
const archive = route('x/v1', '/x/v1/shows', {
  list: endpoint(READABLE, {}, { docs: { answer: { archive: 'shows' } } }),
});

test("summaries: derived from the verb and the path, a sub-resource naming its owner, or the definition's own", () => {
  const doc = docOf(
    withDocs(things.collection, things.item, things.bySlug, stories, boxes.collection, boxes.item, boxNotes, upload),
  );
  const summary = (path: string, method: string) => doc.paths[path]![method]!.summary;
  expect(summary('/x/v1/things', 'get')).toBe('List things');
  expect(summary('/x/v1/things', 'post')).toBe('Create a thing');
  expect(summary('/x/v1/things/{id}', 'get')).toBe('Retrieve a thing');
  expect(['post', 'put', 'patch'].map((m) => summary('/x/v1/things/{id}', m))).toEqual([
    'Update a thing',
    'Update a thing',
    'Update a thing',
  ]);
  expect(summary('/x/v1/things/{id}', 'delete')).toBe('Delete a thing');
  expect(summary('/x/v1/things/by-slug/{slug}', 'get')).toBe('Retrieve a thing by slug');
  expect(summary('/x/v1/things/{parent}/stories', 'get')).toBe('List stories of a thing');
  // A definition's noun names its routes and, as an owner, its sub-resources'.
  expect(summary('/x/v1/box', 'get')).toBe('List crates');
  expect(summary('/x/v1/box/{id}', 'get')).toBe('Retrieve a crate');
  expect(summary('/x/v1/box/{parent}/notes', 'get')).toBe('List notes of a crate');
  expect(summary('/x/v1/files', 'post')).toBe('Upload a file');
});

test('without docs (an index from a service that sends none), the verb comes from the method', () => {
  const doc = docOf(routeEntries([things.collection, things.item], REST));
  expect(doc.paths['/x/v1/things']!.get!.summary).toBe('List things');
  expect(doc.paths['/x/v1/things/{id}']!.patch!.summary).toBe('Update a thing');
  // A paged read of a collection is still a list.
  expect(doc.paths['/x/v1/things']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({
    type: 'array',
    items: {},
  });
});

test('nouns from path segments', () => {
  expect(nounOf('categories')).toEqual({ one: 'category', many: 'categories' });
  expect(nounOf('statuses')).toEqual({ one: 'status', many: 'statuses' });
  expect(nounOf('menu-items')).toEqual({ one: 'menu item', many: 'menu items' });
  expect(nounOf('pattern_category')).toEqual({ one: 'pattern category', many: 'pattern categories' });
  expect(nounOf('venues')).toEqual({ one: 'venue', many: 'venues' });
});

test('answers: a list is an array, items by name an object, an archive its wrapper object', () => {
  const doc = docOf(withDocs(things.collection, keyed, archive));
  const schema = (path: string) => doc.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;
  expect(schema('/x/v1/things')).toEqual({ type: 'array', items: {} });
  expect(schema('/x/v1/kinds')).toEqual({ type: 'object', additionalProperties: {} });
  expect(schema('/x/v1/shows')).toMatchObject({
    type: 'object',
    required: ['shows', 'rest_url', 'total', 'total_pages'],
    properties: { shows: { type: 'array' }, total: { type: 'integer' } },
  });
});

test('a declared body: multipart with the file part first, the raw file, and its header; no JSON', () => {
  const op = docOf(withDocs(upload)).paths['/x/v1/files']!.post!;
  expect(Object.keys(op.requestBody!.content)).toEqual(['multipart/form-data', 'application/octet-stream']);
  expect(op.requestBody!.required).toBe(true);
  const form = op.requestBody!.content['multipart/form-data']!.schema!;
  expect(Object.keys(form.properties as object)).toEqual(['file', 'title']);
  expect(form).toMatchObject({
    required: ['file'],
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  });
  expect(op.requestBody!.content['application/octet-stream']).toEqual({
    schema: { type: 'string', contentMediaType: 'application/octet-stream' },
  });
  expect(op.parameters).toEqual([
    {
      name: 'Content-Disposition',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      example: 'attachment; filename="a.txt"',
    },
  ]);
});

test("the public index carries no docs; the reference's does, with each endpoint's verb", () => {
  expect(JSON.stringify(routeEntry(upload, REST, { withSchema: true }))).not.toContain('docs');
  expect(routeEntry(things.collection, REST, { withDocs: true }).endpoints.map((e) => e.docs?.verb)).toEqual([
    'list',
    'create',
  ]);
});

test('defaults: coerced as WordPress coerces them, else left out', () => {
  expect(
    documentedDefault({ type: 'array', items: { type: 'string', enum: ['publish', 'draft'] }, default: 'publish' }),
  ).toEqual({ value: ['publish'] });
  expect(documentedDefault({ type: 'boolean', default: '1' })).toEqual({ value: true });
  expect(documentedDefault({ type: 'integer', default: null })).toBeUndefined();
  expect(documentedDefault({ type: 'string', enum: ['partial', 'unsynced'], default: '' })).toBeUndefined();
  expect(documentedDefault({ type: ['string', 'null'], default: null })).toEqual({ value: null });
  expect(documentedDefault({ type: 'integer', default: 10 })).toEqual({ value: 10 });
  expect(documentedDefault({ default: 'view' })).toEqual({ value: 'view' }); // untyped: any value
});

test('every tag of a namespace has its description', () => {
  const doc = docOf({
    '/core/v2': { namespace: 'core/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] },
  });
  expect(doc.tags).toEqual([{ name: 'core/v2', description: expect.stringContaining('wp/v2') }]);
});
