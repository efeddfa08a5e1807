/** recordingStore records shapes (values left out) and indexes; the offline rules name the index serving a shape. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded';
import { embeddedIndexFor, isWholeCollection, mongoIndexFor, recordingStore, type QueryShape } from '../src/shapes';

const shape = (filter: QueryShape['filter'], sort?: QueryShape['sort']): QueryShape => ({
  collection: 'posts',
  operation: 'find',
  filter,
  ...(sort ? { sort } : {}),
  sample: { filter: {} },
});
const INDEXES = [{ fields: ['id'], unique: true }, { fields: ['type', 'status', 'date'] }, { fields: ['status'] }];

test('records each shape once, values replaced, with its first query and the declared indexes', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loom-shapes-'));
  try {
    const { store, recording } = recordingStore(await openEmbeddedStore(dir));
    const posts = store.collection('posts');
    await posts.ensureIndex({ fields: ['type', 'status'] });
    await posts.find({ type: 'post', status: { $in: ['publish'] } }, { sort: { date: -1 }, limit: 5 });
    await posts.find({ type: 'page', status: { $in: ['draft', 'publish'] } }, { sort: { date: -1 } });
    await posts.count({ $and: [{ title: { $contains: 'x' } }] });
    expect(recording.shapes().map(({ operation, filter, sort }) => ({ operation, filter, sort }))).toEqual([
      { operation: 'find', filter: { type: '?', status: { $in: '?' } }, sort: { date: -1 } },
      { operation: 'count', filter: { $and: [{ title: { $contains: '?' } }] }, sort: undefined },
    ]);
    expect(recording.shapes()[0]!.sample).toEqual({
      filter: { type: 'post', status: { $in: ['publish'] } },
      options: { sort: { date: -1 }, limit: 5 },
    });
    expect(recording.indexes().get('posts')).toEqual([{ fields: ['type', 'status'] }]);
    await store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('MongoDB: an index led by an equality (most pinned first), a range, each $or branch, or the sort when nothing bounds', () => {
  expect(mongoIndexFor(shape({ $and: [{ type: '?' }, { status: { $in: '?' } }] }), INDEXES)).toBe('type,status,date');
  expect(mongoIndexFor(shape({ id: { $gt: '?' } }), INDEXES)).toBe('id');
  expect(mongoIndexFor(shape({ $or: [{ id: '?' }, { status: '?' }] }), INDEXES)).toBe('or(id|status)');
  expect(mongoIndexFor(shape({ $or: [{ id: '?' }, { title: { $contains: '?' } }] }), INDEXES)).toBeNull();
  expect(mongoIndexFor(shape({ author: '?' }, { id: 1 }), INDEXES)).toBeNull(); // not walked: author narrows nothing
  expect(mongoIndexFor(shape({}, { id: -1 }), INDEXES)).toBe('id');
  expect(mongoIndexFor(shape({ id: { $nin: '?' } }), INDEXES)).toBeNull();
});

test('embedded: a single-field index on an equality or $in; whole-collection shapes', () => {
  expect(embeddedIndexFor(shape({ $and: [{ type: '?' }, { status: { $in: '?' } }] }), INDEXES)).toBe('status');
  expect(embeddedIndexFor(shape({ type: '?' }), INDEXES)).toBeNull(); // compound indexes are not looked up
  expect(isWholeCollection(shape({}))).toBe(true);
  expect(isWholeCollection(shape({ $and: [{ $or: [{ id: '?' }, { name: { $contains: '?' } }] }] }))).toBe(true);
  expect(isWholeCollection(shape({ id: { $nin: '?' } }))).toBe(true);
  expect(isWholeCollection(shape({ type: '?', title: { $contains: '?' } }))).toBe(false);
});
