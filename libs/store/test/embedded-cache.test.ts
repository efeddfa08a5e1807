/**
 * The embedded adapter keeps its read model (counts, listed matches, whole orders: read-model.ts) across
 * one-document inserts, updates and deletes, patching it instead of recomputing, and drops it on other writes: a
 * differential test. Random writes (some concurrent with reads) and random reads over 1,000 documents (enough that
 * some matches are listed and ranked, others read by walking an order); every read must equal what a fresh
 * computation over a plain copy of the data gives.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded';
import { sortDocs } from '../src/internal';
import { compileFilter } from '../src/match';
import type { Doc, Filter, Sort, Store } from '../src/port';

jest.setTimeout(60_000);

let seed = 17;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const STATUSES = ['publish', 'draft', 'future'];
const randomFields = () => ({
  status: STATUSES[rand(3)],
  date: `2024-0${1 + rand(5)}-1${rand(3)}`,
  n: rand(100),
  title: `t${rand(1000)} ${['Warp', 'weft', 'WOOL'][rand(3)]}`,
  tags: [rand(5), rand(5)],
});

const FILTERS: Filter[] = [
  {},
  { status: 'publish' },
  { status: { $in: ['publish', 'future'] } },
  { n: { $gt: 50 } },
  { status: 'draft', n: { $lt: 30 } },
  { tags: 3 },
  { n: 7 },
  { n: { $in: [1, 2, 3] }, status: 'publish' },
  { tags: { $in: [1, 4] } },
  { title: { $contains: 'wo' } },
  { $or: [{ title: { $contains: 'T12' } }, { status: 'future' }] },
];
// With the unique `id` last, so the expected order is fully defined.
const SORTS: (Sort | undefined)[] = [
  undefined,
  { date: -1, id: -1 },
  { n: 1, id: 1 },
  { status: 1, date: -1, id: 1 },
  { title: 1, id: -1 },
];

let dir: string;
let store: Store;
const model = new Map<number, Doc>();
let nextId = 1001;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loom-cache-'));
  store = await openEmbeddedStore(dir);
  const c = store.collection('docs');
  await c.ensureIndex({ fields: ['id'], unique: true });
  await c.ensureIndex({ fields: ['status'] });
  // Non-unique single-field indexes are the read model's own look-ups (an array field by its elements).
  await c.ensureIndex({ fields: ['n'] });
  await c.ensureIndex({ fields: ['tags'] });
  for (let id = 1; id <= 1000; id++) {
    const doc = { id, ...randomFields() };
    model.set(id, doc);
    await c.insert(doc);
  }
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function expected(filter: Filter, sort: Sort | undefined, skip: number, limit: number): Doc[] {
  const test = compileFilter(filter);
  const all = [...model.values()].filter((d) => test(d));
  const ordered = sort ? sortDocs(all, sort) : all;
  return ordered.slice(skip, limit ? skip + limit : undefined);
}

async function check(): Promise<void> {
  const c = store.collection('docs');
  const filter = FILTERS[rand(FILTERS.length)]!;
  const sort = SORTS[rand(SORTS.length)];
  // Without a sort the order is the backend's: compared as a set, whole.
  const limit = sort ? [0, 10, 5][rand(3)]! : 0;
  const skip = limit ? limit * rand(3) : 0;
  const got = await c.find(filter, { sort, skip, limit });
  if (sort) expect(got).toEqual(expected(filter, sort, skip, limit));
  else expect(new Set(got.map((d) => d.id))).toEqual(new Set(expected(filter, undefined, 0, 0).map((d) => d.id)));
  expect(await c.count(filter)).toBe(expected(filter, undefined, 0, 0).length);
}

test('reads after one-document inserts, updates and deletes, and many-document updates, equal a fresh computation', async () => {
  const c = store.collection('docs');
  for (let round = 0; round < 300; round++) {
    // Warm a few answers, then update, some reads running during the update.
    await check();
    await check();
    const during = Array.from({ length: rand(3) }, () =>
      c.find(FILTERS[rand(FILTERS.length)]!, { sort: SORTS[1], limit: 10 }),
    );
    const op = rand(12);
    if (op < 3) {
      const doc = { id: nextId++, ...randomFields() };
      model.set(doc.id, doc);
      await c.insert(doc);
    } else if (op === 3) {
      const id = [...model.keys()][rand(model.size)]!;
      await c.deleteOne({ id });
      model.delete(id);
    } else if (op === 4) {
      const n = rand(100);
      await c.updateMany({ n }, { $set: { status: 'draft' } });
      for (const [id, doc] of model) if (doc.n === n) model.set(id, { ...doc, status: 'draft' });
    } else {
      const id = [...model.keys()][rand(model.size)]!;
      const change = rand(4) === 0 ? { title: `t${rand(1000)}` } : randomFields();
      await c.updateOne({ id }, { $set: change });
      model.set(id, { ...model.get(id)!, ...change });
    }
    await Promise.all(during);
    await check();
  }
});

test('look-ups by a non-unique single-field index follow inserts, updates and deletes', async () => {
  const c = store.collection('lookups');
  await c.ensureIndex({ fields: ['k'] });
  for (let id = 0; id < 600; id++) await c.insert({ id, k: id % 60, list: [id % 7, 100] });
  await c.ensureIndex({ fields: ['list'] });
  expect(await c.count({ k: 7 })).toBe(10);
  expect(await c.count({ list: 3 })).toBe(86);
  await c.updateOne({ id: 7 }, { $set: { k: 8, list: [4] } });
  expect(await c.count({ k: 7 })).toBe(9);
  expect(await c.count({ k: 8 })).toBe(11);
  expect(await c.count({ list: 0 })).toBe(85);
  expect((await c.find({ k: { $in: [7, 8] } })).map((d) => d.id).sort((a, b) => Number(a) - Number(b))).toEqual(
    [
      ...Array.from({ length: 10 }, (_, i) => 7 + 60 * i).slice(1),
      ...Array.from({ length: 10 }, (_, i) => 8 + 60 * i),
      7,
    ].sort((a, b) => a - b),
  );
  await c.deleteOne({ id: 8 });
  expect(await c.count({ k: 8 })).toBe(10);
  await c.insert({ id: 600, k: 7, list: [] });
  expect(await c.count({ k: 7 })).toBe(10);
});
