/**
 * The MongoDB adapter (official driver). Documents keep the driver's ObjectId as `_id`, which is projected
 * away on every read; sequences live in the `_sequences` collection as `{_id: name, value}`.
 */
import { GridFsFileStore } from './files-gridfs';
import {
  Collection as MongoCollection,
  Db,
  Document,
  Filter as MongoFilter,
  MongoClient,
  MongoClientOptions,
  UpdateFilter,
} from 'mongodb';
import {
  Collection,
  Doc,
  DuplicateKeyError,
  escapeRegExp,
  Filter,
  FindOptions,
  IndexSpec,
  Store,
  Update,
} from './port';
import {
  checkCollectionName,
  checkIndexSpec,
  checkSequenceName,
  normalizeFilter,
  normalizeFindOptions,
  normalizeUpdate,
  prepareInsert,
  stripId,
} from './internal';

const SEQUENCES = '_sequences';
const NO_ID = { _id: 0 } as const;

interface SequenceDoc {
  _id: string;
  value: number;
}

/** Server error code for a unique index violation (E11000). */
const DUPLICATE_KEY = 11000;

function isDuplicateKey(e: unknown): e is Error & { code: number; keyPattern?: Record<string, unknown> } {
  return e instanceof Error && (e as { code?: unknown }).code === DUPLICATE_KEY;
}

function mapError(collection: string, e: unknown, fallback: string[] = []): unknown {
  if (!isDuplicateKey(e)) return e;
  const fields = e.keyPattern ? Object.keys(e.keyPattern) : fallback;
  return new DuplicateKeyError(collection, fields);
}

/** Longest `$contains` text sent as a pattern: MongoDB refuses patterns over 32 KiB, and escaping may double it. */
const CONTAINS_AS_PATTERN_MAX = 8 * 1024;

/**
 * `$contains` in MongoDB's terms: an escaped case-insensitive pattern, or, for text too long to be one, an
 * aggregation expression finding the lower-cased text in the lower-cased field (`$toLower` folds ASCII only).
 */
function containsClause(path: string, text: string): Document {
  if (text.length <= CONTAINS_AS_PATTERN_MAX) return { [path]: { $regex: escapeRegExp(text), $options: 'i' } };
  return { $expr: { $gte: [{ $indexOfCP: [{ $toLower: { $ifNull: [`$${path}`, ''] } }, text.toLowerCase()] }, 0] } };
}

/** The port's filter in MongoDB's language: the same, but for `$contains`, which MongoDB lacks. */
function translate(filter: Filter): Document {
  const out: Document = {};
  const extra: Document[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      out[key] = (value as Filter[]).map(translate);
    } else if (
      value &&
      typeof value === 'object' &&
      !(value instanceof RegExp) &&
      typeof (value as Document).$contains === 'string'
    ) {
      const { $contains, ...rest } = value as Document;
      if (Object.keys(rest).length) out[key] = rest;
      extra.push(containsClause(key, $contains as string));
    } else {
      out[key] = value;
    }
  }
  return extra.length ? { $and: [...(Object.keys(out).length ? [out] : []), ...extra] } : out;
}

/** The port's filter after the shared checks, in MongoDB's language. */
function toMongoFilter(filter: Filter | undefined): MongoFilter<Document> {
  return translate(normalizeFilter(filter)) as MongoFilter<Document>;
}

class MongoStoreCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly coll: () => MongoCollection<Document>,
  ) {}

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const fields = checkIndexSpec(spec);
    const keys = Object.fromEntries(fields.map((f) => [f, 1 as const]));
    // MongoDB's default naming (a_1_b_1): stable across restarts, so createIndex is a no-op once it exists.
    const name = fields.map((f) => `${f}_1`).join('_');
    try {
      // A sparse index leaves out documents lacking every field (what the embedded adapter's nedb does too).
      await this.coll().createIndex(keys, {
        name,
        unique: spec.unique ?? false,
        ...(spec.sparse ? { sparse: true } : {}),
      });
    } catch (e) {
      throw mapError(this.name, e, fields);
    }
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const query = toMongoFilter(filter);
    const { sort, skip, limit } = normalizeFindOptions(options);
    let cursor = this.coll().find(query, { projection: NO_ID });
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return (await cursor.toArray()).map((d) => stripId<T>(d));
  }

  async findOne(filter: Filter): Promise<T | null> {
    const doc = await this.coll().findOne(toMongoFilter(filter), { projection: NO_ID });
    return doc ? stripId<T>(doc) : null;
  }

  async count(filter?: Filter): Promise<number> {
    return this.coll().countDocuments(toMongoFilter(filter));
  }

  async insert(doc: T): Promise<T> {
    const prepared = prepareInsert(doc);
    try {
      // insertOne adds an ObjectId `_id` to the object it is given: that is our copy, stripped below.
      await this.coll().insertOne(prepared);
    } catch (e) {
      throw mapError(this.name, e);
    }
    return stripId<T>(prepared);
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    const query = toMongoFilter(filter);
    const modifier = normalizeUpdate(update);
    if (!modifier) return this.findOne(filter);
    try {
      // Driver 6 resolves to the document itself (not {value, ok}) unless includeResultMetadata is set.
      const doc = await this.coll().findOneAndUpdate(query, modifier as UpdateFilter<Document>, {
        returnDocument: 'after',
        projection: NO_ID,
        includeResultMetadata: false,
      });
      return doc ? stripId<T>(doc) : null;
    } catch (e) {
      throw mapError(this.name, e);
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const query = toMongoFilter(filter);
    const modifier = normalizeUpdate(update);
    if (!modifier) return this.count(filter);
    try {
      const result = await this.coll().updateMany(query, modifier as UpdateFilter<Document>);
      return result.matchedCount;
    } catch (e) {
      // Unlike nedb, MongoDB keeps the documents it updated before the one that failed.
      throw mapError(this.name, e);
    }
  }

  async deleteOne(filter: Filter): Promise<T | null> {
    const doc = await this.coll().findOneAndDelete(toMongoFilter(filter), {
      projection: NO_ID,
      includeResultMetadata: false,
    });
    return doc ? stripId<T>(doc) : null;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.coll().deleteMany(toMongoFilter(filter))).deletedCount;
  }
}

class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  private open = true;
  private readonly collections = new Map<string, MongoStoreCollection<Doc>>();

  readonly files: GridFsFileStore;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.files = new GridFsFileStore(db);
  }

  raw<S extends Document>(name: string): MongoCollection<S> {
    if (!this.open) throw new Error('store is closed');
    return this.db.collection<S>(name);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    checkCollectionName(name);
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new MongoStoreCollection<Doc>(name, () => this.raw(name));
      this.collections.set(name, coll);
    }
    return coll as unknown as Collection<T>;
  }

  async nextId(sequence: string, floor?: number): Promise<number> {
    checkSequenceName(sequence);
    if (floor !== undefined && !Number.isSafeInteger(floor))
      throw new TypeError(`floor must be an integer, got ${floor}`);
    const sequences = this.raw<SequenceDoc>(SEQUENCES);
    // Upserts on _id are retried by the server when two race to insert, but older servers surface E11000: retry once.
    const retryOnce = async <R>(op: () => Promise<R>): Promise<R> => {
      try {
        return await op();
      } catch (e) {
        if (isDuplicateKey(e)) return op();
        throw e;
      }
    };
    if (floor !== undefined) {
      await retryOnce(() => sequences.updateOne({ _id: sequence }, { $max: { value: floor - 1 } }, { upsert: true }));
    }
    const doc = await retryOnce(() =>
      sequences.findOneAndUpdate(
        { _id: sequence },
        { $inc: { value: 1 } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: false },
      ),
    );
    if (!doc || typeof doc.value !== 'number') throw new Error(`sequence ${sequence} did not return a number`);
    return doc.value;
  }

  isOpen(): boolean {
    return this.open;
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.client.close();
  }
}

/** Every `stage` named in the winning plans of an explain() answer (classic and slot-based plans, any nesting). */
function winningStages(explained: unknown, inWinning = false, out: string[] = []): string[] {
  if (Array.isArray(explained)) for (const item of explained) winningStages(item, inWinning, out);
  else if (explained && typeof explained === 'object') {
    for (const [key, value] of Object.entries(explained)) {
      if (key === 'rejectedPlans') continue;
      if (inWinning && key === 'stage' && typeof value === 'string') out.push(value);
      else winningStages(value, inWinning || key === 'winningPlan', out);
    }
  }
  return out;
}

/**
 * The stages of the plan MongoDB's planner picks for a find, findOne or count of the port's filter on `store` (a
 * MongoDB store), as the adapter sends it: a count is explained as the aggregation countDocuments runs. For the
 * suite that checks every query shape is served by an index (IXSCAN, not COLLSCAN).
 */
export async function explainStages(
  store: Store,
  collection: string,
  query: { operation: 'find' | 'findOne' | 'count'; filter: Filter; options?: FindOptions },
): Promise<string[]> {
  if (!(store instanceof MongoStore)) throw new TypeError('explainStages needs a MongoDB store');
  const coll = store.raw(collection);
  const filter = toMongoFilter(query.filter);
  if (query.operation === 'count') {
    const pipeline = [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }];
    return winningStages(await coll.aggregate(pipeline).explain('queryPlanner'));
  }
  const { sort, skip, limit } = normalizeFindOptions(query.options);
  let cursor = coll.find(filter, { projection: NO_ID });
  if (sort) cursor = cursor.sort(sort);
  if (skip) cursor = cursor.skip(skip);
  if (query.operation === 'findOne') cursor = cursor.limit(1);
  else if (limit) cursor = cursor.limit(limit);
  return winningStages(await cursor.explain('queryPlanner'));
}

/** Defaults chosen so a service with an unreachable database fails its start within seconds. */
const DEFAULT_OPTIONS: MongoClientOptions = {
  serverSelectionTimeoutMS: 5000,
  connectTimeoutMS: 5000,
  // Belt and braces: the shared checks already drop undefined fields from writes and reject them in filters.
  ignoreUndefined: true,
};

/**
 * Connects to MongoDB at `url` and uses database `dbName`. Rejects if no server is reachable within
 * `serverSelectionTimeoutMS` (5 s unless overridden in `options`).
 */
export async function openMongoStore(url: string, dbName: string, options: MongoClientOptions = {}): Promise<Store> {
  const client = new MongoClient(url, { ...DEFAULT_OPTIONS, ...options });
  try {
    await client.connect();
    const db = client.db(dbName);
    await db.command({ ping: 1 });
    return new MongoStore(client, db);
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
}
