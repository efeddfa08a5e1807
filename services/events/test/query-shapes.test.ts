/**
 * Every query events/v1's GET routes make is served by an index, on both adapters (issue 25): every GET route the
 * service declares, bare and with each value of each argument, as an administrator, a contributor and anonymously,
 * over a venue, an organizer, a category, a tag and a few events; the rule each recorded shape is held to (offline,
 * and by MongoDB's explain() when MONGO_URL is set) is in services/core-content/test/query-shapes.test.ts.
 * events asks core-content for users and media, so a real core-content runs beside it.
 */
import type { Express } from 'express';
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import { describeQueryShapes, eventsApp, fillParams, startCore, type RunningService } from '@loom/testing';

const admin = asRole('administrator');
const callers = { administrator: admin, contributor: asRole('contributor'), anonymous: {} };

let core: RunningService;
beforeAll(async () => {
  core = await startCore();
}, 120_000);
afterAll(() => core.close());

async function seed(app: Express) {
  const post = async (path: string, body: object) => {
    const r = await request(app).post(`/rest/events/v1/${path}`).set(admin).send(body);
    if (r.status >= 300) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown> & { id: number };
  };
  const venue = (await post('venues', { venue: 'Hall A', status: 'publish' })).id;
  const organizer = (await post('organizers', { organizer: 'Org A', status: 'publish' })).id;
  const category = (await post('categories', { name: 'Music' })).id;
  const child = (await post('categories', { name: 'Jazz', parent: category })).id;
  const tag = (await post('tags', { name: 'Free' })).id;
  const event = (
    await post('events', {
      title: 'Concert',
      start_date: '2032-02-01 20:00',
      end_date: '2032-02-01 22:00',
      venue,
      organizer: [organizer],
      categories: [child],
      tags: [tag],
      featured: true,
    })
  ).id;
  await post('events', { title: 'Draft talk', status: 'draft', start_date: '2032-03-01', end_date: '2032-03-01' });
  await post('events', { title: 'All day', all_day: true, start_date: '2032-04-01', end_date: '2032-04-02' });
  const ids: Record<string, number> = {
    events: event,
    venues: venue,
    organizers: organizer,
    categories: category,
    tags: tag,
  };
  const path = (route: string) => fillParams(route, () => String(ids[route.split('/')[3] ?? ''] ?? 1));
  const values: Record<string, string> = {
    venue: String(venue),
    organizer: String(organizer),
    categories: `${category},${child}`,
    tags: String(tag),
    include: String(event),
    exclude: String(venue),
    post: String(event),
    event: String(event),
    parent: String(category),
    search: 'concert',
    slug: 'concert',
    start_date: '2032-01-01',
    end_date: '2032-12-31',
    starts_before: '2032-06-01',
    starts_after: '2032-01-01',
    ends_before: '2032-06-01',
    ends_after: '2032-01-01',
  };
  return { callers, path, value: (arg: string) => values[arg] };
}

describeQueryShapes('events', {
  start: async (store) => {
    const events = await eventsApp({ config: { CORE_CONTENT_URL: core.url }, ...store });
    return { app: events.app, close: events.close };
  },
  seed,
  minRoutes: 8,
});
