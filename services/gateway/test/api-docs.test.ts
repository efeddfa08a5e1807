/**
 * The OpenAPI document of the whole API (/api-docs/openapi.json), made from the live route index of the real
 * services: valid against the OpenAPI 3.1 schema (@apidevtools/swagger-parser, offline), and listing every
 * route and method of the index with its parameters, body, responses and errors.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { openApiPathOf, type RouteEntry } from '@loom/contracts';
import { startSite, type Site } from './site.harness';

jest.setTimeout(60_000);

type Operation = { tags: string[]; parameters: Array<{ name: string; in: string; required: boolean }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown> };

let site: Site;
let doc: { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
let index: Record<string, RouteEntry>;

beforeAll(async () => {
  site = await startSite();
  const res = await fetch(`${site.url}/api-docs/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as typeof doc;
  index = ((await (await fetch(`${site.url}/rest/?context=help`)).json()) as { routes: Record<string, RouteEntry> }).routes;
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
      expect(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual(names.map((n) => [n, true]));
    }
  }
});

test('every route and method of the index is in the document, in every namespace', () => {
  const patterns = Object.keys(index);
  expect(patterns.length).toBeGreaterThan(80);
  for (const ns of ['core/v2', 'events/v1', 'oembed/1.0', 'formsA/v1', 'formsB/v1', 'site-health/v1', 'block-editor/v1']) {
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
  expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['context', 'page', 'per_page', 'search', 'parent']));
  expect(list.parameters.every((p) => p.in === 'query')).toBe(true);
  expect(list.responses['200']).toMatchObject({ content: { 'application/json': { schema: { items: { $ref: '#/components/schemas/category' } } } } });
  const create = doc.paths['/core/v2/categories']!.post!;
  expect(Object.keys(create.requestBody!.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  expect(create.requestBody!.content['application/json']!.schema).toMatchObject({ required: ['name'], properties: { name: { type: 'string' } } });
  expect(create.responses).toMatchObject({ '201': {}, '400': { $ref: '#/components/responses/Error400' }, '401': {}, '403': {} });
  const update = doc.paths['/core/v2/categories/{id}']!;
  expect(Object.keys(update).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
  expect(update.get!.parameters.find((p) => p.in === 'path')).toMatchObject({ name: 'id', required: true });
  expect(update.get!.responses).toMatchObject({ '404': { $ref: '#/components/responses/Error404' } });
  expect(doc.components.schemas).toHaveProperty('Error');
  expect(doc.components.schemas).toHaveProperty(['category', 'properties', 'id', 'readOnly'], true);
  expect(doc.paths['/events/v1/events/{id}']!.get).toBeDefined();
});

test('the servers entry is the REST root on the page\'s own origin', () => {
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
