/**
 * Post dates through the gateway in a site timezone (the kit's config, shared by the gateway's index and
 * core-content): `date` local without offset, `date_gmt` UTC, rest_get_date_with_gmt's rules, scheduling
 * (`future` when a publish date is ahead), floating draft dates, `modified`, and the date filters.
 */
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let paris: World;
let admin: Client;
let anon: Client;

beforeAll(async () => {
  paris = await startWorld({ LOOM_TIMEZONE: 'Europe/Paris', LOOM_GMT_OFFSET: '1' });
  admin = as(paris, 'administrator');
  anon = as(paris, 'anonymous');
});
afterAll(() => paris.close());

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const hoursBetween = (local: string, gmt: string) => (Date.parse(`${local}Z`) - Date.parse(`${gmt}Z`)) / 3600000;

describe('the site clock', () => {
  test('the index shows the same timezone core-content dates posts with', async () => {
    const r = await anon.get('/');
    expect(r.body).toMatchObject({ timezone_string: 'Europe/Paris', gmt_offset: '1' });
  });

  test('date is local (summer and winter offsets), date_gmt UTC, both without offset', async () => {
    const summer = await make(admin, 'posts', { title: 's', status: 'publish', date: '2023-07-01T12:00:00' });
    expect([summer.date, summer.date_gmt]).toEqual(['2023-07-01T12:00:00', '2023-07-01T10:00:00']);
    const winter = await make(admin, 'posts', { title: 'w', status: 'publish', date: '2023-01-15T12:00:00' });
    expect([winter.date, winter.date_gmt]).toEqual(['2023-01-15T12:00:00', '2023-01-15T11:00:00']);
    // A new post's modified date is its date (wp_insert_post).
    expect([winter.modified, winter.modified_gmt]).toEqual(['2023-01-15T12:00:00', '2023-01-15T11:00:00']);
  });

  test('date_gmt alone, dates with offsets, and date winning over date_gmt', async () => {
    const gmt = await make(admin, 'posts', { title: 'g', status: 'publish', date_gmt: '2023-07-01T10:00:00' });
    expect([gmt.date, gmt.date_gmt]).toEqual(['2023-07-01T12:00:00', '2023-07-01T10:00:00']);
    const zulu = await make(admin, 'posts', { title: 'z', status: 'publish', date: '2023-07-01T12:00:00Z' });
    expect([zulu.date, zulu.date_gmt]).toEqual(['2023-07-01T14:00:00', '2023-07-01T12:00:00']);
    const offset = await make(admin, 'posts', { title: 'o', status: 'publish', date: '2023-07-01T12:00:00+05:00' });
    expect([offset.date, offset.date_gmt]).toEqual(['2023-07-01T09:00:00', '2023-07-01T07:00:00']);
    const both = await make(admin, 'posts', {
      title: 'b',
      status: 'publish',
      date: '2023-03-01T08:00:00',
      date_gmt: '2020-01-01T00:00:00',
    });
    expect(both.date).toBe('2023-03-01T08:00:00');
  });

  test('an invalid date is refused (rest_invalid_date inside rest_invalid_param)', async () => {
    const r = await admin.post('/core/v2/posts', { title: 'x', date: 'yesterday' });
    expect(r.status).toBe(400);
    expect(r.body.data.details.date).toMatchObject({ code: 'rest_invalid_date' });
  });
});

describe('scheduling', () => {
  test('publish with a date ahead becomes future, hidden from anonymous readers; future with a past date publishes', async () => {
    const f = await make(admin, 'posts', { title: 'Later', status: 'publish', date: '2099-05-01T09:00:00' });
    expect(f).toMatchObject({
      status: 'future',
      slug: 'later',
      link: `http://loom.test/?p=${f.id}`,
      permalink_template: 'http://loom.test/%postname%/',
    });
    expect(err(await anon.get(`/core/v2/posts/${f.id}`))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect((await anon.get('/core/v2/posts?per_page=100')).body.map((p: { id: number }) => p.id)).not.toContain(f.id);
    const back = await admin.post(`/core/v2/posts/${f.id}`, { date: '2020-05-01T09:00:00' });
    expect(back.body).toMatchObject({
      status: 'publish',
      date: '2020-05-01T09:00:00',
      link: 'http://loom.test/later/',
    });
    expect((await make(admin, 'posts', { title: 'x', status: 'future', date: '2001-01-01T00:00:00' })).status).toBe(
      'publish',
    );
    expect((await make(admin, 'posts', { title: 'x', status: 'future', date: '2099-01-01T00:00:00' })).status).toBe(
      'future',
    );
  });
});

describe('drafts and modified', () => {
  test('an undated draft floats: date_gmt is derived from its local date; publishing fixes both', async () => {
    const d = await make(admin, 'posts', { title: 'floating' });
    expect(d.date).toMatch(STAMP);
    expect(hoursBetween(d.date as string, d.date_gmt as string)).toBeGreaterThanOrEqual(1);
    const pub = await admin.post(`/core/v2/posts/${d.id}`, { status: 'publish' });
    expect(pub.body.status).toBe('publish');
    expect(hoursBetween(pub.body.date, pub.body.date_gmt)).toBeGreaterThanOrEqual(1);
  });

  test('a dated draft keeps its date; date: null makes it float again (now)', async () => {
    const d = await make(admin, 'posts', { title: 'dated draft', date: '2022-02-02T02:02:02' });
    expect(d.date).toBe('2022-02-02T02:02:02');
    expect((await admin.post(`/core/v2/posts/${d.id}`, { title: 'still dated' })).body.date).toBe(
      '2022-02-02T02:02:02',
    );
    const reset = await admin.post(`/core/v2/posts/${d.id}`, { date: null });
    expect(reset.body.date).not.toBe('2022-02-02T02:02:02');
    expect(reset.body.date > '2025-01-01T00:00:00').toBe(true);
  });

  test('modified moves to now on every update', async () => {
    const p = await make(admin, 'posts', { title: 'old', status: 'publish', date: '2010-01-01T00:00:00' });
    expect(p.modified).toBe('2010-01-01T00:00:00');
    const u = await admin.post(`/core/v2/posts/${p.id}`, { title: 'touched' });
    expect(u.body.modified > '2025-01-01T00:00:00').toBe(true);
    expect(hoursBetween(u.body.modified, u.body.modified_gmt)).toBeGreaterThanOrEqual(1);
    expect(u.body.date).toBe('2010-01-01T00:00:00');
  });
});

describe('date filters compare in the site timezone', () => {
  test('after/before (post date) and modified_after/modified_before', async () => {
    const p = await make(admin, 'posts', { title: 'Noon in Paris', status: 'publish', date: '2019-07-01T12:00:00' });
    const ids = async (q: string) =>
      (await anon.get(`/core/v2/posts?per_page=100&${q}`)).body.map((x: { id: number }) => x.id) as number[];
    expect(await ids('after=2019-07-01T11:30:00')).toContain(p.id);
    // 10:30 UTC is 12:30 in Paris: after it, the post (12:00 local) no longer matches.
    expect(await ids('after=2019-07-01T10:30:00Z')).not.toContain(p.id);
    expect(await ids('before=2019-07-01T12:30:00&after=2019-07-01T11:00:00')).toEqual([p.id]);
    expect(await ids('before=2019-07-01T10:00:00Z')).not.toContain(p.id);
    expect(
      await ids('modified_before=2019-07-02T00:00:00&after=2019-06-30T00:00:00&before=2019-07-02T00:00:00'),
    ).toEqual([p.id]);
    await admin.post(`/core/v2/posts/${p.id}`, { title: 'Noon in Paris, edited' });
    expect(await ids('modified_after=2025-01-01T00:00:00&before=2019-07-02T00:00:00')).toContain(p.id);
    expect(err(await anon.get('/core/v2/posts?after=not-a-date'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });
});

describe('a fixed gmt_offset when no timezone is named', () => {
  let india: World;
  beforeAll(async () => {
    india = await startWorld({ LOOM_GMT_OFFSET: '5.5' });
  });
  afterAll(() => india.close());

  test('local dates are UTC+05:30', async () => {
    const p = await make(as(india, 'administrator'), 'posts', {
      title: 'x',
      status: 'publish',
      date: '2023-07-01T12:00:00',
    });
    expect([p.date, p.date_gmt]).toEqual(['2023-07-01T12:00:00', '2023-07-01T06:30:00']);
    expect((await as(india, 'anonymous').get('/')).body).toMatchObject({ gmt_offset: '5.5', timezone_string: '' });
  });
});
