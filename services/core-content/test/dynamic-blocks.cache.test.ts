/**
 * Answers holding a calendar block (in content, or from the block renderer) are never kept: its markup marks today
 * (get_calendar()'s current_time()), which changes with no write to invalidate a kept answer. Other dynamic blocks
 * follow writes, so their answers may be kept. Checked on the header core-content gives the gateway (which answers
 * it may keep: a lifetime, or `none` for "until a write"); core-content's own answer cache follows the same mark
 * (kept-out.ts).
 */
import type { Express } from 'express';
import request from 'supertest';
import { asRole, createLogger, testConfig } from '@loom/service-kit';
import { SHAREABLE_HEADER } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import { buildApp } from '../src/service';
import { seedRoleUsers } from './helpers';

let store: Store;
let app: Express;

beforeAll(async () => {
  const config = testConfig('core-content', {});
  store = await openStore({ service: 'core-content', dataDir: config.dataDir });
  await seedRoleUsers(store);
  app = await buildApp({ config, store, log: createLogger('core-content', 'silent') }, {});
  await request(app)
    .post('/rest/core/v2/posts')
    .set(asRole('administrator'))
    .send({ title: 'Published', status: 'publish' })
    .expect(201);
});
afterAll(() => store.close());

async function pageWith(content: string): Promise<number> {
  const r = await request(app)
    .post('/rest/core/v2/pages')
    .set(asRole('administrator'))
    .send({ title: 'Host', status: 'publish', content });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

test('a page showing a calendar is not shareable; one showing a page list is', async () => {
  const calendar = await pageWith('<!-- wp:calendar /-->');
  const pages = await pageWith('<!-- wp:page-list /-->');
  for (let i = 0; i < 2; i++) {
    const a = await request(app).get(`/rest/core/v2/pages/${calendar}`);
    expect(a.status).toBe(200);
    expect(a.body.content.rendered).toContain('<table id="wp-calendar" class="wp-calendar-table">');
    expect(a.headers[SHAREABLE_HEADER]).toBeUndefined();
    const b = await request(app).get(`/rest/core/v2/pages/${pages}`);
    expect(b.body.content.rendered).toContain('wp-block-page-list');
    expect(b.headers[SHAREABLE_HEADER]).toMatch(/^(\d+|none)$/);
  }
  // A list holding the calendar page is not kept either.
  expect((await request(app).get('/rest/core/v2/pages')).headers[SHAREABLE_HEADER]).toBeUndefined();
});

test("the block renderer's calendar is not shareable even for its signed-in caller; its archives are", async () => {
  const admin = asRole('administrator');
  const calendar = await request(app).get('/rest/core/v2/block-renderer/core/calendar').set(admin);
  expect(calendar.status).toBe(200);
  expect(calendar.body.rendered).toContain('<table id="wp-calendar"');
  expect(calendar.headers[SHAREABLE_HEADER]).toBeUndefined();
  const archives = await request(app).get('/rest/core/v2/block-renderer/core/archives').set(admin);
  expect(archives.status).toBe(200);
  expect(archives.headers[SHAREABLE_HEADER]).toMatch(/^(\d+|none)$/);
});
