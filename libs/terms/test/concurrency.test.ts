/**
 * wp_insert_term under concurrent writers, at the repository (every creation starts before any finishes, the
 * worst interleaving): one term per name at a level, the others `term_exists` with its id; distinct names
 * sharing a slug each get their own. On the embedded store always, on MongoDB too when MONGO_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { WpError } from '@loom/service-kit';
import { openEmbeddedStore, openMongoStore, type Store } from '@loom/store';
import { ensureTermIndexes, TermRepository, type TermDoc } from '../src';

const MONGO_URL = process.env.MONGO_URL?.trim();

// What is asserted is the outcome (one term per name, distinct slugs), not the time: 100 racing creations took 60 s
// once on the loaded 2-core CI machine, past jest's 30 s default.
jest.setTimeout(120_000);

interface Backend {
  open(): Promise<{ store: Store; cleanup(): Promise<void> }>;
}
const backends: [string, Backend][] = [
  [
    'embedded',
    {
      async open() {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'loom-terms-'));
        const store = await openEmbeddedStore(dir);
        return { store, cleanup: () => rm(dir, { recursive: true, force: true }) };
      },
    },
  ],
];
if (MONGO_URL) {
  backends.push([
    'mongodb',
    {
      async open() {
        const dbName = `loom_terms_test_${process.pid}_${Date.now().toString(36)}`;
        const store = await openMongoStore(MONGO_URL, dbName);
        return {
          store,
          async cleanup() {
            const client = new MongoClient(MONGO_URL, { serverSelectionTimeoutMS: 5000 });
            try {
              await client.connect();
              await client.db(dbName).dropDatabase();
            } finally {
              await client.close();
            }
          },
        };
      },
    },
  ]);
}

/**
 * The store as `n` concurrent writers see it at worst: nextId answers nobody until all `n` asked, so every writer
 * has done its checks before any writes.
 */
function barrier(store: Store, n: number): Store {
  let waiting: (() => void)[] = [];
  return Object.assign(Object.create(store) as Store, {
    async nextId(sequence: string, floor?: number) {
      const id = await store.nextId(sequence, floor);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= n) {
          for (const r of waiting) r();
          waiting = [];
        }
      });
      return id;
    },
  });
}

const category = { taxonomy: 'category', hierarchical: true };
const tag = { taxonomy: 'post_tag', hierarchical: false };

describe.each(backends)('%s store', (_name, backend) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ store, cleanup } = await backend.open());
    await ensureTermIndexes(store);
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  const settle = (n: number, run: (i: number) => Promise<TermDoc>) =>
    Promise.allSettled(Array.from({ length: n }, (_, i) => run(i)));

  test.each([
    ['a flat taxonomy', tag, 'A term with the name provided already exists in this taxonomy.'],
    ['a hierarchical taxonomy', category, 'A term with the name provided already exists with this parent.'],
  ])('100 creations of one name in %s: one term, 99 term_exists with its id', async (_what, rules, message) => {
    const repo = new TermRepository(barrier(store, 100), rules);
    const results = await settle(100, (i) => repo.create({ name: i % 2 ? 'Race' : 'race' }));
    const created = results
      .filter((r): r is PromiseFulfilledResult<TermDoc> => r.status === 'fulfilled')
      .map((r) => r.value);
    // Case differs: flat taxonomies compare names case-insensitively; in hierarchical ones the slug a sibling has refuses it.
    expect(created).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      expect(r.reason).toBeInstanceOf(WpError);
      const e = r.reason as WpError;
      expect([e.code, e.message, e.status]).toEqual(['term_exists', message, 400]);
      expect(created.map((t) => t.id)).toContain(e.data?.term_id);
    }
    expect(new Set(created.map((t) => t.slug)).size).toBe(created.length);
  });

  test('100 distinct names sharing one slug: 100 terms, race to race-100', async () => {
    const repo = new TermRepository(barrier(store, 100), tag);
    const results = await settle(100, (i) => repo.create({ name: `Race${'!'.repeat(i)}` }));
    const slugs = results.map((r) => (r.status === 'fulfilled' ? r.value.slug : String(r.reason)));
    expect(new Set(slugs)).toEqual(new Set(['race', ...Array.from({ length: 99 }, (_, i) => `race-${i + 2}`)]));
  });

  test('slugs are unique per taxonomy (WordPress 4.1 and later); a distinct slug given allows a duplicate name', async () => {
    const cat = await new TermRepository(store, category).create({ name: 'News' });
    const t = await new TermRepository(store, tag).create({ name: 'News' });
    expect([cat.slug, t.slug]).toEqual(['news', 'news']);
    const twin = await new TermRepository(store, tag).create({ name: 'News', slug: 'news-desk' });
    expect(twin).toMatchObject({ name: 'News', slug: 'news-desk' });
    expect(twin.name_key).toBeUndefined();
    const again = await new TermRepository(store, tag).create({ name: 'news' }).catch((e: WpError) => e);
    expect(again).toMatchObject({ code: 'term_exists' });
    expect([t.id, twin.id]).toContain((again as WpError).data?.term_id);
  });

  test('a renamed term gives up its claim: the old name can be created again, once', async () => {
    const repo = new TermRepository(store, tag);
    const t = await repo.create({ name: 'Old' });
    await repo.update(t.id, { name: 'New' });
    const results = await settle(20, () => repo.create({ name: 'Old' }));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
