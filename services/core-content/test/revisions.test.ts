/**
 * The revision machinery without HTTP: when wp_save_post_revision stores a revision (and when not), the
 * lifecycle hooks (delete with the parent, summaries for a page of posts in one query, autosaves left out), and
 * the comparison rules (normalize_whitespace).
 */
import * as core from '../src/routes';
import { openStore, type Store } from '@loom/store';
import { testConfig } from '@loom/service-kit';
import { siteClock } from '../src/engine/dates';
import { revisionSummaries } from '../src/engine/lifecycle';
import { ensurePostIndexes, PostRepository } from '../src/engine/repository';
import { posts as engine } from '../src';

const postRules = engine.POST_TYPE_BEHAVIOURS().get('post')!;
const pageRules = engine.POST_TYPE_BEHAVIOURS().get('page')!;
import { registerRevisionLifecycle } from '../src/engine/revisions';
import {
  ensureRevisionIndexes,
  fieldsDiffer,
  normalizeWhitespace,
  RevisionRepository,
  revisionsEnabled,
} from '../src/engine/revisions/repository';
import { ensureTermIndexes, seedDefaultTerms } from '@loom/terms';

let store: Store;
let now = Date.UTC(2024, 0, 10, 12, 0, 0);
const clock = siteClock({ timezoneString: 'UTC', gmtOffset: '0' }, () => now);
const posts = () => new PostRepository(store, postRules, clock, 'http://loom.test');
const revs = () => new RevisionRepository(store);
const ctx = { userId: 1, canPublish: true };

beforeAll(async () => {
  store = await openStore({ service: 'core-content', dataDir: testConfig('core-content').dataDir });
  await ensureTermIndexes(store);
  await ensurePostIndexes(store);
  await ensureRevisionIndexes(store);
  await seedDefaultTerms(store, core.defaultTerms());
  registerRevisionLifecycle();
  registerRevisionLifecycle();
});
afterAll(() => store.close());

describe('comparisons', () => {
  test('normalize_whitespace and the revisioned fields', () => {
    expect(normalizeWhitespace('  a\r\n\n\nb \t c  ')).toBe('a\nb c');
    expect(
      fieldsDiffer({ title: 'T', content: 'a  b', excerpt: '' }, { title: 'T ', content: 'a b', excerpt: '' }),
    ).toBe(false);
    expect(fieldsDiffer({ title: 'T', content: 'a', excerpt: '' }, { title: 'T', content: 'a', excerpt: 'e' })).toBe(
      true,
    );
    expect(revisionsEnabled('post')).toBe(true);
    expect(revisionsEnabled('page')).toBe(true);
    expect(revisionsEnabled('attachment')).toBe(false);
  });
});

describe('wp_save_post_revision through the lifecycle', () => {
  test('nothing on create; the first update stores one; unchanged saves store none; the saver is the author', async () => {
    const p = await posts().create({ title: 'A', content: 'x', status: 'publish' }, ctx);
    expect(await revs().latest(p.id)).toBeNull();
    now += 60_000;
    await posts().update(p.id, { sticky: true }, { userId: 7, canPublish: true });
    const first = await revs().latest(p.id);
    expect(first).toMatchObject({
      type: 'revision',
      status: 'inherit',
      parent: p.id,
      author: 7,
      title: 'A',
      slug: `${p.id}-revision-v1`,
      autosave: false,
    });
    expect(first!.date).toBe('2024-01-10T12:01:00');
    await posts().update(p.id, { comment_status: 'closed' }, ctx);
    expect((await revisionSummaries([p], store)).get(p.id)).toEqual({ count: 1, latestId: first!.id });
    await posts().update(p.id, { title: 'B' }, ctx);
    const summary = (await revisionSummaries([p], store)).get(p.id)!;
    expect(summary.count).toBe(2);
    expect(summary.latestId).toBeGreaterThan(first!.id);
  });

  test('auto-drafts and autosaving authors store none; trashing is an update like any other', async () => {
    const auto = await posts().create({ title: 'Auto', status: 'auto-draft' }, ctx);
    await posts().update(auto.id, { content: 'c' }, ctx);
    expect(await revs().latest(auto.id)).toBeNull();
    const draft = await posts().create({ title: 'D', status: 'draft' }, ctx);
    await posts().update(draft.id, { content: 'c' }, { ...ctx, autosave: true });
    expect(await revs().latest(draft.id)).toBeNull();
    await posts().trash(draft.id, ctx);
    expect(await revs().latest(draft.id)).not.toBeNull();
  });

  test('summaries for several posts in one call leave autosaves out; deleting a post deletes its revisions and autosaves', async () => {
    const a = await posts().create({ title: 'S1', status: 'publish' }, ctx);
    const b = await new PostRepository(store, pageRules, clock, 'http://loom.test').create(
      { title: 'S2', status: 'publish' },
      ctx,
    );
    await posts().update(a.id, { content: '1' }, ctx);
    await posts().update(a.id, { content: '2' }, ctx);
    await revs().insert(
      a,
      { title: 'S1', content: 'auto', excerpt: '' },
      { author: 1, autosave: true, date: { local: '2024-01-10T12:00:00', gmt: '2024-01-10T12:00:00' } },
    );
    const map = await revisionSummaries([a, b], store);
    expect(map.get(a.id)!.count).toBe(2);
    expect(map.get(b.id)).toEqual({ count: 0 });
    expect(await revs().autosaves(a.id)).toHaveLength(1);
    await posts().deletePermanently(a.id);
    expect(await store.collection('posts').count({ type: 'revision', parent: a.id })).toBe(0);
  });

  test("revisions stay out of the type's queries and counts", async () => {
    const p = await posts().create({ title: 'Query me', status: 'publish' }, ctx);
    await posts().update(p.id, { content: 'query-me-content' }, ctx);
    const base = {
      statuses: ['publish', 'inherit'],
      searchColumns: [],
      anonymous: false,
      author: [],
      authorExclude: [],
      include: [],
      exclude: [],
      parent: [],
      parentExclude: [],
      taxRelation: 'AND' as const,
      tax: [],
      own: [],
      orderby: 'date',
      order: 'desc' as const,
      perPage: 100,
      offset: 0,
    };
    const found = await posts().query({ ...base, search: 'query-me-content' });
    expect(found.items.map((x) => x.id)).toEqual([p.id]);
    expect(found.items.every((x) => x.type === 'post')).toBe(true);
  });

  test('a search term too long to be a pattern still finds (and excludes) revisions; it answered 500', async () => {
    const long = 'Long '.repeat(20_000);
    const p = await posts().create({ title: 'L', content: 'short', status: 'publish' }, ctx);
    await posts().update(p.id, { content: `before ${long} after` }, ctx);
    await posts().update(p.id, { content: 'other' }, ctx);
    const q = { include: [], exclude: [], orderby: 'date', order: 'desc' as const, perPage: 10, offset: 0 };
    const term = `"${long.trim().toUpperCase()}"`;
    const found = await revs().query(p.id, { ...q, search: term });
    expect([found.total, found.items.map((r) => r.content.slice(0, 6))]).toEqual([1, ['before']]);
    expect((await revs().query(p.id, { ...q, search: `-${'x'.repeat(40_000)}` })).total).toBe(2);
    expect((await revs().query(p.id, { ...q, search: term, orderby: 'relevance' })).total).toBe(1);
    expect((await revs().query(p.id, { ...q, search: 'x'.repeat(40_000), perPage: undefined })).items).toEqual([]);
  });
});
