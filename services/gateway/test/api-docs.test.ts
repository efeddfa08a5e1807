/**
 * The OpenAPI document of the whole API (/api-docs/openapi.json), made from the live route index of the real
 * services: valid against the OpenAPI 3.1 schema (@apidevtools/swagger-parser, offline), and listing every
 * route and method of the index with its summary, parameters, body, responses and errors; its answers' schemas
 * match what the site answers, and its bodies are the ones the routes read.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import { openApiPathOf, type RouteEntry } from '@loom/contracts';
import { startSite, type Site } from '@loom/testing';

jest.setTimeout(60_000);

type Schema = Record<string, unknown>;
type Operation = {
  tags: string[];
  summary?: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema; example?: unknown }>;
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }>;
  };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

let site: Site;
let doc: {
  openapi: string;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
let index: Record<string, RouteEntry>;

beforeAll(async () => {
  site = await startSite();
  const res = await fetch(`${site.url}/api-docs/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as typeof doc;
  index = ((await (await fetch(`${site.url}/rest/?context=help`)).json()) as { routes: Record<string, RouteEntry> })
    .routes;
});
afterAll(() => site?.close());

test('the document is valid OpenAPI 3.1', async () => {
  expect(doc.openapi).toBe('3.1.0');
  // validate() dereferences in place: give it a copy.
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
});

test('an invalid document is refused by the same validator (the check can fail)', async () => {
  const broken = structuredClone(doc) as Record<string, unknown> & typeof doc;
  broken.paths['/core/v2/categories/{id}']!.get!.parameters[0]!.in = 'body'; // OpenAPI 2's, not 3's
  await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
});

test('every path placeholder is a required path parameter of every operation', () => {
  for (const [path, item] of Object.entries(doc.paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(item)) {
      expect(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual(
        names.map((n) => [n, true]),
      );
    }
  }
});

test('every route and method of the index is in the document, in every namespace', () => {
  const patterns = Object.keys(index);
  expect(patterns.length).toBeGreaterThan(80);
  for (const ns of [
    'core/v2',
    'events/v1',
    'oembed/1.0',
    'formsA/v1',
    'formsB/v1',
    'site-health/v1',
    'block-editor/v1',
  ]) {
    expect(patterns.filter((p) => index[p]!.namespace === ns).length).toBeGreaterThan(0);
  }
  const missing: string[] = [];
  for (const [pattern, entry] of Object.entries(index)) {
    const item = doc.paths[openApiPathOf(pattern).path];
    for (const method of entry.methods) if (!item?.[method.toLowerCase()]) missing.push(`${method} ${pattern}`);
  }
  expect(missing).toEqual([]);
  expect(Object.keys(doc.paths).sort()).toEqual([...new Set(patterns.map((p) => openApiPathOf(p).path))].sort());
});

test('parameters, bodies, responses and errors of a collection and an item', () => {
  const list = doc.paths['/core/v2/categories']!.get!;
  expect(list.tags).toEqual(['core/v2']);
  expect(list.parameters.map((p) => p.name)).toEqual(
    expect.arrayContaining(['context', 'page', 'per_page', 'search', 'parent']),
  );
  expect(list.parameters.every((p) => p.in === 'query')).toBe(true);
  expect(list.responses['200']).toMatchObject({
    content: { 'application/json': { schema: { items: { $ref: '#/components/schemas/category' } } } },
  });
  const create = doc.paths['/core/v2/categories']!.post!;
  expect(Object.keys(create.requestBody!.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
    required: ['name'],
    properties: { name: { type: 'string' } },
  });
  expect(create.responses).toMatchObject({
    '201': {},
    '400': { $ref: '#/components/responses/Error400' },
    '401': {},
    '403': {},
  });
  const update = doc.paths['/core/v2/categories/{id}']!;
  expect(Object.keys(update).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
  expect(update.get!.parameters.find((p) => p.in === 'path')).toMatchObject({ name: 'id', required: true });
  expect(update.get!.responses).toMatchObject({ '404': { $ref: '#/components/responses/Error404' } });
  expect(doc.components.schemas).toHaveProperty('Error');
  expect(doc.components.schemas).toHaveProperty(['category', 'properties', 'id', 'readOnly'], true);
  expect(doc.paths['/events/v1/events/{id}']!.get).toBeDefined();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
const successSchema = (op: Operation) =>
  Object.entries(op.responses).find(([code]) => code.startsWith('2'))![1].content!['application/json']!.schema;

test("every operation has a summary: derived from its verb and resource, or its definition's own", () => {
  const ops = operations();
  expect(ops.length).toBeGreaterThan(200);
  expect(ops.filter(({ op }) => !op.summary?.trim()).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  const summary = (path: string, method: string) => doc.paths[path]![method]!.summary;
  expect(['get', 'post'].map((m) => summary('/core/v2/posts', m))).toEqual(['List posts', 'Create a post']);
  expect(['get', 'patch', 'delete'].map((m) => summary('/core/v2/posts/{id}', m))).toEqual([
    'Retrieve a post',
    'Update a post',
    'Delete a post',
  ]);
  expect(summary('/core/v2/posts/{parent}/revisions', 'get')).toBe('List revisions of a post');
  expect(summary('/events/v1/venues/by-slug/{slug}', 'get')).toBe('Retrieve a venue by slug');
  expect(summary('/core/v2/media', 'post')).toBe('Upload a media item');
  expect(summary('/formsA/v1/contact-forms/{id}/feedback', 'post')).toBe('Submit a contact form');
  expect(summary('/core/v2/users/me', 'get')).toBe('Retrieve the current user');
  expect(doc.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
});

test('lists are arrays (keyed lists objects, the events archives their wrapper), and match what the site answers', async () => {
  const mixed = operations().filter(({ op }) => JSON.stringify(successSchema(op)).includes('["array","object"]'));
  expect(mixed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  expect(successSchema(doc.paths['/core/v2/posts']!.get!)).toEqual({
    type: 'array',
    items: { $ref: '#/components/schemas/post' },
  });
  expect(successSchema(doc.paths['/core/v2/posts/{parent}/revisions']!.get!)).toMatchObject({ type: 'array' });
  expect(successSchema(doc.paths['/core/v2/templates']!.get!)).toMatchObject({ type: 'array' });
  expect(successSchema(doc.paths['/core/v2/types']!.get!)).toEqual({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/type' },
  });
  // The answers themselves, checked against the document's schemas (formats are annotations in 2020-12). A term's
  // `meta` is left out: WordPress's schema says object, and it answers PHP's `[]` when no meta is registered.
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const [path, query] of [
    ['/core/v2/categories', '?_fields=id,count,description,link,name,slug,taxonomy,parent'],
    ['/core/v2/types'],
    ['/core/v2/statuses'],
    ['/core/v2/taxonomies'],
    ['/events/v1/events'],
    ['/events/v1/venues'],
  ] as const) {
    const res = await fetch(`${site.url}/rest${path}${query ?? ''}`);
    expect([path, res.status]).toEqual([path, 200]);
    const validate = ajv.compile({ ...successSchema(doc.paths[path]!.get!), components: doc.components });
    expect([path, validate(await res.json()) ? 'valid' : validate.errors]).toEqual([path, 'valid']);
  }
});

test('media uploads and contact-form feedback take the bodies their definitions declare, which the routes accept', async () => {
  const upload = doc.paths['/core/v2/media']!.post!;
  expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data', 'application/octet-stream']);
  expect(upload.requestBody!.content['multipart/form-data']!.schema).toMatchObject({
    required: ['file'],
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, title: {} },
  });
  expect(upload.parameters).toContainEqual(expect.objectContaining({ name: 'Content-Disposition', in: 'header' }));
  const feedback = doc.paths['/formsA/v1/contact-forms/{id}/feedback']!.post!;
  expect(Object.keys(feedback.requestBody!.content)).toEqual(['multipart/form-data']);
  expect(feedback.requestBody!.content['multipart/form-data']!.schema).toMatchObject({
    required: ['_wpcf7_unit_tag'],
    additionalProperties: { type: 'string' },
  });
  // The plugin's first check is the media type (415, before the form is looked up): what the document offers passes it.
  const post = (body: BodyInit, type?: string) =>
    fetch(`${site.url}/rest/formsA/v1/contact-forms/999999/feedback`, {
      method: 'POST',
      body,
      headers: type ? { 'content-type': type } : {},
    });
  const form = new FormData();
  form.set('_wpcf7_unit_tag', 'wpcf7-f999999-o1');
  expect((await post(form)).status).toBe(404);
  expect((await post('{}', 'application/json')).status).toBe(415);
  // Other writes keep JSON and forms.
  expect(Object.keys(doc.paths['/core/v2/posts']!.post!.requestBody!.content)).toEqual([
    'application/json',
    'application/x-www-form-urlencoded',
  ]);
});

test('every default and example is a value of its own schema (no leftover values "Try it out" would send)', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const bad: string[] = [];
  let checked = 0;
  const check = (where: string, schema: Schema, value: unknown) => {
    checked++;
    const { default: _d, ...rest } = schema;
    void _d;
    if (!ajv.validate({ ...rest, components: doc.components }, value)) bad.push(`${where}: ${JSON.stringify(value)}`);
  };
  const walk = (node: unknown, where: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    const o = node as Schema;
    if ('default' in o && !('in' in o)) check(where, o, o.default);
    if ('example' in o && o.schema) check(where, o.schema as Schema, o.example);
    for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`);
  };
  walk(doc.paths, '#/paths');
  expect(checked).toBeGreaterThan(100);
  expect(bad).toEqual([]);
  expect(doc.paths['/core/v2/posts']!.get!.parameters.find((p) => p.name === 'status')!.schema.default).toEqual([
    'publish',
  ]);
});

test("the public index in help context carries no docs: they are the reference's only", () => {
  expect(
    Object.values(index)
      .flatMap((e) => e.endpoints)
      .filter((e) => 'docs' in e),
  ).toEqual([]);
});

test("the servers entry is the REST root on the page's own origin", () => {
  expect(doc.servers).toEqual([{ url: '/rest' }]);
});

test('the reference page and its assets come from the gateway itself', async () => {
  const page = await fetch(`${site.url}/api-docs/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const html = await page.text();
  expect(html).not.toMatch(/https?:\/\//); // nothing from elsewhere
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
    const r = await fetch(`${site.url}/api-docs/${asset}`);
    expect(r.status).toBe(200);
    expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(20);
  }
  expect((await fetch(`${site.url}/api-docs/index.html`)).status).toBe(404);
  expect((await fetch(`${site.url}/api-docs/../package.json`)).status).toBe(404);
  const bare = await fetch(`${site.url}/api-docs`, { redirect: 'manual' });
  expect(bare.status).toBe(301);
  expect(bare.headers.get('location')).toBe('/api-docs/');
});
