/**
 * Render once (posts/render.ts, events/response.ts): what is kept per post is used only while the stored fields it
 * was made from are the same, so every write shows in the very next list, even several writes within one second
 * (the same `modified`).
 */
import { eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';

let world: EventsWorld;

beforeAll(async () => {
  world = await startEventsWorld();
});

afterAll(async () => {
  await world?.close();
});

type Listed = {
  id: number;
  title: string;
  description: string;
  start_date_details: Record<string, string>;
  utc_end_date_details: Record<string, string>;
  timezone_abbr: string;
  venue: { venue: string; description?: string };
  organizer: { organizer: string }[];
};

it('shows a renamed venue or organizer, and an edited event, in the next list at once', async () => {
  const e = eventsClient(world, 'editor');
  const venue = (await e.post('/venues', { venue: 'Old hall', description: 'Old text' })).body.id;
  const organizer = (await e.post('/organizers', { organizer: 'Old org' })).body.id;
  const created = await e.post('/events', {
    title: 'First title',
    description: 'First description',
    start_date: '2031-05-05 10:00',
    end_date: '2031-05-05 12:00',
    venue,
    organizer,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const listed = async (): Promise<Listed> => {
    const r = await e.get('/events?start_date=2031-05-01&end_date=2031-05-31');
    return r.body.events.find((x: Listed) => x.id === id);
  };
  const before = await listed();
  expect(before.venue.venue).toBe('Old hall');
  expect(before.description).toBe('<p>First description</p>');

  expect((await e.post(`/venues/${venue}`, { venue: 'New hall', description: 'New text' })).status).toBe(200);
  expect((await e.post(`/organizers/${organizer}`, { organizer: 'New org' })).status).toBe(200);
  let after = await listed();
  expect(after.venue.venue).toBe('New hall');
  expect(after.venue.description).toBe('<p>New text</p>');
  expect(after.organizer.map((o) => o.organizer)).toEqual(['New org']);

  // Several writes within the same second: each shows at once.
  for (const n of [1, 2, 3]) {
    expect((await e.post(`/events/${id}`, { title: `Title ${n}`, description: `Description ${n}` })).status).toBe(200);
    after = await listed();
    expect(after.title).toBe(`Title ${n}`);
    expect(after.description).toBe(`<p>Description ${n}</p>`);
  }
  expect(
    (
      await e.post(`/events/${id}`, {
        start_date: '2031-05-06 09:30',
        end_date: '2031-05-07 23:00',
        timezone: 'Europe/Paris',
      })
    ).status,
  ).toBe(200);
  after = await listed();
  expect(after.start_date_details).toEqual({
    year: '2031',
    month: '05',
    day: '06',
    hour: '09',
    minutes: '30',
    seconds: '00',
  });
  expect(after.utc_end_date_details).toEqual({
    year: '2031',
    month: '05',
    day: '07',
    hour: '21',
    minutes: '00',
    seconds: '00',
  });
  expect(after.timezone_abbr).toBe('CEST');
  // The single read answers the same fields as the list.
  const single = (await e.get(`/events/${id}`)).body;
  for (const k of [
    'title',
    'description',
    'start_date_details',
    'utc_end_date_details',
    'timezone_abbr',
    'venue',
  ] as const)
    expect({ [k]: single[k] }).toEqual({
      [k]: k === 'venue' ? { ...after.venue, json_ld: single.venue.json_ld } : after[k],
    });
});
