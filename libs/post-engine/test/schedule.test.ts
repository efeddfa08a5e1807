/**
 * Publishing scheduled posts once due (check_and_publish_future_post), over the embedded store: what is due and
 * what is not, the services' hooks, a post another writer moved meanwhile, at most 100 a call; and the
 * once-a-second check in front of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore, type Collection, type Store } from '@loom/store';
import {
  createDueCheck,
  DUE_CHECK_INTERVAL,
  formatUtc,
  publishDue,
  SCHEDULE_AHEAD_MS,
  statusForDate,
  type DuePost,
} from '../src';

interface Post extends DuePost {
  date_gmt: string;
  type?: string;
  categories?: number[];
}

describe('createDueCheck', () => {
  it('is due at its first look, then once the interval has passed since the last look', () => {
    const due = createDueCheck();
    expect(DUE_CHECK_INTERVAL).toBe(1000);
    expect(due(5000)).toBe(true);
    expect(due(5001)).toBe(false);
    expect(due(5999)).toBe(false);
    expect(due(6000)).toBe(true);
    expect(due(6500)).toBe(false);
  });

  it('looks when forced, and counts the forced look as the last one', () => {
    const due = createDueCheck();
    expect(due(10_000)).toBe(true);
    expect(due(10_400, true)).toBe(true);
    expect(due(11_000)).toBe(false);
    expect(due(11_400)).toBe(true);
  });

  it('keeps each check apart', () => {
    const a = createDueCheck();
    const b = createDueCheck();
    expect(a(1000)).toBe(true);
    expect(b(1001)).toBe(true);
    expect(a(1002)).toBe(false);
  });
});

describe('publishDue', () => {
  let dir: string;
  let store: Store;
  let posts: Collection<Post>;
  let next = 0;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loom-post-engine-'));
    store = await openEmbeddedStore(dir);
    posts = store.collection<Post>(`posts_${++next}`);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const statuses = async () =>
    Object.fromEntries((await posts.find({}, { sort: { id: 1 } })).map((p) => [p.id, p.status]));

  it('publishes the scheduled posts whose date has come, and only those', async () => {
    await posts.insert({ id: 1, status: 'future', date_gmt: '2024-07-01T11:59:59' });
    await posts.insert({ id: 2, status: 'future', date_gmt: '2024-07-01T12:00:00' });
    await posts.insert({ id: 3, status: 'future', date_gmt: '2024-07-01T12:00:01' });
    await posts.insert({ id: 4, status: 'draft', date_gmt: '2024-07-01T11:00:00' });
    await posts.insert({ id: 5, status: 'publish', date_gmt: '2024-07-01T11:00:00' });
    await publishDue(posts, '2024-07-01T12:00:00');
    expect(await statuses()).toEqual({ 1: 'publish', 2: 'publish', 3: 'future', 4: 'draft', 5: 'publish' });
  });

  it("compares stamps in the collection's own form (the events plugin's, with a space)", async () => {
    await posts.insert({ id: 1, status: 'future', date_gmt: '2024-07-01 12:00:00' });
    await posts.insert({ id: 2, status: 'future', date_gmt: '2024-07-01 12:00:01' });
    await publishDue(posts, '2024-07-01 12:00:00');
    expect(await statuses()).toEqual({ 1: 'publish', 2: 'future' });
  });

  it('sets what `changes` adds, and tells `published` each post before and after', async () => {
    await posts.insert({ id: 1, status: 'future', date_gmt: '2024-01-01T00:00:00', type: 'post', categories: [] });
    await posts.insert({ id: 2, status: 'future', date_gmt: '2024-01-01T00:00:00', type: 'page' });
    const seen: Array<[Post, Post]> = [];
    await publishDue(posts, '2024-07-01T00:00:00', {
      changes: async (post) => (post.type === 'post' ? { categories: [1] } : {}),
      published: async (before, after) => {
        seen.push([before, after]);
      },
    });
    expect(await posts.findOne({ id: 1 })).toMatchObject({ status: 'publish', categories: [1] });
    expect(await posts.findOne({ id: 2 })).not.toHaveProperty('categories');
    // The query has no order: each post once, whichever first.
    seen.sort(([a], [b]) => a.id - b.id);
    expect(seen.map(([before, after]) => [before.id, before.status, after.status])).toEqual([
      [1, 'future', 'publish'],
      [2, 'future', 'publish'],
    ]);
    expect(seen[0]![0].categories).toEqual([]);
    expect(seen[0]![1].categories).toEqual([1]);
  });

  it('leaves a post another writer moved out of `future` meanwhile, and says nothing of it', async () => {
    await posts.insert({ id: 1, status: 'future', date_gmt: '2024-01-01T00:00:00' });
    await posts.insert({ id: 2, status: 'future', date_gmt: '2024-01-01T00:00:00' });
    const published: number[] = [];
    await publishDue(posts, '2024-07-01T00:00:00', {
      // Between the query and the update, a writer makes post 1 a draft again.
      changes: async (post) => {
        if (post.id === 1) await posts.updateOne({ id: 1 }, { $set: { status: 'draft' } });
        return {};
      },
      published: async (_before, after) => {
        published.push(after.id);
      },
    });
    expect(await statuses()).toEqual({ 1: 'draft', 2: 'publish' });
    expect(published).toEqual([2]);
  });

  it('publishes at most 100 posts a call; the next call goes on', async () => {
    for (let id = 1; id <= 101; id++) await posts.insert({ id, status: 'future', date_gmt: '2024-01-01T00:00:00' });
    await publishDue(posts, '2024-07-01T00:00:00');
    expect(await posts.count({ status: 'future' })).toBe(1);
    await publishDue(posts, '2024-07-01T00:00:00');
    expect(await posts.count({ status: 'future' })).toBe(0);
  });
});

describe('statusForDate (wp_insert_post: MINUTE_IN_SECONDS)', () => {
  const now = Date.UTC(2024, 6, 1, 12, 0, 0, 700);
  const at = (seconds: number, sep: 'T' | ' ' = ' ') => formatUtc(Date.UTC(2024, 6, 1, 12, 0, 0) + seconds * 1000, sep);

  it('schedules `publish` only when its date is a minute or more ahead, in either stamp form', () => {
    expect(SCHEDULE_AHEAD_MS).toBe(60000);
    expect(statusForDate('publish', at(60), now)).toBe('future');
    expect(statusForDate('publish', at(60, 'T'), now)).toBe('future');
    expect(statusForDate('publish', at(3600), now)).toBe('future');
    expect(statusForDate('publish', at(59), now)).toBe('publish');
    expect(statusForDate('publish', at(30), now)).toBe('publish');
    expect(statusForDate('publish', at(0), now)).toBe('publish');
    expect(statusForDate('publish', at(-3600), now)).toBe('publish');
  });

  it('publishes `future` whose date is less than a minute ahead', () => {
    expect(statusForDate('future', at(59), now)).toBe('publish');
    expect(statusForDate('future', at(-1), now)).toBe('publish');
    expect(statusForDate('future', at(60), now)).toBe('future');
  });

  it('counts now to the second, as strtotime( gmdate() ) does', () => {
    // 12:00:00.700 counts as 12:00:00, so 12:01:00 is a minute ahead.
    expect(statusForDate('publish', at(60), now + 299)).toBe('future');
    expect(statusForDate('publish', at(60), now + 300)).toBe('publish');
  });

  it('leaves other statuses, and posts without a GMT date, as they are', () => {
    for (const status of ['draft', 'pending', 'private', 'trash'])
      expect(statusForDate(status, at(3600), now)).toBe(status);
    expect(statusForDate('publish', null, now)).toBe('publish');
    expect(statusForDate('future', null, now)).toBe('future');
    // WordPress's zero date reads as long past.
    expect(statusForDate('future', '0000-00-00 00:00:00', now)).toBe('publish');
  });
});
