/**
 * Slugs and inline venues/organizers under concurrent writers, at the repository (every write starts before any
 * finishes, the worst interleaving): distinct slugs for one title, one post per match key. On the embedded
 * store always, on MongoDB too when MONGO_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { openEmbeddedStore, openMongoStore, type Store } from '@loom/store';
import { EventRepository, type EventDoc } from '../src/events/repository';
import { ensurePostIndexes, LinkedPostRepository, type LinkedPostDoc } from '../src/linked-posts/repository';

// The outcome of the races is asserted, not their time: 100 racing writes ran past jest's 30 s default on the
// loaded 2-core CI machine.
jest.setTimeout(120_000);

const MONGO_URL = process.env.MONGO_URL?.trim();

const backends: [string, () => Promise<{ store: Store; cleanup(): Promise<void> }>][] = [
  [
    'embedded',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'loom-events-'));
      return { store: await openEmbeddedStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
];
if (MONGO_URL) {
  backends.push([
    'mongodb',
    async () => {
      const dbName = `loom_events_test_${process.pid}_${Date.now().toString(36)}`;
      return {
        store: await openMongoStore(MONGO_URL, dbName),
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

const stamp = {
  date: '2030-01-01 00:00:00',
  date_gmt: '2030-01-01 00:00:00',
  modified: '2030-01-01 00:00:00',
  modified_gmt: '2030-01-01 00:00:00',
};
const venue = (name: string) => ({ name, status: 'publish', author: 1, meta: { city: 'Riverside' }, ...stamp });

describe.each(backends)('%s store', (_name, open) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ store, cleanup } = await open());
    await ensurePostIndexes(store);
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  test('100 events of one title at once: open-day to open-day-100', async () => {
    const repo = new EventRepository(barrier(store, 100));
    const event = { title: 'Open day', status: 'publish', author: 1, ...stamp } as unknown as Omit<
      EventDoc,
      'id' | 'type' | 'slug'
    >;
    const created = await Promise.all(Array.from({ length: 100 }, () => repo.create(event)));
    expect(new Set(created.map((e) => e.slug))).toEqual(
      new Set(['open-day', ...Array.from({ length: 99 }, (_, i) => `open-day-${i + 2}`)]),
    );
  });

  test('100 inline creations of one venue (one match key) give one venue; without a key, 100', async () => {
    const repo = new LinkedPostRepository(barrier(store, 100), 'tribe_venue', 'venue', 'venue');
    const keyed = await Promise.all(Array.from({ length: 100 }, () => repo.create(venue('Boathouse'), 'key-1')));
    expect(new Set(keyed.map((v: LinkedPostDoc) => v.id)).size).toBe(1);
    const plain = await Promise.all(Array.from({ length: 100 }, () => repo.create(venue('Boathouse'))));
    expect(new Set(plain.map((v) => v.slug)).size).toBe(100);

    // A trashed holder gives the key up, so the next inline creation makes a new venue and holds it.
    await repo.save(keyed[0]!, { status: 'trash' });
    const next = await new LinkedPostRepository(store, 'tribe_venue', 'venue', 'venue').create(
      venue('Boathouse'),
      'key-1',
    );
    expect(next.id).not.toBe(keyed[0]!.id);
    expect(next.match_key).toBe('key-1');
  });
});
