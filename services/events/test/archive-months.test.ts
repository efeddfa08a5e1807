/**
 * The archive's months (events/repository.ts): on the embedded store a date window also asks for the months its
 * events are stored under, so that the store narrows its candidates by an index. The events listed must be exactly
 * those the window lists without it, for windows of every kind (inclusive, strict, relative filters, reversed,
 * longer than the months kept) over events of every length, and after writes move an event's dates.
 */
import type { Store } from '@loom/store';
import { eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';
import { ensureEventMonths } from '../src/events';
import { eventMonths, EventRepository, type EventQuery } from '../src/events/repository';

let world: EventsWorld;
const ids: number[] = [];

/** The same store, reporting another kind: the repository's query without the months. */
const withoutMonths = (store: Store): Store =>
  new Proxy(store, { get: (target, key) => (key === 'kind' ? 'mongodb' : Reflect.get(target, key, target)) });

beforeAll(async () => {
  world = await startEventsWorld({ LOOM_TIMEZONE: 'America/New_York' });
  const e = eventsClient(world, 'editor');
  const make = async (start: string, end: string, extra: Record<string, unknown> = {}) => {
    const r = await e.post('/events', { title: `${start} to ${end}`, start_date: start, end_date: end, ...extra });
    if (r.status !== 201) throw new Error(`${start}: ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(r.body.id);
  };
  // Short events at month edges (in New York, so the UTC month may be the next one), multi-month ones, a year-long
  // one, one longer than the months kept, all-day ones, a draft, and one whose UTC end is before its UTC start.
  for (const [start, end] of [
    ['2030-01-31 22:00', '2030-01-31 23:30'],
    ['2030-02-01 00:00', '2030-02-01 01:00'],
    ['2030-02-28 20:00', '2030-03-01 02:00'],
    ['2030-03-15 10:00', '2030-05-20 10:00'],
    ['2030-06-30 23:59', '2030-07-01 00:01'],
    ['2030-01-01 00:00', '2031-01-01 00:00'],
    ['2029-06-01 00:00', '2032-06-01 00:00'],
    ['2030-12-31 19:00', '2031-01-01 05:00'],
    ['2031-04-10 09:00', '2031-04-10 17:00'],
  ])
    await make(start, end);
  await make('2030-08-01', '2030-08-03', { all_day: true });
  await make('2030-09-09 12:00', '2030-09-09 13:00', { status: 'draft' });
  // An end before the start: moved to the start, its UTC end (31 October) kept before its UTC start (1 November).
  await make('2030-11-01 01:00', '2030-10-31 18:00');
});

afterAll(async () => {
  await world?.close();
});

describe('the archive by months', () => {
  it('stores each event under the UTC months it spans, or under * past 24 of them', () => {
    expect(eventMonths('2030-01-31 23:00:00', '2030-03-01 00:00:00')).toEqual(['2030-01', '2030-02', '2030-03']);
    expect(eventMonths('2030-12-31 23:00:00', '2031-01-01 01:00:00')).toEqual(['2030-12', '2031-01']);
    expect(eventMonths('2030-05-05 10:00:00', '2030-05-05 11:00:00')).toEqual(['2030-05']);
    expect(eventMonths('2029-06-01 00:00:00', '2032-06-01 00:00:00')).toEqual(['*']);
    // Stored without dates (or with one): a candidate of every window, which its own dates then decide.
    expect(eventMonths(undefined, '2030-01-01 00:00:00')).toEqual(['*']);
    expect(eventMonths('2030-01-01', 'garbage')).toEqual(['*']);
  });

  it('lists exactly what the window lists without the months, for every kind of window', async () => {
    const store = world.events.store;
    const days = ['2029-05-31', '2030-01-01', '2030-01-31', '2030-02-01', '2030-03-01', '2030-03-31', '2030-05-21'];
    days.push('2030-06-30', '2030-07-01', '2030-08-02', '2030-10-31', '2030-11-01', '2030-12-31', '2031-01-01');
    days.push('2031-04-10', '2032-07-01');
    const at = (day: string, time: string) => `${day} ${time}`;
    const queries: EventQuery[] = [];
    const base = { statuses: ['publish'], ownStatuses: ['draft'], ownerId: 1, perPage: 50, offset: 0 };
    for (const a of days)
      for (const b of days) {
        queries.push({ ...base, startsFrom: at(a, '00:00:00'), endsUntil: at(b, '23:59:59') });
        queries.push({ ...base, startsFrom: at(a, '05:00:00'), endsUntil: at(b, '04:59:59') });
        queries.push({ ...base, startsAfter: at(a, '12:00:00'), endsBefore: at(b, '12:00:00') });
        queries.push({ ...base, endsAfter: at(a, '00:00:00'), startsBefore: at(b, '00:00:00'), statuses: [] });
      }
    queries.push({ ...base, startsFrom: '2030-01-01 00:00:00' });
    queries.push({ ...base, endsUntil: '2030-06-01 00:00:00' });
    const plain = new EventRepository(withoutMonths(store));
    const byMonths = new EventRepository(store);
    let listed = 0;
    for (const q of queries) {
      const expected = await plain.query(q);
      expect(await byMonths.query(q)).toEqual(expected);
      listed += expected.total;
    }
    expect(listed).toBeGreaterThan(100);
  });

  it('moves an event to its new months when its dates change, and gives events stored without months theirs', async () => {
    const e = eventsClient(world, 'editor');
    const list = async () =>
      (await e.get('/events?start_date=2033-02-01&end_date=2033-02-28')).body.events?.map((x: { id: number }) => x.id);
    expect(await list()).toEqual([]);
    const moved = await e.post(`/events/${ids[0]}`, { start_date: '2033-02-10 10:00', end_date: '2033-02-10 11:00' });
    expect(moved.status).toBe(200);
    expect(await list()).toEqual([ids[0]]);
    // An event stored before events had months: listed once the service has given it them (at start).
    const posts = world.events.store.collection('posts');
    await posts.updateOne(
      { id: ids[1] },
      { $set: { utc_start_date: '2033-02-11 15:00:00', utc_end_date: '2033-02-11 16:00:00' } },
    );
    await posts.updateOne({ id: ids[1] }, { $unset: { months: true } });
    await ensureEventMonths(world.events.store);
    expect(await list()).toEqual([ids[0], ids[1]]);
  });
});
