/**
 * Query shapes: what a service asks its store, with the values left out, so that a suite can check that every
 * query is served by an index (see services/core-content/test/query-shapes.test.ts). `recordingStore` wraps a
 * Store and records, per collection, the indexes declared (`ensureIndex`) and the shape of every `find`, `findOne`
 * and `count` (its filter's field paths and operators, and the sort), with the first concrete query of each shape
 * (to ask MongoDB's explain about). Test-only in spirit: services never wrap their store in it, and an unwrapped
 * store pays nothing for it.
 */
import type { FileStore } from './files';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Sort, Store } from './port';

/** A filter with every value replaced by `?` (operators and field paths kept; `$in` lists become one `?`). */
export type FilterShape = Record<string, unknown>;

export interface QueryShape {
  collection: string;
  operation: 'find' | 'findOne' | 'count';
  filter: FilterShape;
  /** The sort's keys and directions, in order (none for count and findOne). */
  sort?: Sort;
  /** The first query of this shape that was made, as given to the store. */
  sample: { filter: Filter; options?: FindOptions };
}

export interface Recording {
  /** The indexes declared per collection, in declaration order. */
  indexes(): ReadonlyMap<string, readonly IndexSpec[]>;
  /** Each distinct shape once, in the order first seen. */
  shapes(): QueryShape[];
  /** Forgets the shapes recorded so far (the indexes stay). */
  clearShapes(): void;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp);

/** The shape of one field's condition: `?` for a value, or its operators with `?` for their operands. */
function conditionShape(value: unknown): unknown {
  if (value instanceof RegExp) return { $regex: '?' };
  if (!isPlainObject(value) || !Object.keys(value).some((k) => k.startsWith('$'))) return '?';
  return Object.fromEntries(Object.keys(value).map((op) => [op, '?']));
}

/** A filter's shape: field paths and operators, values replaced by `?`; `$and`/`$or`/`$nor` keep their branches. */
export function filterShape(filter: Filter | undefined): FilterShape {
  const out: FilterShape = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    if (key === '$and' || key === '$or' || key === '$nor') out[key] = (value as Filter[]).map(filterShape);
    else out[key] = conditionShape(value);
  }
  return out;
}

function recordingCollection<T extends Doc>(inner: Collection<T>, name: string, rec: RecordingState): Collection<T> {
  const note = (operation: QueryShape['operation'], filter: Filter | undefined, options?: FindOptions) => {
    const shape: QueryShape = {
      collection: name,
      operation,
      filter: filterShape(filter),
      ...(options?.sort ? { sort: { ...options.sort } } : {}),
      sample: { filter: filter ?? {}, ...(options ? { options } : {}) },
    };
    const key = JSON.stringify([name, operation, shape.filter, shape.sort ? Object.entries(shape.sort) : null]);
    if (!rec.shapes.has(key)) rec.shapes.set(key, shape);
  };
  return {
    ensureIndex: (spec) => {
      const list = rec.indexes.get(name) ?? [];
      if (!list.some((s) => s.fields.join() === spec.fields.join())) list.push({ ...spec, fields: [...spec.fields] });
      rec.indexes.set(name, list);
      return inner.ensureIndex(spec);
    },
    find: (filter, options) => {
      note('find', filter, options);
      return inner.find(filter, options);
    },
    findOne: (filter) => {
      note('findOne', filter);
      return inner.findOne(filter);
    },
    count: (filter) => {
      note('count', filter);
      return inner.count(filter);
    },
    insert: (doc) => inner.insert(doc),
    updateOne: (filter, update) => inner.updateOne(filter, update),
    updateMany: (filter, update) => inner.updateMany(filter, update),
    deleteOne: (filter) => inner.deleteOne(filter),
    deleteMany: (filter) => inner.deleteMany(filter),
  };
}

interface RecordingState {
  indexes: Map<string, IndexSpec[]>;
  shapes: Map<string, QueryShape>;
}

/** `store`, recording what is asked of it (see the file's comment); `recording` reads what was recorded. */
export function recordingStore(store: Store): { store: Store; recording: Recording } {
  const state: RecordingState = { indexes: new Map(), shapes: new Map() };
  const collections = new Map<string, Collection>();
  const wrapped: Store = {
    get kind() {
      return store.kind;
    },
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let c = collections.get(name);
      if (!c) collections.set(name, (c = recordingCollection(store.collection(name), name, state)));
      return c as unknown as Collection<T>;
    },
    get files(): FileStore {
      return store.files;
    },
    nextId: (sequence, floor) => store.nextId(sequence, floor),
    isOpen: () => store.isOpen(),
    close: () => store.close(),
  };
  return {
    store: wrapped,
    recording: {
      indexes: () => state.indexes,
      shapes: () => [...state.shapes.values()],
      clearShapes: () => state.shapes.clear(),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Which declared index serves a shape

/** How a field's condition can bound an index scan: a point (equality, `$in`), a range, or not at all. */
type Bound = 'point' | 'range';

const POINT_OPS = new Set(['$eq', '$in']);
const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

function boundOf(condition: unknown): Bound | null {
  if (condition === '?') return 'point';
  if (!isPlainObject(condition)) return null;
  const ops = Object.keys(condition);
  if (ops.length && ops.every((op) => POINT_OPS.has(op))) return 'point';
  if (ops.length && ops.every((op) => RANGE_OPS.has(op) || POINT_OPS.has(op))) return 'range';
  return null;
}

/** The fields a shape's conjunction bounds (nested `$and`s opened, as MongoDB does), and the `$or`s in it. */
function conjunction(shape: FilterShape): { bounds: Map<string, Bound>; ors: FilterShape[][] } {
  const bounds = new Map<string, Bound>();
  const ors: FilterShape[][] = [];
  const visit = (s: FilterShape) => {
    for (const [key, value] of Object.entries(s)) {
      if (key === '$and') (value as FilterShape[]).forEach(visit);
      else if (key === '$or') ors.push(value as FilterShape[]);
      else if (key === '$nor') continue;
      else {
        const bound = boundOf(value);
        if (bound && bounds.get(key) !== 'point') bounds.set(key, bound);
      }
    }
  };
  visit(shape);
  return { bounds, ors };
}

/** How many leading fields of an index the bounds pin (equalities, then at most one range): the better, the more. */
function prefixScore(fields: readonly string[], bounds: Map<string, Bound>): number {
  let score = 0;
  for (const field of fields) {
    const bound = bounds.get(field);
    if (!bound) break;
    score += bound === 'point' ? 2 : 1;
    if (bound === 'range') break;
  }
  return score;
}

/**
 * The index MongoDB can scan for a shape (see `mongoIndexFor`), as `a,b,c`, `or(…|…)` for a `$or` served branch by
 * branch, or null. `sort` only matters when nothing bounds a scan.
 */
function mongoServedBy(shape: FilterShape, sort: Sort | undefined, indexes: readonly IndexSpec[]): string | null {
  const { bounds, ors } = conjunction(shape);
  let best: IndexSpec | undefined;
  let bestScore = 0;
  for (const ix of indexes) {
    const score = prefixScore(ix.fields, bounds);
    if (score > bestScore) [best, bestScore] = [ix, score];
  }
  if (best) return best.fields.join(',');
  for (const branches of ors) {
    const served = branches.map((b) => mongoServedBy(b, undefined, indexes));
    if (served.every((s) => s !== null)) return `or(${served.join('|')})`;
  }
  // A field compared with a value that no index leads with: a scan reading every document, whatever the order.
  if (bounds.size) return null;
  const first = sort && Object.keys(sort)[0];
  const walked = first ? indexes.find((ix) => ix.fields[0] === first && !ix.sparse) : undefined;
  return walked ? walked.fields.join(',') : null;
}

const TEXT_OPS = new Set(['$contains', '$regex']);
const EXCLUDING_OPS = new Set(['$ne', '$nin', '$exists']);

/** Whether a filter shape only searches text or excludes values (see `isWholeCollection`). */
function onlySearchesOrExcludes(shape: FilterShape): boolean {
  return Object.entries(shape).every(([key, value]) => {
    if (key === '$and') return (value as FilterShape[]).every(onlySearchesOrExcludes);
    if (key === '$nor') return true;
    if (key === '$or') return (value as FilterShape[]).some(searchesText);
    return isPlainObject(value) && Object.keys(value).every((op) => TEXT_OPS.has(op) || EXCLUDING_OPS.has(op));
  });
}

/** Whether a filter shape holds a text search somewhere (an `$or` with such a branch cannot bound a scan). */
function searchesText(shape: FilterShape): boolean {
  return Object.entries(shape).some(([key, value]) =>
    key.startsWith('$')
      ? (value as FilterShape[]).some(searchesText)
      : isPlainObject(value) && Object.keys(value).some((op) => TEXT_OPS.has(op)),
  );
}

/**
 * Whether a shape reads the whole collection by nature, whatever the indexes: its filter is empty, or only searches
 * text (`$contains`, `$regex`, an `$or` with such a branch) and excludes values (`$ne`, `$nin`, `$exists`, `$nor`),
 * as WordPress's `LIKE '%text%'` over every user does. An index on its sort's first key can still spare it a sort.
 */
export function isWholeCollection(shape: QueryShape): boolean {
  return onlySearchesOrExcludes(shape.filter);
}

/**
 * The declared index MongoDB's planner can answer a shape with, rather than a collection scan, or null: an index
 * whose first field the filter's conjunction bounds with an equality or `$in`, or a range (of several, the one
 * whose leading fields the equalities, then a range, pin most: equality, sort, range); or, for a `$or`, one such
 * index per branch; or, when no condition could bound a scan at all, an index led by the sort's first key (walked
 * for the order). Conditions that cannot bound a scan ($ne, $nin, $exists, $regex,
 * $contains, $nor) only filter the scan. A sparse index serves bounds (on values, which it holds) but is not
 * walked for an order (it lacks the documents without the field, so MongoDB does not use it for that).
 */
export function mongoIndexFor(shape: QueryShape, indexes: readonly IndexSpec[]): string | null {
  return mongoServedBy(shape.filter, shape.sort, indexes);
}

/**
 * The declared index the embedded adapter narrows a shape's candidates with, or null: a single-field index on a
 * field the filter's conjunction sets equal to a value or to one of a `$in` list (the adapter looks nothing else
 * up; it sorts in memory).
 */
export function embeddedIndexFor(shape: QueryShape, indexes: readonly IndexSpec[]): string | null {
  const { bounds } = conjunction(shape.filter);
  const found = indexes.find((ix) => ix.fields.length === 1 && bounds.get(ix.fields[0]!) === 'point');
  return found ? found.fields[0]! : null;
}
