/**
 * The events archive (GET /events/v1/events) through the gateway: every parameter of spec 4.5 and the
 * plugin's extra ones, its shape, links and headers (reference A.1, A.3), on a site in America/New_York so the
 * date windows cross daylight-saving changes.
 */
import { err, eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';

let world: EventsWorld;
const ids: Record<string, number> = {};
let venueA: number;
let venueB: number;
let orgA: number;
let catMusic: number;
let catTalks: number;
let tagFree: number;

const editor = () => eventsClient(world, 'editor');
const anon = () => eventsClient(world, 'anonymous');
const titles = (r: { body: { events: { title: string }[] } }) => r.body.events.map((e) => e.title);

beforeAll(async () => {
  world = await startEventsWorld({ LOOM_TIMEZONE: 'America/New_York' });
  const e = editor();
  venueA = (await e.post('/venues', { venue: 'Hall A' })).body.id;
  venueB = (await e.post('/venues', { venue: 'Hall B' })).body.id;
  orgA = (await e.post('/organizers', { organizer: 'Org A' })).body.id;
  catMusic = (await e.post('/categories', { name: 'Music' })).body.id;
  catTalks = (await e.post('/categories', { name: 'Talks' })).body.id;
  tagFree = (await e.post('/tags', { name: 'Free' })).body.id;
  const make = async (key: string, body: Record<string, unknown>) => {
    const r = await e.post('/events', { title: key, ...body });
    if (r.status !== 201) throw new Error(`${key}: ${r.status} ${JSON.stringify(r.body)}`);
    ids[key] = r.body.id;
  };
  // Around the 2031 spring-forward in New York (Sunday 9 March, 02:00 EST → 03:00 EDT).
  await make('Before DST', {
    start_date: '2031-03-08 23:30',
    end_date: '2031-03-08 23:45',
    venue: venueA,
    categories: [catMusic],
  });
  await make('DST night', {
    start_date: '2031-03-09 01:30',
    end_date: '2031-03-09 03:30',
    venue: venueA,
    organizer: [orgA],
    categories: ['talks'],
    tags: [tagFree],
  });
  await make('After DST', {
    start_date: '2031-03-10 00:15',
    end_date: '2031-03-10 01:00',
    venue: venueB,
    featured: true,
  });
  // The same instant written in another zone: 2031-03-09 05:00 UTC = 00:00 EST on the 9th in New York.
  await make('Tokyo', {
    start_date: '2031-03-09 14:00',
    end_date: '2031-03-09 15:00',
    timezone: 'Asia/Tokyo',
    categories: [catMusic],
  });
  // Relative to now: a past event, an ongoing one and an upcoming one.
  const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
  await make('Long past', { start_date: `${day(-30)} 10:00`, end_date: `${day(-29)} 10:00` });
  await make('Ongoing', { start_date: `${day(-3)} 10:00`, end_date: `${day(3)} 10:00` });
  await make('Soon', { start_date: `${day(10)} 10:00`, end_date: `${day(10)} 11:00` });
  await make('Far future', { start_date: '2040-01-01 10:00', end_date: '2040-01-01 11:00' });
  // Across a night in April 2032, away from the others.
  await make('Overnight', { start_date: '2032-04-05 22:00', end_date: '2032-04-06 02:00' });
});
afterAll(async () => {
  await world.close();
});

describe('shape, defaults, links and headers', () => {
  it('defaults to events starting from the start of yesterday, for two years, ordered by start', async () => {
    const r = await anon().get('/events');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    // 'Ongoing' (started three days ago, ends in three) is not listed: the plugin's start_date keeps events starting
    // on or after it, in 6.2.9 as in 6.17.1.
    expect(titles(r)).toEqual(['Soon']);
    expect(r.headers['x-tec-total']).toBe('1');
    expect(r.headers['x-tec-totalpages']).toBe('1');
    const url = new URL(r.body.rest_url);
    expect(url.origin + url.pathname).toBe('http://loom.test/rest/events/v1/events/');
    // The effective arguments, status included, written as given (sample 220: `start_date=2026-11-22 00:00:00`).
    expect([...url.searchParams.keys()]).toEqual(['page', 'per_page', 'start_date', 'end_date', 'status']);
    expect(url.searchParams.get('status')).toBe('publish');
    expect(r.body.rest_url).toMatch(/start_date=\d{4}-\d{2}-\d{2} 00:00:00&/);
    expect(url.searchParams.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(url.searchParams.get('end_date')).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
  });

  it('pages: next/previous links only where pages exist, per_page capped at 50, past the end → 404', async () => {
    const window = 'start_date=2031-03-01&end_date=2031-03-31';
    const p1 = await anon().get(`/events?${window}&per_page=2`);
    expect(titles(p1)).toEqual(['Before DST', 'Tokyo']);
    expect(Object.keys(p1.body)).toEqual(['events', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
    expect(p1.body).toMatchObject({ total: 4, total_pages: 2 });
    expect(new URL(p1.body.next_rest_url).searchParams.get('page')).toBe('2');
    const p2 = await anon().get(new URL(p1.body.next_rest_url).search.replace(/^\?/, '/events?'));
    expect(titles(p2)).toEqual(['DST night', 'After DST']);
    expect(Object.keys(p2.body)).toEqual(['events', 'rest_url', 'previous_rest_url', 'total', 'total_pages']);
    expect(new URL(p2.body.previous_rest_url).searchParams.has('page')).toBe(false);
    const p3 = await anon().get(`/events?${window}&per_page=2&page=3`);
    expect(p3.status).toBe(404);
    expect(p3.body).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
    const capped = await anon().get(`/events?${window}&per_page=500`);
    expect(new URL(capped.body.rest_url).searchParams.get('per_page')).toBe('50');
    expect(err(await anon().get('/events?per_page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon().get('/events?page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('an empty first page is 200 with no events', async () => {
    const r = await anon().get('/events?start_date=2035-01-01&end_date=2035-01-02');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
    expect(r.headers['x-tec-total']).toBe('0');
  });
});

describe('date windows across zones and daylight saving', () => {
  it('start_date and end_date take whole days in the site zone (New York), on instants', async () => {
    // 9 March in New York runs 05:00 UTC (EST) to 03:59:59 UTC on the 10th (EDT): a 23-hour day.
    const r = await anon().get('/events?start_date=2031-03-09&end_date=2031-03-09');
    expect(titles(r)).toEqual(['Tokyo', 'DST night']);
    expect(new URL(r.body.rest_url).searchParams.get('start_date')).toBe('2031-03-09 00:00:00');
    expect(new URL(r.body.rest_url).searchParams.get('end_date')).toBe('2031-03-09 23:59:59');
  });

  it('lists what starts on or after start_date and ends on or before end_date, as the plugin does', async () => {
    // Overnight runs 5 April 22:00 to 6 April 02:00: in a window holding both days only.
    expect(titles(await anon().get('/events?start_date=2032-04-05&end_date=2032-04-06'))).toEqual(['Overnight']);
    // Still running at the end of the 5th, already running at the start of the 6th: in neither day's window.
    expect((await anon().get('/events?start_date=2032-04-05&end_date=2032-04-05')).body.total).toBe(0);
    expect((await anon().get('/events?start_date=2032-04-06&end_date=2032-04-06')).body.total).toBe(0);
    expect(titles(await anon().get('/events?start_date=2032-04-06&end_date=2040-12-31'))).toEqual(['Far future']);
    expect(titles(await anon().get('/events?start_date=2032-04-05&end_date=2040-12-31'))).toEqual([
      'Overnight',
      'Far future',
    ]);
  });

  it('strict_dates uses the exact times, and keeps only events starting at or after start_date', async () => {
    const r = await anon().get(
      `/events?strict_dates=true&start_date=${encodeURIComponent('2031-03-09 00:30')}&end_date=${encodeURIComponent('2031-03-09 23:00')}`,
    );
    // Tokyo (00:00–01:00 New York time) was still running at 00:30 but started before it; DST night starts 01:30.
    expect(titles(r)).toEqual(['DST night']);
    // An end before an event's own end leaves it out: DST night ends at 03:30.
    const early = `start_date=${encodeURIComponent('2031-03-09 00:00')}&end_date=${encodeURIComponent('2031-03-09 03:00')}`;
    expect(titles(await anon().get(`/events?strict_dates=true&${early}`))).toEqual(['Tokyo']);
    // Without strict_dates the whole day counts.
    expect(titles(await anon().get('/events?start_date=2031-03-09&end_date=2031-03-09'))).toEqual([
      'Tokyo',
      'DST night',
    ]);
    // strict_dates is not echoed (the plugin's rest_url knows no such argument).
    expect(new URL(r.body.rest_url).searchParams.has('strict_dates')).toBe(false);
  });

  it('starts_* and ends_* replace the default window', async () => {
    expect(titles(await anon().get('/events?starts_after=2031-03-09&ends_before=2031-03-11'))).toEqual(['After DST']);
    expect(titles(await anon().get('/events?starts_before=2031-03-08'))).toEqual([
      'Long past',
      'Ongoing',
      'Soon',
      'Before DST',
    ]);
    expect(titles(await anon().get('/events?ends_after=2039-12-31'))).toEqual(['Far future']);
    expect(err(await anon().get('/events?starts_before=whenever'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await anon().get('/events?start_date=nope'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('stores the DST night with the right offsets', async () => {
    const r = await anon().get(`/events/${ids['DST night']}`);
    expect(r.body).toMatchObject({
      start_date: '2031-03-09 01:30:00',
      utc_start_date: '2031-03-09 06:30:00',
      end_date: '2031-03-09 03:30:00',
      utc_end_date: '2031-03-09 07:30:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
    });
  });
});

describe('filters', () => {
  const W = 'start_date=2031-01-01&end_date=2031-12-31';

  it('search in title and description', async () => {
    expect(titles(await anon().get(`/events?${W}&search=dst`))).toEqual(['Before DST', 'DST night', 'After DST']);
  });

  it('categories and tags by id or slug, any of; unknown → 400', async () => {
    expect(titles(await anon().get(`/events?${W}&categories=${catMusic}`))).toEqual(['Before DST', 'Tokyo']);
    expect(titles(await anon().get(`/events?${W}&categories=music,talks`))).toEqual([
      'Before DST',
      'Tokyo',
      'DST night',
    ]);
    expect(titles(await anon().get(`/events?${W}&categories[]=${catTalks}`))).toEqual(['DST night']);
    expect(titles(await anon().get(`/events?${W}&tags=free`))).toEqual(['DST night']);
    expect(err(await anon().get(`/events?${W}&categories=no-such-category`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  it('venue and organizer ids, any of; not a venue → 400', async () => {
    expect(titles(await anon().get(`/events?${W}&venue=${venueA}`))).toEqual(['Before DST', 'DST night']);
    expect(titles(await anon().get(`/events?${W}&venue=${venueA},${venueB}`))).toEqual([
      'Before DST',
      'DST night',
      'After DST',
    ]);
    expect(titles(await anon().get(`/events?${W}&organizer=${orgA}`))).toEqual(['DST night']);
    expect(err(await anon().get(`/events?${W}&venue=${orgA}`))).toEqual({ status: 400, code: 'rest_invalid_param' });
    const url = new URL((await anon().get(`/events?${W}&venue=${venueA},${venueB}`)).body.rest_url);
    expect(url.searchParams.get('venue')).toBe(`${venueA},${venueB}`);
  });

  it('featured true and false', async () => {
    expect(titles(await anon().get(`/events?${W}&featured=true`))).toEqual(['After DST']);
    expect(titles(await anon().get(`/events?${W}&featured=0`))).toEqual(['Before DST', 'Tokyo', 'DST night']);
  });

  it('include lists those events and ignores the date window', async () => {
    const r = await anon().get(`/events?include=${ids['Far future']},${ids['Long past']}`);
    expect(titles(r).sort()).toEqual(['Far future', 'Long past']);
  });

  it('geoloc needs an add-on: accepted, lat and lng must come together, results unfiltered', async () => {
    expect(titles(await anon().get(`/events?${W}&geoloc=true&geoloc_lat=40.7&geoloc_lng=-74`))).toEqual([
      'Before DST',
      'Tokyo',
      'DST night',
      'After DST',
    ]);
    const r = await anon().get(`/events?${W}&geoloc_lat=40.7`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { geoloc_lng: expect.any(String) } } });
    expect(err(await anon().get(`/events?${W}&geoloc_lat=91&geoloc_lng=0`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  it('post_parent must be an event', async () => {
    expect((await anon().get(`/events?post_parent=${venueA}`)).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): post_parent',
      data: { status: 400, params: { post_parent: 'Invalid parameter.' }, details: [] },
    });
    expect((await anon().get(`/events?post_parent=${ids['Soon']}`)).body.total).toBe(0);
  });
});

describe('the issue scenario: one request creates the event, its venue and organizer; list by each; delete', () => {
  it('behaves as the plugin does end to end', async () => {
    const e = editor();
    const created = await e.post('/events', {
      title: 'Harvest festival',
      start_date: '2031-09-20 11:00',
      end_date: '2031-09-20 18:00',
      categories: ['Festivals'],
      venue: { venue: 'Orchard Green', address: '1 Apple Way', city: 'Appleton' },
      organizer: { organizer: 'Farm Club', email: 'club@example.com' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const venueId = created.body.venue.id as number;
    const organizerId = created.body.organizer[0].id as number;
    const categoryId = created.body.categories[0].id as number;
    expect(created.body.categories[0]).toMatchObject({
      name: 'Festivals',
      slug: 'festivals',
      taxonomy: 'tribe_events_cat',
    });

    const window = 'start_date=2031-09-20&end_date=2031-09-20';
    for (const q of [
      `venue=${venueId}`,
      `organizer=${organizerId}`,
      `categories=${categoryId}`,
      'categories=festivals',
      window,
    ]) {
      const r = await anon().get(`/events?${q}${q === window ? '' : '&' + window}`);
      expect(r.body.events.map((x: { id: number }) => x.id)).toEqual([id]);
    }
    expect((await anon().get(`/venues?event=${id}`)).body.venues.map((v: { id: number }) => v.id)).toEqual([venueId]);
    expect((await anon().get(`/categories/${categoryId}`)).body.count).toBe(1);

    expect((await e.delete(`/events/${id}`)).body.status).toBe('trash');
    expect((await anon().get(`/events?venue=${venueId}&${window}`)).body.total).toBe(0);
    expect((await anon().get(`/categories/${categoryId}`)).body.count).toBe(0);
  });
});
