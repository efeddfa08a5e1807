/**
 * events/v1 posts (events, venues, organizers) follow WordPress's post rules where the plugin leaves them to
 * wp_insert_post, wp_update_post and wp_trash_post (WordPress 6.4, wp-includes/post.php), as core/v2's posts do:
 * the rules both services take from @loom/post-engine, through HTTP.
 */
import { eventsClient, startEventsWorld, type EventsWorld } from '@loom/testing';

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(() => world.close());

const editor = () => eventsClient(world, 'editor');
const DAY = { start_date: '2033-03-01 10:00', end_date: '2033-03-01 11:00' };

describe('trashing (wp_add_trashed_suffix_to_post_name_for_post)', () => {
  it('cuts a long slug to 191 characters before __trashed, dropping the dash left at the cut (_truncate_post_slug)', async () => {
    // 190 a's, a space, then 4 b's: the slug's 191st character is the dash.
    const title = `${'a'.repeat(190)} bbbb`;
    expect(title).toHaveLength(195);
    const e = await editor().post('/events', { title, ...DAY });
    expect(e.body.slug).toBe(`${'a'.repeat(190)}-bbbb`);
    const t = await editor().delete(`/events/${e.body.id}`);
    expect(t.body).toMatchObject({ status: 'trash', slug: `${'a'.repeat(190)}__trashed` });
    // Its slug is free again, and comes back when it leaves the trash (made unique).
    expect((await editor().post('/events', { title, ...DAY })).body.slug).toBe(`${'a'.repeat(190)}-bbbb`);
    expect((await editor().patch(`/events/${e.body.id}`, { status: 'publish' })).body.slug).toBe(
      `${'a'.repeat(190)}-bbbb-2`,
    );
  });

  it('never cuts inside a percent-encoded character; venues and organizers alike', async () => {
    // 189 a's then ж (%d0%b6): cut at 191 bytes, the half character goes.
    const v = await editor().post('/venues', { venue: `${'a'.repeat(189)}ж` });
    expect(v.body.slug).toBe(`${'a'.repeat(189)}%d0%b6`);
    expect((await editor().delete(`/venues/${v.body.id}`)).body.slug).toBe(`${'a'.repeat(189)}__trashed`);
    const o = await editor().post('/organizers', { organizer: `${'o'.repeat(190)}-x` });
    expect((await editor().delete(`/organizers/${o.body.id}`)).body.slug).toBe(`${'o'.repeat(190)}__trashed`);
  });
});

describe('scheduling (wp_insert_post: MINUTE_IN_SECONDS)', () => {
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString().slice(0, 19).replace('T', ' ');

  it('a publication date less than a minute ahead publishes; a minute or more schedules', async () => {
    const date = inSeconds(30);
    const soon = await editor().post('/events', { title: 'Half a minute', ...DAY, date_utc: date });
    // Published, with the date it was given (still to come).
    expect(soon.body).toMatchObject({ status: 'publish', date_utc: date });
    const later = await editor().post('/events', { title: 'Two minutes', ...DAY, date_utc: inSeconds(120) });
    expect(later.body.status).toBe('future');
    // Venues and organizers alike.
    expect((await editor().post('/venues', { venue: 'Soon Hall', date_utc: inSeconds(30) })).body.status).toBe(
      'publish',
    );
    expect((await editor().post('/organizers', { organizer: 'Later Org', date_utc: inSeconds(120) })).body.status).toBe(
      'future',
    );
  });

  it('`future` asked for with a date less than a minute ahead is published; an update does the same', async () => {
    expect(
      (await editor().post('/events', { title: 'Asked future', ...DAY, status: 'future', date_utc: inSeconds(30) }))
        .body.status,
    ).toBe('publish');
    const e = await editor().post('/events', { title: 'Moved near', ...DAY, date_utc: inSeconds(3600) });
    expect(e.body.status).toBe('future');
    expect((await editor().patch(`/events/${e.body.id}`, { date_utc: inSeconds(30) })).body.status).toBe('publish');
    expect((await editor().patch(`/events/${e.body.id}`, { date_utc: inSeconds(90) })).body.status).toBe('future');
  });
});

describe('unique slugs (wp_unique_post_slug)', () => {
  it('never uses a feed name or `embed` as it is', async () => {
    expect((await editor().post('/events', { title: 'Feed', ...DAY })).body.slug).toBe('feed-2');
    expect((await editor().post('/events', { title: 'Our feed', slug: 'rss2', ...DAY })).body.slug).toBe('rss2-2');
    expect((await editor().post('/venues', { venue: 'Embed' })).body.slug).toBe('embed-2');
    expect((await editor().post('/organizers', { organizer: 'Atom' })).body.slug).toBe('atom-2');
    // A second one moves on past the first.
    expect((await editor().post('/venues', { venue: 'Embed' })).body.slug).toBe('embed-3');
    // Renaming to one too.
    const e = await editor().post('/events', { title: 'Plain', ...DAY });
    expect((await editor().patch(`/events/${e.body.id}`, { slug: 'rdf' })).body.slug).toBe('rdf-2');
  });

  it('shortens a long slug so that it and its suffix fit 200 characters', async () => {
    const slug = `${'s'.repeat(197)}-xy`;
    expect((await editor().post('/events', { title: 'Long one', slug, ...DAY })).body.slug).toBe(slug);
    // 198 characters, no dash left at the cut, then -2.
    expect((await editor().post('/events', { title: 'Long two', slug, ...DAY })).body.slug).toBe(
      `${'s'.repeat(197)}-2`,
    );
    expect((await editor().post('/events', { title: 'Long three', slug, ...DAY })).body.slug).toBe(
      `${'s'.repeat(197)}-3`,
    );
    const v = 'v'.repeat(200);
    expect((await editor().post('/venues', { venue: 'Long hall', slug: v })).body.slug).toBe(v);
    expect((await editor().post('/venues', { venue: 'Long hall 2', slug: v })).body.slug).toBe(`${'v'.repeat(198)}-2`);
  });
});

describe('slug length (sanitize_title: utf8_uri_encode( $title, 200 ))', () => {
  it('a title or slug longer than 200 characters gives a 200-character slug, by which the post is found', async () => {
    const e = await editor().post('/events', { title: 't'.repeat(250), ...DAY });
    expect(e.body.slug).toBe('t'.repeat(200));
    expect((await editor().get(`/events/by-slug/${'t'.repeat(250)}`)).body.id).toBe(e.body.id);
    // The next one of that title: 198 characters and -2.
    expect((await editor().post('/events', { title: 't'.repeat(250), ...DAY })).body.slug).toBe(`${'t'.repeat(198)}-2`);
    const o = await editor().post('/organizers', { organizer: 'Long org', slug: `${'o'.repeat(199)}-long-tail` });
    expect(o.body.slug).toBe('o'.repeat(199));
    const v = await editor().post('/venues', { venue: `${'w'.repeat(180)} ${'ж'.repeat(4)}` });
    // 181 characters, then whole %d0%b6 (6 characters each): three fit in 200, not the fourth's half.
    expect(v.body.slug).toBe(`${'w'.repeat(180)}-${'%d0%b6'.repeat(3)}`);
  });
});

describe('leaving the trash (wp_insert_post, wp_add_trashed_suffix_to_post_name_for_post)', () => {
  const stored = async (id: number) => (await world.events.store.collection('posts').findOne({ id }))!;

  it('gives back the remembered slug, whatever slug the update sends', async () => {
    const e = await editor().post('/events', { title: 'Returning act', ...DAY });
    await editor().delete(`/events/${e.body.id}`);
    const back = await editor().patch(`/events/${e.body.id}`, { status: 'publish', slug: 'a-new-name' });
    expect(back.body).toMatchObject({ status: 'publish', slug: 'returning-act' });
    // Sent again once out of the trash, the slug is taken.
    expect((await editor().patch(`/events/${e.body.id}`, { slug: 'a-new-name' })).body.slug).toBe('a-new-name');
  });

  it('an event trashed without a slug keeps `__trashed` when it leaves the trash (none was remembered)', async () => {
    const d = await editor().post('/events', { title: 'Nameless draft', status: 'draft', ...DAY });
    expect(d.body.slug).toBe('');
    expect((await editor().delete(`/events/${d.body.id}`)).body.slug).toBe('__trashed');
    const back = await editor().patch(`/events/${d.body.id}`, { status: 'draft' });
    expect(back.body.slug).toBe('__trashed');
  });

  it('remembers when the post was trashed and its status, and forgets both on leaving', async () => {
    const v = await editor().post('/venues', { venue: 'Bookkept hall' });
    const before = Date.now();
    await editor().delete(`/venues/${v.body.id}`);
    const trashed = await stored(v.body.id);
    expect(trashed).toMatchObject({
      status: 'trash',
      trashed_from: 'publish',
      desired_slug: 'bookkept-hall',
      slug: 'bookkept-hall__trashed',
    });
    const at = Date.parse(`${String(trashed.trashed_at).replace(' ', 'T')}Z`);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    await editor().patch(`/venues/${v.body.id}`, { status: 'publish' });
    const back = await stored(v.body.id);
    expect(back).toMatchObject({ status: 'publish', slug: 'bookkept-hall' });
    for (const field of ['trashed_from', 'trashed_at', 'desired_slug']) expect(back).not.toHaveProperty(field);
  });
});

describe('a trashed post holding a slug lets go of it (wp_add_trashed_suffix_to_post_name_for_trashed_posts)', () => {
  it('a trashed event given a slug while in the trash lets go of it for a new event, and gets it back on leaving', async () => {
    const e = await editor().post('/events', { title: 'Held name', ...DAY });
    await editor().delete(`/events/${e.body.id}`);
    expect((await editor().patch(`/events/${e.body.id}`, { slug: 'kept-in-trash' })).body).toMatchObject({
      status: 'trash',
      slug: 'kept-in-trash',
    });
    expect((await editor().post('/events', { title: 'Other', slug: 'kept-in-trash', ...DAY })).body.slug).toBe(
      'kept-in-trash',
    );
    expect((await editor().get(`/events/${e.body.id}`)).body.slug).toBe('kept-in-trash__trashed');
  });

  it('only trashed events let go (post_type any: venues and organizers are excluded from search), whichever type is written', async () => {
    // A venue written with a trashed event's slug takes it from the event.
    const e = await editor().post('/events', { title: 'Crossed name', ...DAY });
    await editor().delete(`/events/${e.body.id}`);
    await editor().patch(`/events/${e.body.id}`, { slug: 'crossed-name' });
    expect((await editor().post('/venues', { venue: 'Crossed name' })).body.slug).toBe('crossed-name');
    expect((await editor().get(`/events/${e.body.id}`)).body.slug).toBe('crossed-name__trashed');

    // A trashed venue holding a slug keeps it: a new venue of that slug gets -2.
    const v = await editor().post('/venues', { venue: 'Kept hall' });
    await editor().delete(`/venues/${v.body.id}`);
    expect((await editor().patch(`/venues/${v.body.id}`, { slug: 'kept-hall' })).body).toMatchObject({
      status: 'trash',
      slug: 'kept-hall',
    });
    expect((await editor().post('/venues', { venue: 'Kept hall' })).body.slug).toBe('kept-hall-2');
    expect((await editor().get(`/venues/${v.body.id}`)).body.slug).toBe('kept-hall');
  });
});
