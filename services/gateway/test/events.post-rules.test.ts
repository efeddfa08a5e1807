/**
 * events/v1 posts (events, venues, organizers) follow WordPress's post rules where the plugin leaves them to
 * wp_insert_post, wp_update_post and wp_trash_post (WordPress 6.4, wp-includes/post.php), as core/v2's posts do:
 * the rules both services take from @loom/post-engine, through HTTP.
 */
import { client, startEventsWorld, type EventsWorld } from './events.harness';

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(() => world.close());

const editor = () => client(world, 'editor');
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
    expect((await editor().patch(`/events/${e.body.id}`, { status: 'publish' })).body.slug).toBe(`${'a'.repeat(190)}-bbbb-2`);
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
