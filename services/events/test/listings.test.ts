/**
 * events/v1 answers that follow The Events Calendar beyond the captured samples (issue 11): what archives list
 * (hidden events, child categories, every status to editors), unpublished posts (no slug, floating dates, plain
 * links, the trash), the archive arguments the plugin refuses (ticketed), and the site settings an answer shows
 * (currency, a manual UTC offset, a home URL with a port and a path).
 */
import { eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';

const ZERO = '0000-00-00 00:00:00';
const W = 'start_date=2032-01-01&end_date=2032-12-31';
const titles = (r: { body: { events: { title: string }[] } }) => r.body.events.map((e) => e.title);

describe('archives', () => {
  let world: EventsWorld;
  const editor = () => eventsClient(world, 'editor');
  const anon = () => eventsClient(world, 'anonymous');
  beforeAll(async () => {
    world = await startEventsWorld();
  });
  afterAll(() => world.close());

  test('events hidden from listings are left out: totals, pages and links shift; the event itself stays readable', async () => {
    for (const [i, hidden] of [false, true, false, true, false].entries()) {
      await editor().post('/events', {
        title: `Listed ${i}`,
        start_date: `2032-02-0${i + 1} 10:00`,
        end_date: `2032-02-0${i + 1} 11:00`,
        hide_from_listings: hidden,
      });
    }
    const r = await anon().get(`/events?${W}&per_page=2`);
    expect(titles(r)).toEqual(['Listed 0', 'Listed 2']);
    expect(r.body).toMatchObject({ total: 3, total_pages: 2 });
    expect(r.headers['x-tec-total']).toBe('3');
    expect(titles(await anon().get(`/events?${W}&per_page=2&page=2`))).toEqual(['Listed 4']);
    expect((await anon().get(`/events?${W}&per_page=2&page=3`)).status).toBe(404);
    // Even by id (`include`) and to editors, as tribe_get_events() always filters them.
    const hidden = await editor().post('/events', {
      title: 'Only by id',
      start_date: '2032-03-01',
      end_date: '2032-03-01',
      hide_from_listings: true,
    });
    expect((await editor().get(`/events?include=${hidden.body.id}`)).body.total).toBe(0);
    expect((await anon().get(`/events/${hidden.body.id}`)).body).toMatchObject({
      title: 'Only by id',
      hide_from_listings: true,
    });
  });

  test('the categories filter includes child categories (tax_query include_children)', async () => {
    const music = (await editor().post('/categories', { name: 'Music' })).body.id as number;
    const jazz = (await editor().post('/categories', { name: 'Jazz', parent: music })).body.id as number;
    const bebop = (await editor().post('/categories', { name: 'Bebop', parent: jazz })).body.id as number;
    await editor().post('/events', {
      title: 'Music night',
      start_date: '2032-04-01 20:00',
      end_date: '2032-04-01 22:00',
      categories: [music],
    });
    await editor().post('/events', {
      title: 'Jazz night',
      start_date: '2032-04-02 20:00',
      end_date: '2032-04-02 22:00',
      categories: [jazz],
    });
    await editor().post('/events', {
      title: 'Bebop night',
      start_date: '2032-04-03 20:00',
      end_date: '2032-04-03 22:00',
      categories: [bebop],
    });
    expect(titles(await anon().get(`/events?${W}&categories=music`))).toEqual([
      'Music night',
      'Jazz night',
      'Bebop night',
    ]);
    expect(titles(await anon().get(`/events?${W}&categories=${jazz}`))).toEqual(['Jazz night', 'Bebop night']);
    expect(titles(await anon().get(`/events?${W}&categories=bebop`))).toEqual(['Bebop night']);
  });

  test('ticketed=true needs the Event Tickets add-on: refused as its validate callback refuses it; false is no filter', async () => {
    const r = await anon().get('/events?ticketed=true');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): ticketed',
      data: {
        status: 400,
        params: { ticketed: 'Event Tickets plugin is not activated.' },
        details: {
          ticketed: {
            code: 'event-tickets-not-active',
            message: 'Event Tickets plugin is not activated.',
            data: { status: 400 },
          },
        },
      },
    });
    const off = await anon().get(`/events?${W}&ticketed=false`);
    expect(off.status).toBe(200);
    expect(off.body.rest_url).not.toContain('ticketed');
  });

  test("rest_url: status echoed in the plugin's order, categories and tags dropped, featured added last", async () => {
    const r = await editor().get(
      `/events?${W}&categories=music&tags=nothing-here&search=night&featured=1&status=publish,draft`,
    );
    expect(r.status).toBe(400); // an unknown tag slug is an invalid argument
    const ok = await editor().get(`/events?${W}&categories=music&search=night&featured=1&status=publish,draft`);
    expect(ok.body.rest_url).toBe(
      'http://loom.test/rest/events/v1/events/?page=1&per_page=10&start_date=2032-01-01+00%3A00%3A00&end_date=2032-12-31+23%3A59%3A59&search=night&status=publish%2Cdraft&featured=1',
    );
    // featured=false is added (and so re-encodes the rest) but, being PHP false, not written.
    const off = await anon().get(`/events?${W}&featured=0`);
    expect(off.body.rest_url).toBe(
      'http://loom.test/rest/events/v1/events/?page=1&per_page=10&start_date=2032-01-01+00%3A00%3A00&end_date=2032-12-31+23%3A59%3A59&status=publish',
    );
  });

  test('venue and organizer archives list every status to editors, newest first; others only published ones', async () => {
    const author = eventsClient(world, 'author');
    const names = (r: { body: { venues: { venue: string }[] } }) => r.body.venues.map((v) => v.venue);
    await editor().post('/venues', { venue: 'Old hall', date_utc: '2020-01-01 10:00:00' });
    await author.post('/venues', { venue: 'Pending hall', status: 'pending' });
    await editor().post('/venues', { venue: 'Draft hall', status: 'draft' });
    const all = await editor().get('/venues?search=hall');
    expect(names(all)).toEqual(['Draft hall', 'Pending hall', 'Old hall']);
    expect(all.body.rest_url).toBe('http://loom.test/rest/events/v1/venues/?page=1&per_page=10&status=any');
    // An author (no edit_others) sees others' published venues and its own of any status.
    expect(names(await author.get('/venues?search=hall'))).toEqual(['Pending hall', 'Old hall']);
    expect(names(await anon().get('/venues?search=hall'))).toEqual(['Old hall']);
    expect((await editor().get('/venues?status=draft')).body.rest_url).toBe(
      'http://loom.test/rest/events/v1/venues/?page=1&per_page=10&status=draft',
    );
    expect((await anon().get('/venues?status=draft')).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: { status: 400, params: { status: 'Invalid parameter.' }, details: [] },
    });
    await editor().post('/organizers', { organizer: 'Draft org', status: 'draft' });
    expect((await editor().get('/organizers')).body.organizers[0]).toMatchObject({
      organizer: 'Draft org',
      status: 'draft',
    });
  });

  test('by-slug routes validate the slug too; unknown venue or organizer ids are refused before permissions', async () => {
    const invalid = (p: string) => ({
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${p}`,
      data: { status: 400, params: { [p]: 'Invalid parameter.' }, details: [] },
    });
    expect((await anon().get('/organizers/by-slug/nobody')).body).toEqual(invalid('slug'));
    // WordPress validates arguments before it asks permission: anonymous writes to unknown ids are 400, not 401.
    expect((await anon().delete('/venues/999999')).body).toEqual(invalid('id'));
    expect((await anon().patch('/organizers/999999', { phone: '1' })).body).toEqual(invalid('id'));
    const v = await editor().post('/venues', { venue: 'Guarded venue' });
    expect((await anon().delete(`/venues/${v.body.id}`)).status).toBe(401);
  });
});

describe('unpublished posts and the trash', () => {
  let world: EventsWorld;
  const editor = () => eventsClient(world, 'editor');
  beforeAll(async () => {
    world = await startEventsWorld();
  });
  afterAll(() => world.close());

  test("a draft venue has no GMT date and a plain link until it is published (its slug is its name's, as the plugin names venues)", async () => {
    const d = await editor().post('/venues', { venue: 'Future Hall', status: 'draft' });
    expect(d.body).toMatchObject({
      status: 'draft',
      slug: 'future-hall',
      date_utc: ZERO,
      modified_utc: ZERO,
      url: `http://loom.test/?post_type=tribe_venue&p=${d.body.id}`,
    });
    const published = await editor().patch(`/venues/${d.body.id}`, { status: 'publish' });
    expect(published.body).toMatchObject({
      status: 'publish',
      slug: 'future-hall',
      url: 'http://loom.test/venue/future-hall/',
    });
    expect(published.body.date_utc).not.toBe(ZERO);
    expect(published.body.date_utc).toBe(published.body.date);
  });

  test('pending and scheduled organizers: no GMT date while pending; plain links until published', async () => {
    const p = await eventsClient(world, 'contributor').post('/organizers', {
      organizer: 'Pending Org',
      status: 'publish',
    });
    expect(p.body).toMatchObject({
      status: 'pending',
      slug: 'pending-org',
      date_utc: ZERO,
      url: `http://loom.test/?post_type=tribe_organizer&p=${p.body.id}`,
    });
    const later = new Date(Date.now() + 86400000).toISOString().slice(0, 19).replace('T', ' ');
    const s = await editor().post('/organizers', { organizer: 'Scheduled Org', date_utc: later });
    expect(s.body).toMatchObject({
      status: 'future',
      slug: 'scheduled-org',
      date_utc: later,
      url: `http://loom.test/?post_type=tribe_organizer&p=${s.body.id}`,
    });
  });

  test("a draft event has no slug until published (then its title's at that time); one given a slug keeps it", async () => {
    const d = await editor().post('/events', {
      title: 'Quiet draft',
      status: 'draft',
      start_date: '2032-05-01',
      end_date: '2032-05-01',
    });
    expect(d.body).toMatchObject({ slug: '', date_utc: ZERO });
    expect((await editor().patch(`/events/${d.body.id}`, { title: 'Loud launch' })).body).toMatchObject({
      slug: '',
      date_utc: ZERO,
    });
    const pub = await editor().patch(`/events/${d.body.id}`, { status: 'publish' });
    expect(pub.body).toMatchObject({
      status: 'publish',
      slug: 'loud-launch',
      url: 'http://loom.test/event/loud-launch/',
    });
    const named = await editor().post('/events', {
      title: 'Named draft',
      status: 'draft',
      slug: 'my-own',
      start_date: '2032-05-01',
      end_date: '2032-05-01',
    });
    expect(named.body.slug).toBe('my-own');
  });

  test('trashing renames the slug with __trashed, so a new venue of the same name gets the clean slug', async () => {
    const v = await editor().post('/venues', { venue: 'Recycled Hall' });
    const t = await editor().delete(`/venues/${v.body.id}`);
    expect(t.body).toMatchObject({
      status: 'trash',
      slug: 'recycled-hall__trashed',
      url: `http://loom.test/?post_type=tribe_venue&p=${v.body.id}`,
    });
    expect((await editor().post('/venues', { venue: 'Recycled Hall' })).body.slug).toBe('recycled-hall');
    const o = await editor().post('/organizers', { organizer: 'Recycled Org' });
    expect((await editor().delete(`/organizers/${o.body.id}`)).body.slug).toBe('recycled-org__trashed');
    expect((await editor().post('/organizers', { organizer: 'Recycled Org' })).body.slug).toBe('recycled-org');
  });

  test('a trashed event leaving the trash gets its slug back (made unique if taken meanwhile)', async () => {
    const e = await editor().post('/events', { title: 'Comeback', start_date: '2032-06-01', end_date: '2032-06-01' });
    await editor().delete(`/events/${e.body.id}`);
    await editor().post('/events', { title: 'Comeback', start_date: '2032-06-02', end_date: '2032-06-02' });
    expect((await editor().patch(`/events/${e.body.id}`, { status: 'publish' })).body).toMatchObject({
      status: 'publish',
      slug: 'comeback-2',
    });
  });

  test('a slug held by an event trashed before trashing renamed slugs is let go', async () => {
    const e = await editor().post('/events', { title: 'Legacy', start_date: '2032-06-03', end_date: '2032-06-03' });
    await world.events.store
      .collection('posts')
      .updateOne({ id: e.body.id }, { $set: { status: 'trash', trashed_from: 'publish' } });
    expect(
      (await editor().post('/events', { title: 'Legacy', start_date: '2032-06-04', end_date: '2032-06-04' })).body.slug,
    ).toBe('legacy');
    expect((await editor().get(`/events/${e.body.id}`)).body.slug).toBe('legacy__trashed');
  });
});

describe('site settings in answers', () => {
  let world: EventsWorld;
  beforeAll(async () => {
    world = await startEventsWorld({
      LOOM_HOME_URL: 'https://www.example.org:8443/site',
      LOOM_GMT_OFFSET: '5.5',
      LOOM_EVENTS_CURRENCY_SYMBOL: '€',
      LOOM_EVENTS_CURRENCY_POSITION: 'postfix',
      LOOM_EVENTS_CURRENCY_CODE: 'EUR',
    });
  });
  afterAll(() => world.close());

  test("the site's currency symbol, position and code; an event's own symbol wins", async () => {
    const editor = eventsClient(world, 'editor');
    const e = await editor.post('/events', {
      title: 'Euro night',
      start_date: '2032-07-01 20:00',
      end_date: '2032-07-01 22:00',
      cost: '10 - 25',
    });
    expect(e.body).toMatchObject({
      cost: '10€ – 25€',
      cost_details: { currency_symbol: '', currency_position: '', values: ['10', '25'] },
    });
    expect((await eventsClient(world, 'anonymous').get(`/events/${e.body.id}`)).body.json_ld.offers).toMatchObject({
      price: '10 – 25',
      priceCurrency: 'EUR',
    });
    const pounds = await editor.post('/events', {
      title: 'Pound night',
      start_date: '2032-07-02 20:00',
      end_date: '2032-07-02 22:00',
      cost: '£5',
    });
    expect(pounds.body).toMatchObject({
      cost: '£5',
      cost_details: { currency_symbol: '£', currency_position: 'prefix', values: ['5'] },
    });
    const free = await editor.post('/events', {
      title: 'Free night',
      start_date: '2032-07-03 20:00',
      end_date: '2032-07-03 22:00',
      cost: '0',
    });
    expect(free.body).toMatchObject({ cost: 'Free', cost_details: { values: ['0'] } });
    expect((await eventsClient(world, 'anonymous').get(`/events/${free.body.id}`)).body.json_ld.offers.price).toBe('0');
  });

  test("a manual UTC offset site: events without a zone read UTC+5.5; global_id is the home URL's host and path", async () => {
    const e = await eventsClient(world, 'editor').post('/events', {
      title: 'Offset night',
      start_date: '2032-07-04 20:00',
      end_date: '2032-07-04 22:00',
    });
    expect(e.body).toMatchObject({
      timezone: 'UTC+5.5',
      timezone_abbr: 'UTC+5.5',
      utc_start_date: '2032-07-04 14:30:00',
      global_id: `www.example.org/site?id=${e.body.id}`,
    });
    expect(e.body.url).toBe('https://www.example.org:8443/site/event/offset-night/');
    const single = await eventsClient(world, 'anonymous').get(`/events/${e.body.id}`);
    expect(single.body.json_ld).toMatchObject({
      startDate: '2032-07-04T20:00:00+05:30',
      endDate: '2032-07-04T22:00:00+05:30',
    });
    // A zone written as a manual offset is kept as written, and is its own abbreviation.
    const written = await eventsClient(world, 'editor').post('/events', {
      title: 'Written offset',
      start_date: '2032-07-05 20:00',
      end_date: '2032-07-05 22:00',
      timezone: 'UTC-3.5',
    });
    expect(written.body).toMatchObject({
      timezone: 'UTC-3.5',
      timezone_abbr: 'UTC-3.5',
      utc_start_date: '2032-07-05 23:30:00',
    });
  });
});
