/**
 * Fast checks of the post-like rules without HTTP: the site clock (timezones, DST, rest_get_date_with_gmt),
 * slugs (truncation, uniqueness scopes), search term parsing, scheduled posts becoming due, term counts, and
 * the revisions seam.
 */
import * as core from '../src/routes';
import { openStore, type Store } from '@loom/store';
import { testConfig } from '@loom/service-kit';
const { STATUSES } = core;
import {
  dateWithGmt,
  gmtFromLocal,
  localFromGmt,
  localOfQueryDate,
  siteClock,
  type SiteClock,
} from '../src/engine/dates';
import { onPostLifecycle, revisionSummaries } from '../src/engine/lifecycle';
import {
  ensurePostIndexes,
  PostRepository,
  publishDuePosts,
  searchTerms,
  type PostDoc,
} from '../src/engine/repository';
import { trashedSlug, truncateSlug, uniquePostSlug } from '../src/engine/slugs';
import { posts as engine } from '../src';

const postRules = engine.POST_TYPE_BEHAVIOURS().get('post')!;
const pageRules = engine.POST_TYPE_BEHAVIOURS().get('page')!;
import { ensureTermIndexes, seedDefaultTerms, TermRepository } from '@loom/terms';

const paris = siteClock({ timezoneString: 'Europe/Paris', gmtOffset: '0' });
const fixed = siteClock({ timezoneString: '', gmtOffset: '-4.5' });

describe('site clock', () => {
  test('local ↔ GMT in a named timezone, summer and winter', () => {
    expect(gmtFromLocal(paris, '2023-07-01T12:00:00')).toBe('2023-07-01T10:00:00');
    expect(gmtFromLocal(paris, '2023-12-01T12:00:00')).toBe('2023-12-01T11:00:00');
    expect(localFromGmt(paris, '2023-07-01T10:00:00')).toBe('2023-07-01T12:00:00');
  });

  test('DST: a time in the spring gap moves forward, an ambiguous autumn time is the first one', () => {
    // 2023-03-26: 02:00 → 03:00 in Paris; 02:30 does not exist, PHP reads it as 03:30 CEST.
    expect(gmtFromLocal(paris, '2023-03-26T02:30:00')).toBe('2023-03-26T01:30:00');
    // 2023-10-29: 03:00 → 02:00; 02:30 happens twice, the first (CEST) one counts.
    expect(gmtFromLocal(paris, '2023-10-29T02:30:00')).toBe('2023-10-29T00:30:00');
  });

  test('a fixed, fractional gmt_offset', () => {
    expect(gmtFromLocal(fixed, '2023-07-01T12:00:00')).toBe('2023-07-01T16:30:00');
    expect(localFromGmt(fixed, '2023-07-01T00:00:00')).toBe('2023-06-30T19:30:00');
  });

  test('rest_get_date_with_gmt: local unless an offset is given; date_gmt is UTC unless an offset is given', () => {
    expect(dateWithGmt(paris, '2023-07-01T12:00:00', false)).toEqual({
      local: '2023-07-01T12:00:00',
      gmt: '2023-07-01T10:00:00',
    });
    expect(dateWithGmt(paris, '2023-07-01T12:00:00Z', false)).toEqual({
      local: '2023-07-01T14:00:00',
      gmt: '2023-07-01T12:00:00',
    });
    expect(dateWithGmt(paris, '2023-07-01T12:00:00-03:00', false)).toEqual({
      local: '2023-07-01T17:00:00',
      gmt: '2023-07-01T15:00:00',
    });
    expect(dateWithGmt(paris, '2023-07-01T12:00:00', true)).toEqual({
      local: '2023-07-01T14:00:00',
      gmt: '2023-07-01T12:00:00',
    });
    expect(dateWithGmt(paris, '2023-07-01 12:00:00.123', false)?.local).toBe('2023-07-01T12:00:00');
    expect(dateWithGmt(paris, 'soon', false)).toBeNull();
  });

  test('date filters: an offset is converted to local time, none means local already', () => {
    expect(localOfQueryDate(paris, '2023-07-01T10:30:00Z')).toBe('2023-07-01T12:30:00');
    expect(localOfQueryDate(paris, '2023-07-01T10:30:00')).toBe('2023-07-01T10:30:00');
  });
});

describe('slugs', () => {
  test('_truncate_post_slug: never inside a percent-encoded character, no trailing dash', () => {
    expect(truncateSlug('a'.repeat(210))).toHaveLength(200);
    expect(truncateSlug(`${'a'.repeat(196)}-%c3%a9`, 200)).toBe('a'.repeat(196));
    expect(truncateSlug(`${'a'.repeat(194)}%c3%a9xyz`, 200)).toBe(`${'a'.repeat(194)}%c3%a9`);
    expect(truncateSlug('abc-', 200)).toBe('abc');
    expect(trashedSlug('hello')).toBe('hello__trashed');
    expect(trashedSlug('hello__trashed')).toBe('hello__trashed');
  });
});

test('search terms (WP_Query::parse_search_terms)', () => {
  expect(searchTerms('cotton linen')).toEqual(['cotton', 'linen']);
  expect(searchTerms('"exact phrase" cotton')).toEqual(['exact phrase', 'cotton']);
  expect(searchTerms('the cotton of a mill')).toEqual(['cotton', 'mill']);
  // Only stopwords or single letters: the whole string is one term; ten or more terms too.
  expect(searchTerms('the a')).toEqual(['the a']);
  expect(searchTerms('a b c d e f g h i j k')).toEqual(['a b c d e f g h i j k']);
  expect(searchTerms('cotton -linen')).toEqual(['cotton', '-linen']);
});

describe('repository', () => {
  let store: Store;
  let now = Date.UTC(2030, 0, 1, 12, 0, 0);
  const clock: SiteClock = { ...paris, now: () => now };
  const posts = () => new PostRepository(store, postRules, clock, 'http://loom.test');
  const ctx = { userId: 1, canPublish: true };

  beforeAll(async () => {
    store = await openStore({ service: 'core-content', dataDir: testConfig('core-content').dataDir });
    await ensureTermIndexes(store);
    await ensurePostIndexes(store);
    await seedDefaultTerms(store, core.defaultTerms());
  });
  afterAll(() => store.close());

  test('a scheduled post is published once due (check_and_publish_future_post), and then counts for its terms', async () => {
    const cat = await new TermRepository(store, {
      taxonomy: 'category',
      hierarchical: true,
      postField: 'categories',
    }).create({ name: 'Due' });
    const p = await posts().create(
      {
        title: 'Later',
        status: 'publish',
        date: { local: '2030-01-01T14:00:00', gmt: '2030-01-01T13:00:00', from: 'date' },
        terms: { categories: [cat.id] },
      },
      ctx,
    );
    expect(p.status).toBe('future');
    expect((await store.collection('terms').findOne({ id: cat.id }))!.count).toBe(0);
    await publishDuePosts(store, clock, true);
    expect((await posts().require(p.id)).status).toBe('future');
    now += 2 * 3600000;
    await publishDuePosts(store, clock, true);
    expect((await posts().require(p.id)).status).toBe('publish');
    expect((await store.collection('terms').findOne({ id: cat.id }))!.count).toBe(1);
  });

  test('uniqueness scopes: flat types by type, pages by parent, drafts never', async () => {
    const coll = store.collection('posts');
    await posts().create({ title: 'Scope', status: 'publish' }, ctx);
    const target = { id: 0, status: 'publish', type: 'post', parent: 0, rule: postRules.slugs };
    expect(await uniquePostSlug(coll, 'scope', target)).toBe('scope-2');
    expect(await uniquePostSlug(coll, 'scope', { ...target, status: 'draft' })).toBe('scope');
    expect(await uniquePostSlug(coll, 'scope', { ...target, type: 'page', rule: pageRules.slugs })).toBe('scope');
    expect(await uniquePostSlug(coll, '', target)).toBe('');
    expect(await uniquePostSlug(coll, 'rss2', target)).toBe('rss2-2');
    const page = await new PostRepository(store, pageRules, clock, 'http://loom.test').create(
      { title: 'Scope', status: 'publish' },
      ctx,
    );
    expect(page.slug).toBe('scope');
    expect(
      await uniquePostSlug(coll, 'scope', { ...target, type: 'page', rule: pageRules.slugs, parent: page.id }),
    ).toBe('scope');
  });

  test('the lifecycle seam sees every save (with the previous version) and delete, and answers revision counts', async () => {
    const seen: string[] = [];
    const off = onPostLifecycle({
      saved: async (current: PostDoc, previous: PostDoc | null) =>
        void seen.push(`saved ${current.title} ${previous ? previous.title : '-'}`),
      deleted: async (post: PostDoc) => void seen.push(`deleted ${post.id}`),
      revisions: async (list: PostDoc[]) => new Map(list.map((p) => [p.id, { count: 2, latestId: 1000 + p.id }])),
    });
    try {
      const p = await posts().create({ title: 'v1', status: 'publish' }, ctx);
      await posts().update(p.id, { title: 'v2' }, ctx);
      expect((await revisionSummaries([p], store)).get(p.id)).toEqual({ count: 2, latestId: 1000 + p.id });
      await posts().deletePermanently(p.id);
      expect(seen).toEqual(['saved v1 -', 'saved v2 v1', `deleted ${p.id}`]);
    } finally {
      off();
    }
  });
});

test("the contracts' status sets are the registry's statuses (registration order), so the enums and the rules agree", () => {
  expect([...STATUSES.map((s) => s.name), 'any']).toEqual([...core.FILTER_STATUSES]);
  expect(STATUSES.filter((s) => !s.internal).map((s) => s.name)).toEqual([...core.WRITE_STATUSES]);
});
