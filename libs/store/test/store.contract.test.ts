/**
 * The storage contract: the same assertions against every adapter. The embedded adapter always runs (in a
 * fresh temp directory per test); MongoDB runs when MONGO_URL is set (a fresh database per test, dropped
 * afterwards), e.g. `MONGO_URL=mongodb://localhost:27017 npx jest libs/store`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { openEmbeddedStore } from '../src/embedded';
import { openStore } from '../src/index';
import { openMongoStore } from '../src/mongo';
import { Collection, Doc, DuplicateKeyError, escapeRegExp, Store } from '../src/port';

const MONGO_URL = process.env.MONGO_URL?.trim();

/** A place for one test's data: open it (again) as often as needed, clean up at the end. */
interface Fixture {
  open(): Promise<Store>;
  cleanup(): Promise<void>;
  /** Embedded only: the directory holding the files. */
  dir?: string;
}

interface Adapter {
  kind: Store['kind'];
  fixture(): Promise<Fixture>;
}

const embedded: Adapter = {
  kind: 'embedded',
  async fixture() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loom-store-'));
    return { dir, open: () => openEmbeddedStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
  },
};

let mongoDbCounter = 0;
const mongo: Adapter = {
  kind: 'mongodb',
  async fixture() {
    const url = MONGO_URL as string;
    const dbName = `loom_test_${process.pid}_${Date.now().toString(36)}_${mongoDbCounter++}`;
    return {
      open: () => openMongoStore(url, dbName),
      async cleanup() {
        const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
        try {
          await client.connect();
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  },
};

const adapters: [string, Adapter][] = [['embedded', embedded]];
if (MONGO_URL) adapters.push(['mongodb', mongo]);
else
  describe.skip('mongodb adapter (set MONGO_URL to run the contract against MongoDB)', () =>
    it('runs', () => undefined));

interface Post extends Doc {
  id: number;
  title: string;
  status?: string | null;
  tags?: string[];
  views?: number;
  author?: { id: number; name: string };
  meta?: { key: string; value: string }[];
  date?: Date;
}

const POSTS: Post[] = [
  {
    id: 1,
    title: 'Hello world',
    status: 'publish',
    tags: ['news', 'intro'],
    views: 10,
    author: { id: 1, name: 'Ada' },
  },
  { id: 2, title: 'Second post', status: 'draft', tags: ['news'], views: 5, author: { id: 2, name: 'Brian' } },
  { id: 3, title: 'C++ (draft) [v1.0]?', status: 'publish', tags: [], views: 20, author: { id: 1, name: 'Ada' } },
  {
    id: 4,
    title: 'hello again',
    status: null,
    views: 0,
    author: { id: 3, name: 'Cleo' },
    meta: [
      { key: 'color', value: 'red' },
      { key: 'size', value: 'L' },
    ],
  },
  { id: 5, title: 'Untagged', status: 'publish', tags: ['misc'], author: { id: 2, name: 'Brian' } },
];

const ids = (docs: Post[]): number[] => docs.map((d) => d.id);
const sortedIds = (docs: Post[]): number[] => ids(docs).sort((a, b) => a - b);

describe.each(adapters)('%s adapter', (_name, adapter) => {
  let fx: Fixture;
  let store: Store;
  let posts: Collection<Post>;

  beforeEach(async () => {
    fx = await adapter.fixture();
    store = await fx.open();
    posts = store.collection<Post>('posts');
  });

  afterEach(async () => {
    if (store?.isOpen()) await store.close();
    await fx.cleanup();
  });

  async function seed(): Promise<void> {
    for (const p of POSTS) await posts.insert(p);
  }

  async function reopen(): Promise<void> {
    await store.close();
    store = await fx.open();
    posts = store.collection<Post>('posts');
  }

  it('reports its kind', () => {
    expect(store.kind).toBe(adapter.kind);
  });

  describe('insert / find / findOne / count', () => {
    it('inserts and returns the document as stored, without _id', async () => {
      const stored = await posts.insert(POSTS[0]);
      expect(stored).toEqual(POSTS[0]);
      expect(stored).not.toHaveProperty('_id');
    });

    it('finds, finds one and counts', async () => {
      await seed();
      expect(sortedIds(await posts.find())).toEqual([1, 2, 3, 4, 5]);
      expect(sortedIds(await posts.find({}))).toEqual([1, 2, 3, 4, 5]);
      expect(await posts.findOne({ id: 2 })).toEqual(POSTS[1]);
      expect(await posts.findOne({ id: 99 })).toBeNull();
      expect(await posts.count()).toBe(5);
      expect(await posts.count({ status: 'publish' })).toBe(3);
      expect(await posts.count({ status: 'nope' })).toBe(0);
    });

    it('keeps dates as dates', async () => {
      const date = new Date('2024-05-06T07:08:09.010Z');
      await posts.insert({ id: 1, title: 'dated', date });
      const found = await posts.findOne({ id: 1 });
      expect(found?.date).toBeInstanceOf(Date);
      expect(found?.date?.getTime()).toBe(date.getTime());
      expect(ids(await posts.find({ date: { $gte: new Date('2024-01-01') } }))).toEqual([1]);
      expect(ids(await posts.find({ date: { $lt: new Date('2024-01-01') } }))).toEqual([]);
    });

    it('drops undefined fields on insert', async () => {
      const stored = await posts.insert({ id: 1, title: 'x', status: undefined });
      expect(stored).not.toHaveProperty('status');
      expect(await posts.findOne({ id: 1 })).toEqual({ id: 1, title: 'x' });
    });

    it('keeps collections apart', async () => {
      await posts.insert(POSTS[0]);
      const users = store.collection('users');
      await users.insert({ id: 1, name: 'Ada' });
      expect(await users.count()).toBe(1);
      expect(await posts.count()).toBe(1);
      expect(await store.collection('empty').find()).toEqual([]);
    });
  });

  describe('filters', () => {
    beforeEach(seed);

    it('equality, also on booleans and numbers', async () => {
      expect(sortedIds(await posts.find({ status: 'publish' }))).toEqual([1, 3, 5]);
      expect(sortedIds(await posts.find({ views: 0 }))).toEqual([4]);
      expect(sortedIds(await posts.find({ status: 'publish', views: 20 }))).toEqual([3]);
      expect(sortedIds(await posts.find({ id: { $eq: 2 } }))).toEqual([2]);
    });

    it('$contains: a case-insensitive substring, of any length, in every read and write path', async () => {
      expect(sortedIds(await posts.find({ title: { $contains: 'HELLO' } }))).toEqual([1, 4]);
      expect(sortedIds(await posts.find({ title: { $contains: '(draft) [v1' } }))).toEqual([3]);
      expect(sortedIds(await posts.find({ tags: { $contains: 'NEW' } }))).toEqual([1, 2]);
      expect(sortedIds(await posts.find({ 'author.name': { $contains: 'ad' } }))).toEqual([1, 3]);
      expect(
        sortedIds(
          await posts.find({ $or: [{ title: { $contains: 'tagged' } }, { 'meta.value': { $contains: 'RE' } }] }),
        ),
      ).toEqual([4, 5]);
      expect(sortedIds(await posts.find({ title: { $contains: 'hello', $ne: 'hello again' } }))).toEqual([1]);
      // Far longer than any pattern V8 or MongoDB would compile: still a plain question, answered.
      const long = 'x'.repeat(100_000);
      expect(await posts.find({ title: { $contains: long } })).toEqual([]);
      await posts.insert({ id: 6, title: `a${long}b`, status: 'draft' });
      expect(sortedIds(await posts.find({ title: { $contains: long.toUpperCase() } }))).toEqual([6]);
      expect(await posts.count({ title: { $contains: long } })).toBe(1);
      expect((await posts.findOne({ title: { $contains: long } }))?.id).toBe(6);
      expect(await posts.updateOne({ title: { $contains: long } }, { $set: { views: 1 } })).toMatchObject({
        id: 6,
        views: 1,
      });
      expect(await posts.deleteMany({ title: { $contains: long } })).toBe(1);
      await expect(posts.find({ title: { $contains: 5 as unknown as string } })).rejects.toThrow(TypeError);
    });

    it('equality on an array field means "contains"', async () => {
      expect(sortedIds(await posts.find({ tags: 'news' }))).toEqual([1, 2]);
      expect(sortedIds(await posts.find({ tags: 'misc' }))).toEqual([5]);
      expect(sortedIds(await posts.find({ tags: { $eq: 'intro' } }))).toEqual([1]);
    });

    it('null matches null and missing fields', async () => {
      expect(sortedIds(await posts.find({ status: null }))).toEqual([4]);
      expect(sortedIds(await posts.find({ views: null }))).toEqual([5]);
      expect(sortedIds(await posts.find({ status: { $ne: null } }))).toEqual([1, 2, 3, 5]);
    });

    it('$in and $nin, also on array fields', async () => {
      expect(sortedIds(await posts.find({ id: { $in: [1, 3, 99] } }))).toEqual([1, 3]);
      expect(sortedIds(await posts.find({ id: { $in: [] } }))).toEqual([]);
      expect(sortedIds(await posts.find({ tags: { $in: ['intro', 'misc'] } }))).toEqual([1, 5]);
      expect(sortedIds(await posts.find({ id: { $nin: [1, 3] } }))).toEqual([2, 4, 5]);
      // $nin on an array: no element may be in the list; a missing field qualifies.
      expect(sortedIds(await posts.find({ tags: { $nin: ['news'] } }))).toEqual([3, 4, 5]);
      expect(sortedIds(await posts.find({ status: { $in: ['draft', null] } }))).toEqual([2, 4]);
      expect(sortedIds(await posts.find({ title: { $in: [/^hello/i, 'Untagged'] } }))).toEqual([1, 4, 5]);
    });

    it('$ne, also on array fields and missing fields', async () => {
      expect(sortedIds(await posts.find({ status: { $ne: 'publish' } }))).toEqual([2, 4]);
      // $ne on an array: no element equals; a missing field qualifies.
      expect(sortedIds(await posts.find({ tags: { $ne: 'news' } }))).toEqual([3, 4, 5]);
      expect(sortedIds(await posts.find({ views: { $ne: 10 } }))).toEqual([2, 3, 4, 5]);
    });

    it('$gt / $gte / $lt / $lte on numbers and strings', async () => {
      expect(sortedIds(await posts.find({ views: { $gt: 5 } }))).toEqual([1, 3]);
      expect(sortedIds(await posts.find({ views: { $gte: 5 } }))).toEqual([1, 2, 3]);
      expect(sortedIds(await posts.find({ views: { $lt: 10 } }))).toEqual([2, 4]);
      expect(sortedIds(await posts.find({ views: { $lte: 10 } }))).toEqual([1, 2, 4]);
      expect(sortedIds(await posts.find({ views: { $gt: 0, $lt: 20 } }))).toEqual([1, 2]);
      expect(sortedIds(await posts.find({ id: { $gte: 2, $lte: 4, $ne: 3 } }))).toEqual([2, 4]);
      // Strings compare with strings only; 'S' < 'U' < 'h' in code-unit order.
      expect(sortedIds(await posts.find({ title: { $gte: 'S', $lt: 'h' } }))).toEqual([2, 5]);
    });

    it('$exists', async () => {
      expect(sortedIds(await posts.find({ views: { $exists: true } }))).toEqual([1, 2, 3, 4]);
      expect(sortedIds(await posts.find({ views: { $exists: false } }))).toEqual([5]);
      // An empty array exists; a null value exists.
      expect(sortedIds(await posts.find({ tags: { $exists: true } }))).toEqual([1, 2, 3, 5]);
      expect(sortedIds(await posts.find({ tags: { $exists: false } }))).toEqual([4]);
      expect(sortedIds(await posts.find({ status: { $exists: true } }))).toEqual([1, 2, 3, 4, 5]);
      expect(sortedIds(await posts.find({ meta: { $exists: false } }))).toEqual([1, 2, 3, 5]);
    });

    it('$regex, case-insensitive, with escapeRegExp for user text', async () => {
      expect(sortedIds(await posts.find({ title: { $regex: /hello/i } }))).toEqual([1, 4]);
      expect(sortedIds(await posts.find({ title: { $regex: /hello/ } }))).toEqual([4]);
      expect(sortedIds(await posts.find({ title: { $regex: /^s/i } }))).toEqual([2]);
      const search = 'c++ (DRAFT) [v1.0]?';
      expect(sortedIds(await posts.find({ title: { $regex: new RegExp(escapeRegExp(search), 'i') } }))).toEqual([3]);
      // An escaped '.' matches only a literal dot.
      expect(sortedIds(await posts.find({ title: { $regex: new RegExp(escapeRegExp('.'), 'i') } }))).toEqual([3]);
      // Any element of an array may match; a global flag does not make matching stateful.
      expect(sortedIds(await posts.find({ tags: { $regex: /^n/ } }))).toEqual([1, 2]);
      expect(sortedIds(await posts.find({ title: { $regex: /o/g } }))).toEqual([1, 2, 4]);
      expect(sortedIds(await posts.find({ title: { $regex: /o/g } }))).toEqual([1, 2, 4]);
    });

    it('$and / $or / $nor', async () => {
      expect(sortedIds(await posts.find({ $or: [{ status: 'draft' }, { views: 20 }] }))).toEqual([2, 3]);
      expect(sortedIds(await posts.find({ $and: [{ status: 'publish' }, { tags: 'news' }] }))).toEqual([1]);
      expect(sortedIds(await posts.find({ $nor: [{ status: 'publish' }, { views: 0 }] }))).toEqual([2]);
      expect(
        sortedIds(
          await posts.find({
            status: 'publish',
            $or: [{ 'author.name': 'Brian' }, { $and: [{ views: { $gte: 20 } }, { tags: { $exists: true } }] }],
          }),
        ),
      ).toEqual([3, 5]);
    });

    it('dotted paths into sub-documents and arrays of sub-documents', async () => {
      expect(sortedIds(await posts.find({ 'author.name': 'Ada' }))).toEqual([1, 3]);
      expect(sortedIds(await posts.find({ 'author.id': { $in: [2, 3] } }))).toEqual([2, 4, 5]);
      expect(sortedIds(await posts.find({ 'meta.key': 'size' }))).toEqual([4]);
      expect(sortedIds(await posts.find({ author: { id: 3, name: 'Cleo' } }))).toEqual([4]);
    });

    it('refuses filters the adapters would read differently', async () => {
      await expect(posts.find({ status: undefined })).rejects.toThrow(TypeError);
      await expect(posts.deleteMany({ id: undefined })).rejects.toThrow(TypeError);
      await expect(posts.find({ views: { $where: 'x' } })).rejects.toThrow(TypeError);
      await expect(posts.find({ $or: [] })).rejects.toThrow(TypeError);
      await expect(posts.find({ title: { $regex: 'hello' } })).rejects.toThrow(TypeError);
      expect(await posts.count()).toBe(5);
    });
  });

  describe('sort, skip, limit', () => {
    beforeEach(seed);

    it('sorts on one key, ascending and descending', async () => {
      expect(ids(await posts.find({}, { sort: { id: 1 } }))).toEqual([1, 2, 3, 4, 5]);
      expect(ids(await posts.find({}, { sort: { id: -1 } }))).toEqual([5, 4, 3, 2, 1]);
      // A missing field sorts first ascending (like null).
      expect(ids(await posts.find({}, { sort: { views: 1 } }))).toEqual([5, 4, 2, 1, 3]);
      expect(ids(await posts.find({}, { sort: { views: -1 } }))).toEqual([3, 1, 2, 4, 5]);
    });

    it('sorts on several keys in order', async () => {
      expect(ids(await posts.find({}, { sort: { 'author.id': 1, views: -1 } }))).toEqual([3, 1, 2, 5, 4]);
      expect(ids(await posts.find({}, { sort: { 'author.name': -1, id: 1 } }))).toEqual([4, 2, 5, 1, 3]);
    });

    it('sorts array fields by their smallest element ascending, largest descending; [] before missing', async () => {
      expect(ids(await posts.find({}, { sort: { tags: 1, id: 1 } }))).toEqual([3, 4, 1, 5, 2]);
      expect(ids(await posts.find({}, { sort: { tags: -1, id: 1 } }))).toEqual([1, 2, 5, 4, 3]);
    });

    it('sorts strings by code point, case-sensitively', async () => {
      const words = store.collection<{ id: number; w: string }>('words');
      const list = ['b', 'B', 'a', 'A', 'é', 'Z', '10', '9', 'ab', '', '\u{1F600}', '\uFF5E'];
      for (const [i, w] of list.entries()) await words.insert({ id: i, w });
      const expected = [...list].sort((x, y) => {
        const a = [...x].map((c) => c.codePointAt(0) as number);
        const b = [...y].map((c) => c.codePointAt(0) as number);
        for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
        return a.length - b.length;
      });
      expect(expected.slice(0, 7)).toEqual(['', '10', '9', 'A', 'B', 'Z', 'a']);
      expect((await words.find({}, { sort: { w: 1 } })).map((d) => d.w)).toEqual(expected);
      expect((await words.find({}, { sort: { w: -1 } })).map((d) => d.w)).toEqual([...expected].reverse());
    });

    it('skips and limits, after sorting', async () => {
      expect(ids(await posts.find({}, { sort: { id: 1 }, limit: 2 }))).toEqual([1, 2]);
      expect(ids(await posts.find({}, { sort: { id: 1 }, skip: 2 }))).toEqual([3, 4, 5]);
      expect(ids(await posts.find({}, { sort: { id: -1 }, skip: 1, limit: 2 }))).toEqual([4, 3]);
      expect(ids(await posts.find({ status: 'publish' }, { sort: { id: 1 }, skip: 1, limit: 1 }))).toEqual([3]);
      expect(ids(await posts.find({}, { sort: { id: 1 }, skip: 10 }))).toEqual([]);
      expect(await posts.find({}, { skip: 1, limit: 3 })).toHaveLength(3);
      // limit 0 means no limit (MongoDB's convention).
      expect(await posts.find({}, { limit: 0 })).toHaveLength(5);
      await expect(posts.find({}, { limit: -1 })).rejects.toThrow(RangeError);
    });

    it('the same query asked again after a write sees the write (count, find, sorted page)', async () => {
      const filter = { status: 'publish' };
      const page = { sort: { id: -1 as const }, limit: 2 };
      expect(await posts.count(filter)).toBe(3);
      expect(ids(await posts.find(filter, page))).toEqual([5, 3]);
      await posts.insert({ id: 6, title: 'New', status: 'publish' } as Post);
      expect(await posts.count(filter)).toBe(4);
      expect(ids(await posts.find(filter, page))).toEqual([6, 5]);
      await posts.updateOne({ id: 6 }, { $set: { status: 'draft' } });
      expect(ids(await posts.find(filter, page))).toEqual([5, 3]);
      await posts.updateMany({ status: 'publish' }, { $set: { status: 'archived' } });
      expect(await posts.count(filter)).toBe(0);
      await posts.deleteMany({ status: 'archived' });
      expect(ids(await posts.find({}, { sort: { id: 1 } }))).toEqual([2, 4, 6]);
      // What a caller does to a returned document changes nothing stored, nor the next answer.
      const [first] = await posts.find({}, page);
      (first as Record<string, unknown>).title = 'changed by the caller';
      expect((await posts.find({}, page))[0]!.title).not.toBe('changed by the caller');
    });

    it('a page of a large set is the same page as a full sort gives (ties, mixed types, arrays; indexed or not)', async () => {
      const items = store.collection<{ id: number; k?: unknown; g: string }>('items');
      await items.ensureIndex({ fields: ['g'] });
      const keys = [5, 'b', null, [3, 9], 'a', 5, 2.5, [], true, 'b'];
      // Inserted in an order unrelated to the keys, so no adapter gets them presorted.
      for (let n = 0; n < 600; n++) {
        const id = (n * 7919) % 600;
        const k = keys[id % keys.length];
        await items.insert(k === undefined ? { id, g: id % 3 ? 'x' : 'y' } : { id, k, g: id % 3 ? 'x' : 'y' });
      }
      await items.insert({ id: 600, g: 'x' }); // k missing
      for (const [filter, sort] of [
        [{}, { k: -1, id: 1 }],
        [{}, { k: 1, id: -1 }],
        [{ g: 'x' }, { k: -1, id: -1 }],
        [{ g: { $in: ['y'] } }, { k: 1, id: 1 }],
      ] as const) {
        const everything = (await items.find(filter, { sort })).map((d) => d.id);
        for (const [skip, limit] of [
          [0, 10],
          [3, 5],
          [40, 20],
          [0, 1],
        ]) {
          expect((await items.find(filter, { sort, skip, limit })).map((d) => d.id)).toEqual(
            everything.slice(skip, skip + limit),
          );
        }
        expect(await items.count(filter)).toBe(everything.length);
      }
      // Newest-first of ascending inserts (the common case), and what a full sort says of the first ids.
      expect((await items.find({}, { sort: { id: -1 }, limit: 3 })).map((d) => d.id)).toEqual([600, 599, 598]);
      expect((await items.find({ g: 'y' }, { sort: { id: 1 }, limit: 3 })).map((d) => d.id)).toEqual([0, 3, 6]);
    });
  });

  describe('updates', () => {
    beforeEach(seed);

    it('updateOne applies $set / $unset / $inc and returns the document after the update', async () => {
      const updated = await posts.updateOne(
        { id: 1 },
        { $set: { title: 'Renamed', 'author.name': 'Ada L.' }, $unset: { tags: true }, $inc: { views: 5, likes: 1 } },
      );
      const expected = {
        id: 1,
        title: 'Renamed',
        status: 'publish',
        views: 15,
        likes: 1,
        author: { id: 1, name: 'Ada L.' },
      };
      expect(updated).toEqual(expected);
      expect(updated).not.toHaveProperty('_id');
      expect(await posts.findOne({ id: 1 })).toEqual(expected);
    });

    it('updateOne returns null when nothing matches, and changes one document only', async () => {
      expect(await posts.updateOne({ id: 99 }, { $set: { title: 'x' } })).toBeNull();
      expect(await posts.count({ title: 'x' })).toBe(0);
      const updated = await posts.updateOne({ status: 'publish' }, { $set: { status: 'trash' } });
      expect(updated?.status).toBe('trash');
      expect(await posts.count({ status: 'trash' })).toBe(1);
      expect(await posts.count({ status: 'publish' })).toBe(2);
    });

    it('updateOne with nothing to change returns the matching document', async () => {
      expect(await posts.updateOne({ id: 2 }, {})).toEqual(POSTS[1]);
      expect(await posts.updateOne({ id: 2 }, { $set: { title: undefined } })).toEqual(POSTS[1]);
      expect(await posts.updateOne({ id: 99 }, {})).toBeNull();
    });

    it('updateMany returns how many matched', async () => {
      expect(await posts.updateMany({ 'author.id': 1 }, { $inc: { views: 1 } })).toBe(2);
      expect(sortedIds(await posts.find({ views: { $in: [11, 21] } }))).toEqual([1, 3]);
      expect(await posts.updateMany({ status: 'publish' }, { $set: { status: 'private' } })).toBe(3);
      expect(await posts.count({ status: 'private' })).toBe(3);
      expect(await posts.updateMany({ id: 99 }, { $set: { status: 'x' } })).toBe(0);
    });

    it('refuses updates the adapters would apply differently', async () => {
      await expect(posts.updateOne({ id: 1 }, { $set: { views: 1 }, $inc: { views: 1 } })).rejects.toThrow(TypeError);
      await expect(posts.updateOne({ id: 1 }, { $inc: { views: 'x' as unknown as number } })).rejects.toThrow(
        TypeError,
      );
      await expect(posts.updateOne({ id: 1 }, { title: 'replacement' } as never)).rejects.toThrow(TypeError);
      await expect(posts.updateOne({ id: 1 }, { $set: { _id: 'x' } })).rejects.toThrow(TypeError);
      expect(await posts.findOne({ id: 1 })).toEqual(POSTS[0]);
    });
  });

  describe('deletes', () => {
    beforeEach(seed);

    it('deleteOne returns the document as it was, or null', async () => {
      const deleted = await posts.deleteOne({ id: 2 });
      expect(deleted).toEqual(POSTS[1]);
      expect(deleted).not.toHaveProperty('_id');
      expect(await posts.findOne({ id: 2 })).toBeNull();
      expect(await posts.deleteOne({ id: 2 })).toBeNull();
      expect(await posts.count()).toBe(4);
    });

    it('deleteOne removes one document, even when called concurrently', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => posts.deleteOne({ status: 'publish' })));
      const deleted = results.filter((d): d is Post => d !== null);
      expect(sortedIds(deleted)).toEqual([1, 3, 5]);
      expect(await posts.count()).toBe(2);
    });

    it('deleteMany returns how many it deleted', async () => {
      expect(await posts.deleteMany({ 'author.name': 'Ada' })).toBe(2);
      expect(await posts.deleteMany({ 'author.name': 'Ada' })).toBe(0);
      expect(sortedIds(await posts.find())).toEqual([2, 4, 5]);
      expect(await posts.deleteMany({})).toBe(3);
      expect(await posts.count()).toBe(0);
    });
  });

  describe('unique indexes', () => {
    it('single field: rejects duplicates on insert and update, changing nothing', async () => {
      await posts.ensureIndex({ fields: ['slug'], unique: true });
      await posts.ensureIndex({ fields: ['slug'], unique: true }); // safe to repeat
      await posts.insert({ id: 1, title: 'a', slug: 'a' });
      await posts.insert({ id: 2, title: 'b', slug: 'b' });

      const onInsert = posts.insert({ id: 3, title: 'dup', slug: 'a' });
      await expect(onInsert).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(onInsert).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'posts',
        fields: ['slug'],
      });
      expect(await posts.count()).toBe(2);
      expect(await posts.findOne({ id: 3 })).toBeNull();

      const onUpdate = posts.updateOne({ id: 2 }, { $set: { slug: 'a', title: 'changed' } });
      await expect(onUpdate).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(onUpdate).rejects.toMatchObject({ fields: ['slug'] });
      expect(await posts.findOne({ id: 2 })).toEqual({ id: 2, title: 'b', slug: 'b' });

      // Other values are still fine, and so is keeping the same value.
      expect((await posts.updateOne({ id: 2 }, { $set: { slug: 'c' } }))?.slug).toBe('c');
      expect((await posts.updateOne({ id: 2 }, { $set: { slug: 'c', title: 'same slug' } }))?.title).toBe('same slug');
      await posts.insert({ id: 3, title: 'b again', slug: 'b' });
      expect(await posts.count()).toBe(3);
    });

    it('compound: rejects a duplicate combination on insert and update, changing nothing', async () => {
      const votes = store.collection('votes');
      await votes.ensureIndex({ fields: ['postId', 'userId'], unique: true });
      await votes.ensureIndex({ fields: ['postId', 'userId'], unique: true });
      await votes.insert({ postId: 1, userId: 1, v: 1 });
      await votes.insert({ postId: 1, userId: 2, v: 2 });
      await votes.insert({ postId: 2, userId: 1, v: 3 });

      const onInsert = votes.insert({ postId: 1, userId: 2, v: 9 });
      await expect(onInsert).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(onInsert).rejects.toMatchObject({ collection: 'votes' });
      expect(((await onInsert.catch((e: DuplicateKeyError) => e)) as DuplicateKeyError).fields.sort()).toEqual([
        'postId',
        'userId',
      ]);
      expect(await votes.count()).toBe(3);

      await expect(votes.updateOne({ v: 3 }, { $set: { postId: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await votes.findOne({ v: 3 })).toEqual({ postId: 2, userId: 1, v: 3 });
      expect(await votes.count({ postId: 1 })).toBe(2);

      await expect(votes.updateMany({ postId: 2 }, { $set: { postId: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await votes.findOne({ v: 3 })).toEqual({ postId: 2, userId: 1, v: 3 });
    });

    it('non-unique indexes allow duplicates', async () => {
      await posts.ensureIndex({ fields: ['status'] });
      await posts.insert({ id: 1, title: 'a', status: 'draft' });
      await posts.insert({ id: 2, title: 'b', status: 'draft' });
      expect(await posts.count({ status: 'draft' })).toBe(2);
    });

    it('creating a unique index over duplicate data fails with DuplicateKeyError', async () => {
      await posts.insert({ id: 1, title: 'same' });
      await posts.insert({ id: 2, title: 'same' });
      await expect(posts.ensureIndex({ fields: ['title'], unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
      await posts.insert({ id: 3, title: 'same' });
      expect(await posts.count()).toBe(3);
    });

    it('sparse unique: documents lacking the field are left out; those holding it (null too) must differ', async () => {
      await posts.ensureIndex({ fields: ['claim'], unique: true, sparse: true });
      await posts.ensureIndex({ fields: ['claim'], unique: true, sparse: true }); // safe to repeat
      await posts.insert({ id: 1, title: 'a' });
      await posts.insert({ id: 2, title: 'b' });
      await posts.insert({ id: 3, title: 'c', claim: 'x' });
      await expect(posts.insert({ id: 4, title: 'd', claim: 'x' })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'posts',
        fields: ['claim'],
      });
      await expect(posts.updateOne({ id: 1 }, { $set: { claim: 'x' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await posts.findOne({ id: 1 })).toEqual({ id: 1, title: 'a' });

      // Letting go of the key frees it.
      await posts.updateOne({ id: 3 }, { $unset: { claim: true } });
      expect((await posts.updateOne({ id: 1 }, { $set: { claim: 'x' } }))?.claim).toBe('x');
      await posts.insert({ id: 5, title: 'e' });
      expect(await posts.count({ claim: { $exists: false } })).toBe(3);

      await posts.insert({ id: 6, title: 'f', claim: null });
      await expect(posts.insert({ id: 7, title: 'g', claim: null })).rejects.toBeInstanceOf(DuplicateKeyError);

      // The same fields with other options is another index, refused as MongoDB refuses it.
      await expect(posts.ensureIndex({ fields: ['claim'], unique: true })).rejects.toThrow();
      await reopen();
      await expect(posts.insert({ id: 8, title: 'h', claim: 'x' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await posts.insert({ id: 8, title: 'h' });
      expect(await posts.count()).toBe(6);
    });

    it('sparse compound: left out only when every field is missing', async () => {
      const keys = store.collection('keys');
      await keys.ensureIndex({ fields: ['scope', 'key'], unique: true, sparse: true });
      await keys.insert({ n: 1 });
      await keys.insert({ n: 2 });
      await keys.insert({ n: 3, scope: 'a', key: 'k' });
      await keys.insert({ n: 4, scope: 'b', key: 'k' });
      await expect(keys.insert({ n: 5, scope: 'a', key: 'k' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await keys.count()).toBe(4);
    });

    it('concurrent writers of one unique key: exactly one wins, every other gets DuplicateKeyError', async () => {
      await posts.ensureIndex({ fields: ['claim'], unique: true, sparse: true });
      await posts.ensureIndex({ fields: ['slug'], unique: true });
      const writers = 60;
      // Inserts racing for one sparse key and one plain unique key, next to inserts without the sparse key.
      const claims = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) =>
          posts.insert({ id: i + 1, title: 't', claim: 'race', slug: `c-${i}` }),
        ),
      );
      const slugs = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) => posts.insert({ id: 100 + i, title: 't', slug: 'race' })),
      );
      const free = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) => posts.insert({ id: 200 + i, title: 't', slug: `f-${i}` })),
      );
      for (const results of [claims, slugs]) {
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(failures).toHaveLength(writers - 1);
        for (const f of failures) expect(f.reason).toBeInstanceOf(DuplicateKeyError);
      }
      expect(free.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(await posts.count({ claim: 'race' })).toBe(1);
      expect(await posts.count({ slug: 'race' })).toBe(1);

      // Updates claiming one key at once: one wins.
      const updates = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) => posts.updateOne({ id: 200 + i }, { $set: { claim: 'other' } })),
      );
      expect(updates.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(updates.filter((r) => r.status === 'rejected' && r.reason instanceof DuplicateKeyError)).toHaveLength(
        writers - 1,
      );
      expect(await posts.count({ claim: 'other' })).toBe(1);
      expect(await posts.count()).toBe(2 + writers);
    });

    it('unique indexes survive close and reopen', async () => {
      await posts.ensureIndex({ fields: ['slug'], unique: true });
      await posts.insert({ id: 1, title: 'a', slug: 'a' });
      await reopen();
      await expect(posts.insert({ id: 2, title: 'b', slug: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await posts.ensureIndex({ fields: ['slug'], unique: true });
      await expect(posts.insert({ id: 2, title: 'b', slug: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await posts.count()).toBe(1);
    });
  });

  describe('sequences', () => {
    it('counts 1, 2, 3 per sequence', async () => {
      expect(await store.nextId('posts')).toBe(1);
      expect(await store.nextId('posts')).toBe(2);
      expect(await store.nextId('users')).toBe(1);
      expect(await store.nextId('posts')).toBe(3);
    });

    it('never hands out the same number to concurrent callers', async () => {
      const got = await Promise.all(Array.from({ length: 50 }, () => store.nextId('posts')));
      expect(new Set(got).size).toBe(50);
      expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await store.nextId('posts')).toBe(51);
    });

    it('honours floor', async () => {
      expect(await store.nextId('posts', 100)).toBe(100);
      expect(await store.nextId('posts')).toBe(101);
      expect(await store.nextId('posts', 50)).toBe(102); // a lower floor changes nothing
      expect(await store.nextId('posts', 102)).toBe(103);
      expect(await store.nextId('posts', 200)).toBe(200);
      const concurrent = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.nextId('pages', i % 2 ? 10 : undefined)),
      );
      expect(new Set(concurrent).size).toBe(20);
      expect(Math.max(...concurrent)).toBeGreaterThanOrEqual(10);
    });

    it('continues after close and reopen', async () => {
      await store.nextId('posts');
      await store.nextId('posts');
      await store.nextId('terms', 40);
      await reopen();
      expect(await store.nextId('posts')).toBe(3);
      expect(await store.nextId('terms')).toBe(41);
    });
  });

  describe('persistence and lifecycle', () => {
    it('keeps inserts, updates and deletes across close and reopen', async () => {
      await seed();
      await posts.updateOne({ id: 1 }, { $set: { title: 'Changed' }, $inc: { views: 1 } });
      await posts.deleteOne({ id: 2 });
      await posts.updateMany({ status: 'publish' }, { $set: { seen: true } });
      await reopen();
      expect(sortedIds(await posts.find())).toEqual([1, 3, 4, 5]);
      expect(await posts.findOne({ id: 1 })).toEqual({ ...POSTS[0], title: 'Changed', views: 11, seen: true });
      expect(await posts.findOne({ id: 4 })).toEqual(POSTS[3]);
      expect(await posts.count({ seen: true })).toBe(3);
    });

    it('reports isOpen and refuses work once closed', async () => {
      expect(store.isOpen()).toBe(true);
      await posts.insert(POSTS[0]);
      await store.close();
      expect(store.isOpen()).toBe(false);
      await store.close(); // closing twice is harmless
      await expect(posts.find()).rejects.toThrow(/closed/);
      await expect(posts.insert(POSTS[1])).rejects.toThrow(/closed/);
      await expect(store.nextId('posts')).rejects.toThrow(/closed/);
      store = await fx.open();
      expect(store.isOpen()).toBe(true);
      expect(await store.collection<Post>('posts').find()).toEqual([POSTS[0]]);
    });

    if (adapter.kind === 'embedded') {
      it('writes one compacted file per collection', async () => {
        await seed();
        await posts.updateOne({ id: 1 }, { $set: { title: 'x' } });
        await posts.deleteOne({ id: 2 });
        await store.nextId('posts');
        await store.close();
        const lines = (await readFile(path.join(fx.dir as string, 'posts.db'), 'utf8')).split('\n').filter(Boolean);
        expect(lines).toHaveLength(4); // one line per live document after compaction
        const seq = (await readFile(path.join(fx.dir as string, '_sequences.db'), 'utf8')).split('\n').filter(Boolean);
        expect(seq).toHaveLength(1);
      });
    }
  });

  describe('isolation from callers', () => {
    it('never returns _id', async () => {
      await seed();
      const all = [
        ...(await posts.find()),
        ...(await posts.find({}, { sort: { id: 1 } })),
        await posts.findOne({ id: 1 }),
        await posts.insert({ id: 9, title: 'new' }),
        await posts.updateOne({ id: 9 }, { $set: { title: 'newer' } }),
        await posts.deleteOne({ id: 9 }),
      ];
      for (const doc of all) {
        expect(doc).not.toBeNull();
        expect(doc).not.toHaveProperty('_id');
      }
    });

    it('does not keep a reference to the inserted object, nor give out references to stored ones', async () => {
      const input: Post = { id: 1, title: 'orig', tags: ['a'], author: { id: 1, name: 'Ada' } };
      const stored = await posts.insert(input);
      input.title = 'mutated input';
      input.tags?.push('b');
      stored.title = 'mutated result';
      (stored.author as { name: string }).name = 'mutated';

      const found = await posts.findOne({ id: 1 });
      expect(found).toEqual({ id: 1, title: 'orig', tags: ['a'], author: { id: 1, name: 'Ada' } });
      (found as Post).tags?.push('c');
      (found as Post).title = 'mutated find';
      const [listed] = await posts.find({ id: 1 }, { sort: { id: 1 } });
      listed.tags?.push('d');
      const [plain] = await posts.find({ id: 1 });
      plain.tags?.push('d');

      const updated = await posts.updateOne({ id: 1 }, { $set: { views: 1 } });
      (updated as Post).tags?.push('e');
      const set = { tags: ['x'] };
      await posts.updateOne({ id: 1 }, { $set: set });
      set.tags.push('y');

      expect(await posts.findOne({ id: 1 })).toEqual({
        id: 1,
        title: 'orig',
        tags: ['x'],
        views: 1,
        author: { id: 1, name: 'Ada' },
      });
    });

    it('refuses keys and paths that would reach a prototype, and stores nothing', async () => {
      await seed();
      const before = await posts.find({}, { sort: { id: 1 } });
      const proto = JSON.parse('{"id": 50, "meta": {"__proto__": {"x": 1}}}') as Post;
      await expect(posts.insert(proto)).rejects.toThrow(TypeError);
      await expect(
        posts.updateOne({ id: 1 }, { $set: JSON.parse('{"meta": {"__proto__": {"x": 1}}}') }),
      ).rejects.toThrow(TypeError);
      for (const path of ['__proto__.x', 'author.constructor.prototype', 'prototype']) {
        await expect(posts.updateOne({ id: 1 }, { $set: { [path]: 1 } })).rejects.toThrow(TypeError);
        await expect(posts.find({ [path]: 1 })).rejects.toThrow(TypeError);
        await expect(posts.find({}, { sort: { [path]: 1 } })).rejects.toThrow(TypeError);
      }
      await expect(posts.find(JSON.parse('{"author": {"__proto__": {"id": 1}}}'))).rejects.toThrow(TypeError);
      expect(await posts.find({}, { sort: { id: 1 } })).toEqual(before);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });
});

describe('openStore', () => {
  it('opens an embedded store under <dataDir>/<service> when no mongoUrl is given', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'loom-store-open-'));
    try {
      for (const mongoUrl of [undefined, '', '  ']) {
        const store = await openStore({ service: 'core-content', dataDir, mongoUrl });
        expect(store.kind).toBe('embedded');
        await store.collection('posts').insert({ id: 1 });
        await store.close();
      }
      const lines = (await readFile(path.join(dataDir, 'core-content', 'posts.db'), 'utf8'))
        .split('\n')
        .filter(Boolean);
      expect(lines).toHaveLength(3);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('rejects a service name that is not a plain name', async () => {
    await expect(openStore({ service: '../etc', dataDir: os.tmpdir() })).rejects.toThrow(TypeError);
  });

  (MONGO_URL ? it : it.skip)('uses MongoDB database loom_<service> when mongoUrl is set', async () => {
    const service = `store-test-${process.pid}`;
    const store = await openStore({ service, mongoUrl: MONGO_URL });
    try {
      expect(store.kind).toBe('mongodb');
      await store.collection('things').insert({ id: 1 });
    } finally {
      await store.close();
    }
    const client = new MongoClient(MONGO_URL as string);
    try {
      await client.connect();
      const db = client.db(`loom_store_test_${process.pid}`);
      expect(await db.collection('things').countDocuments()).toBe(1);
      await db.dropDatabase();
    } finally {
      await client.close();
    }
  });
});
