/**
 * docs/development.md, "Adding a resource": a post type with no differences is its folder with one contract
 * and one line in src/types/index.ts. wp_navigation is that type; this checks, over HTTP, that the contract alone
 * gives it everything the posts controller serves (routes, index entry, descriptor, writes, revisions, OPTIONS).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import { startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await startCore());
});
afterAll(() => close());

const admin = asRole('administrator');
const N = '/rest/core/v2/navigation';

test('the folder is the contract alone', () => {
  expect(readdirSync(join(__dirname, '..', 'src', 'types', 'navigation'))).toEqual(['contract.ts']);
});

test('the index lists its routes, with revisions and autosaves, as WordPress registers them', async () => {
  const index = await request(app).get('/rest/core/v2').expect(200);
  const routes = Object.keys(index.body.routes as object).filter((r) => r.startsWith('/core/v2/navigation'));
  expect(routes).toEqual([
    '/core/v2/navigation',
    '/core/v2/navigation/(?P<id>[\\d]+)',
    '/core/v2/navigation/(?P<parent>[\\d]+)/revisions',
    '/core/v2/navigation/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)',
    '/core/v2/navigation/(?P<id>[\\d]+)/autosaves',
    '/core/v2/navigation/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)',
  ]);
  const type = await request(app).get('/rest/core/v2/types/wp_navigation').expect(200);
  expect(type.body).toMatchObject({ slug: 'wp_navigation', rest_base: 'navigation', rest_namespace: 'core/v2' });
});

test('created, read, updated into a revision and listed through the generic controller; anonymous readers see no draft', async () => {
  const created = await request(app)
    .post(N)
    .set(admin)
    .send({ title: 'Main', content: '<!-- wp:page-list /-->', status: 'draft' })
    .expect(201);
  const id = created.body.id as number;
  expect(created.body).toMatchObject({ type: 'wp_navigation', status: 'draft', title: { raw: 'Main' } });
  await request(app).post(`${N}/${id}`).set(admin).send({ title: 'Main menu', status: 'publish' }).expect(200);
  const read = await request(app).get(`${N}/${id}?context=edit`).set(admin).expect(200);
  expect(read.body.title.raw).toBe('Main menu');
  const revisions = await request(app).get(`${N}/${id}/revisions`).set(admin).expect(200);
  expect(revisions.body.length).toBeGreaterThanOrEqual(1);
  const list = await request(app).get(N).set(admin).expect(200);
  expect((list.body as Array<{ id: number }>).map((p) => p.id)).toContain(id);
  const draft = await request(app).post(N).set(admin).send({ title: 'Draft', status: 'draft' }).expect(201);
  await request(app).get(`${N}/${draft.body.id}`).expect(401);
  const options = await request(app).options(N).expect(200);
  expect(options.body.namespace).toBe('core/v2');
});
