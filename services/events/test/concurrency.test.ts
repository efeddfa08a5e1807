/**
 * Uniqueness under concurrent writes in events/v1 (issue 10), through the gateway: event categories and tags
 * created at once leave one term; events naming the same new venue, organizer and terms all link one of each;
 * events, venues and organizers of one title get distinct slugs. The store's unique indexes decide.
 */
import { eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';

// Hundreds of writes at once, each probing the unique slug index: what is asserted is the outcome, not the speed. On
// a loaded 2-core CI machine the 200-event case took 30 s once (jest's default limit), so the limit leaves room.
jest.setTimeout(120_000);

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(() => world.close());

const editor = () => eventsClient(world, 'editor');
/** `n` calls at once, answered as status and body (short failure messages). */
const parallel = async (n: number, call: (i: number) => Promise<{ status: number; body: unknown }>) =>
  (await Promise.all(Array.from({ length: n }, (_, i) => call(i)))).map((r) => ({
    status: r.status,
    body: r.body as Record<string, unknown>,
  }));

describe.each([
  ['categories', 'A term with the name provided already exists with this parent.'],
  ['tags', 'A term with the name provided already exists in this taxonomy.'],
] as const)('event %s', (base, message) => {
  test('200 parallel creations of one name: one 201, the rest term_exists with its id', async () => {
    const answers = await parallel(200, () => editor().post(`/${base}`, { name: 'race' }));
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const id = created[0]!.body.id as number;
    expect(answers.filter((r) => r.status !== 201)).toEqual(
      Array(199).fill({
        status: 400,
        body: { code: 'term_exists', message, data: { status: 400, term_id: id }, additional_data: [id] },
      }),
    );
  });
});

test('50 parallel events naming one new venue, organizer, category and tag: one of each, linked from every event', async () => {
  const answers = await parallel(50, () =>
    editor().post('/events', {
      title: 'Regatta',
      start_date: '2030-07-01 10:00',
      end_date: '2030-07-01 18:00',
      venue: { venue: 'Boathouse', city: 'Riverside' },
      organizer: [{ organizer: 'Rowing Club', email: 'club@example.com' }],
      categories: ['Water sports'],
      tags: ['Summer regatta'],
    }),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
  type Linked = {
    venue: { id: number };
    organizer: { id: number }[];
    categories: { id: number }[];
    tags: { id: number }[];
  };
  const ids = (pick: (b: Linked) => unknown) =>
    new Set(answers.map((r) => JSON.stringify(pick(r.body as unknown as Linked))));
  expect(ids((b) => b.venue.id).size).toBe(1);
  expect(ids((b) => b.organizer.map((o) => o.id)).size).toBe(1);
  expect(ids((b) => b.categories.map((c) => c.id)).size).toBe(1);
  expect(ids((b) => b.tags.map((t) => t.id)).size).toBe(1);
  expect((await editor().get('/venues?search=Boathouse')).body.total).toBe(1);
  expect((await editor().get('/organizers?search=Rowing')).body.total).toBe(1);
  // Each event has its own slug.
  expect(new Set(answers.map((r) => r.body.slug)).size).toBe(50);
  // The category counts every event (published ones).
  const category = answers[0]!.body.categories as { id: number }[];
  expect((await editor().get(`/categories/${category[0]!.id}`)).body.count).toBe(50);

  // Once the venue is trashed it is matched no more: the same data makes a new one.
  const venue = (answers[0]!.body.venue as { id: number }).id;
  expect((await editor().delete(`/venues/${venue}`)).status).toBe(200);
  const after = await editor().post('/events', {
    title: 'Regatta again',
    start_date: '2030-07-02 10:00',
    end_date: '2030-07-02 18:00',
    venue: { venue: 'Boathouse', city: 'Riverside' },
  });
  expect(after.status).toBe(201);
  expect(after.body.venue.id).not.toBe(venue);
});

test('200 parallel events of one title: distinct slugs', async () => {
  const answers = await parallel(200, () =>
    editor().post('/events', { title: 'Open day', start_date: '2030-08-01 10:00', end_date: '2030-08-01 12:00' }),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(200).fill(201));
  expect(new Set(answers.map((r) => r.body.slug))).toEqual(
    new Set(['open-day', ...Array.from({ length: 199 }, (_, i) => `open-day-${i + 2}`)]),
  );
});

test('50 parallel venues and organizers of one name (their own routes: no matching there): distinct slugs', async () => {
  for (const [path, body] of [
    ['/venues', { venue: 'Main hall' }],
    ['/organizers', { organizer: 'Parents association' }],
  ] as const) {
    const answers = await parallel(50, () => editor().post(path, body));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((r) => r.body.slug)).size).toBe(50);
  }
});
