/**
 * The embedded adapter: one @seald-io/nedb datafile per collection under `dir` (`<dir>/<collection>.db`),
 * sequences in `<dir>/_sequences.db`. The whole data set lives in memory, every write is appended to the
 * file, and files are compacted on load and on close.
 *
 * nedb's query language differs from MongoDB's in a few places; `toNedbQuery` rewrites the port's filters
 * so both adapters return the same documents (see README "Behaviour shared by both adapters").
 * One process must own a directory: two stores on the same files would overwrite each other, so opening takes
 * a pid lock file (see lock.ts) and closing releases it.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { EmbeddedFileStore } from './files-embedded';
import { acquireLock, type DirLock } from './lock';
import { containsTest, isPrimitive, valuesOf } from './match';
import { ReadModel, type Match } from './read-model';
import { Collection, Doc, DuplicateKeyError, Filter, FindOptions, IndexSpec, Store, Update } from './port';
import {
  checkCollectionName,
  checkIndexSpec,
  checkSequenceName,
  isPlainObject,
  normalizeFilter,
  normalizeFindOptions,
  normalizeUpdate,
  prepareInsert,
  stripId,
} from './internal';

type Raw = Record<string, unknown>;
type NedbQuery = Record<string, unknown>;
type Nedb = Datastore<Raw>;

const SEQUENCES = '_sequences';

interface SequenceDoc {
  _id: string;
  value: number;
}

// ---------------------------------------------------------------------------------------------------------
// Filter translation

/** `{path: value}` with MongoDB's meaning: null also matches a missing field (nedb's does not). */
function equals(path: string, value: unknown): NedbQuery {
  if (value === null) return { $or: [{ [path]: null }, { [path]: { $exists: false } }] };
  return { [path]: value };
}

/** `$in` with MongoDB's meaning: RegExp items match as patterns, null also matches a missing field. */
function inList(path: string, list: unknown[]): NedbQuery {
  const literals = list.filter((v) => !(v instanceof RegExp));
  const alternatives: NedbQuery[] = [{ [path]: { $in: literals } }];
  for (const re of list) if (re instanceof RegExp) alternatives.push({ [path]: re });
  if (literals.includes(null)) alternatives.push({ [path]: { $exists: false } });
  return alternatives.length === 1 ? alternatives[0] : { $or: alternatives };
}

function translateField(path: string, condition: unknown): NedbQuery[] {
  const isOps = isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'));
  if (!isOps) return [equals(path, condition)];
  const ops = condition as Record<string, unknown>;
  const clauses: NedbQuery[] = [];
  const native: Raw = {};
  for (const [op, operand] of Object.entries(ops)) {
    switch (op) {
      case '$eq': // nedb has no $eq
        clauses.push(equals(path, operand));
        break;
      case '$ne': // nedb's $ne on an array means "some element differs"; MongoDB's means "no element equals"
        clauses.push({ $not: equals(path, operand) });
        break;
      case '$in':
        clauses.push(inList(path, operand as unknown[]));
        break;
      case '$nin': // same array issue as $ne
        clauses.push({ $not: inList(path, operand as unknown[]) });
        break;
      case '$exists':
        // nedb tests $exists per element of an array, so an empty array would not "exist"; negate the opposite.
        if (operand) clauses.push({ $not: { [path]: { $exists: false } } });
        else native.$exists = false;
        break;
      case '$contains': {
        // nedb has no such operator: its $where runs the same test as the compiled predicates.
        const test = containsTest(operand as string);
        clauses.push({
          $where: function (this: Raw) {
            const vs = valuesOf(this, path);
            return vs.some((v) => test(v) || (Array.isArray(v) && v.some(test)));
          },
        });
        break;
      }
      default: // $gt $gte $lt $lte $regex behave alike (any element of an array may match)
        native[op] = operand;
    }
  }
  if (Object.keys(native).length) clauses.push({ [path]: native });
  return clauses;
}

/** Rewrites a checked port filter into an nedb query with MongoDB's semantics. */
export function toNedbQuery(filter: Filter): NedbQuery {
  // nedb picks index candidates from a query's top-level fields only, never from inside `$and`: so the
  // conjunction is flattened and each field's first condition goes to the top level (the rest stay in
  // `$and`). Without this every multi-field query, even `{id, type}`, scanned the whole collection.
  const merged: NedbQuery = {};
  const rest: NedbQuery[] = [];
  for (const clause of conjuncts(filter)) {
    const keys = Object.keys(clause);
    if (keys.length === 1 && !keys[0]!.startsWith('$') && !(keys[0]! in merged)) merged[keys[0]!] = clause[keys[0]!];
    else rest.push(clause);
  }
  if (rest.length) merged.$and = rest;
  return merged;
}

/** The clauses a filter requires all of, with nested `$and`s opened up (AND is associative). */
function conjuncts(filter: Filter): NedbQuery[] {
  const clauses: NedbQuery[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') for (const sub of value as Filter[]) clauses.push(...conjuncts(sub));
    else if (key === '$or') clauses.push({ $or: (value as Filter[]).map(toNedbQuery) });
    else if (key === '$nor')
      clauses.push({ $not: { $or: (value as Filter[]).map(toNedbQuery) } }); // nedb has no $nor
    else clauses.push(...translateField(key, value));
  }
  return clauses;
}

// ---------------------------------------------------------------------------------------------------------
// Errors

interface UniqueViolation extends Error {
  errorType: 'uniqueViolated';
  key?: unknown;
}

function isUniqueViolation(e: unknown): e is UniqueViolation {
  return e instanceof Error && (e as Partial<UniqueViolation>).errorType === 'uniqueViolated';
}

/** The shape of nedb's (untyped) index map, used only to name the fields of a violated index. */
interface NedbIndex {
  fieldName: string;
  unique: boolean;
  sparse: boolean;
  tree: { search(key: unknown): unknown[] };
}

/**
 * nedb's error carries the duplicate key but not the index. The violated index is the unique one that
 * already holds that key (nedb has rolled the failed write back by the time we see the error).
 */
function violatedFields(db: Nedb, key: unknown): string[] {
  try {
    const indexes = (db as unknown as { indexes?: Record<string, NedbIndex> }).indexes ?? {};
    for (const index of Object.values(indexes)) {
      if (index.unique && index.fieldName !== '_id' && index.tree.search(key).length > 0)
        return index.fieldName.split(',');
    }
  } catch {
    // best effort: the error is still a DuplicateKeyError without field names
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------------
// Collection

/** nedb's in-memory index of one field (internal to nedb, as `violatedFields` reads it too). */
interface FieldIndex {
  fieldName: string;
  tree: { search(key: unknown): Raw[] };
}
interface IndexedDb {
  indexes?: Record<string, FieldIndex>;
  getAllData(): Raw[];
}

/**
 * The documents that may match: those an index gives for the most selective top-level equality or `$in` of
 * plain values, when that is well under the whole collection (looking a key up costs nothing; walking a big
 * `$in` does), else null (every document). `lookup` gives a field's documents holding a value, or null when the
 * field has no index. The compiled predicate decides.
 */
function candidatesFor(
  lookup: (field: string, value: unknown) => Raw[] | Set<Raw> | null,
  query: NedbQuery,
  size: number,
): Raw[] | null {
  let best: (Raw[] | Set<Raw>)[] | null = null;
  let bestSize = Infinity;
  for (const [field, condition] of Object.entries(query)) {
    if (field.startsWith('$')) continue;
    const values = isPrimitive(condition)
      ? [condition]
      : isPlainObject(condition) &&
          Object.keys(condition).length === 1 &&
          Array.isArray(condition.$in) &&
          condition.$in.every(isPrimitive)
        ? [...new Set(condition.$in as unknown[])]
        : null;
    if (!values) continue;
    const found: (Raw[] | Set<Raw>)[] = [];
    let total = 0;
    for (const v of values) {
      const docs = lookup(field, v);
      if (!docs) break; // no index on this field
      found.push(docs);
      total += Array.isArray(docs) ? docs.length : docs.size;
    }
    if (found.length === values.length && total < bestSize) {
      best = found;
      bestSize = total;
    }
  }
  if (!best || (bestSize > 256 && bestSize > size / 4)) return null;
  if (best.length === 1) return [...best[0]!];
  // Several keys of one field: an array field may hold more than one of them, so keep each document once.
  const seen = new Set<Raw>();
  for (const docs of best) for (const d of docs) seen.add(d);
  return [...seen];
}

/** A deep copy of a stored value (Dates stay Dates), so callers never hold nedb's in-memory objects. */
function copyDoc<V>(value: V): V {
  if (Array.isArray(value)) return value.map(copyDoc) as V;
  if (value instanceof Date) return new Date(value.getTime()) as V;
  if (isPlainObject(value)) {
    const out: Raw = {};
    for (const key of Object.keys(value)) out[key] = copyDoc(value[key]);
    return out as V;
  }
  return value;
}

/** A filter as a cache key: RegExps, Dates and non-finite numbers kept apart from look-alike strings and nulls. */
function filterKey(filter: Filter): string {
  return JSON.stringify(filter, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof RegExp) return { $re: [raw.source, raw.flags] };
    if (raw instanceof Date) return { $date: raw.getTime() };
    if (typeof raw === 'number' && !Number.isFinite(raw)) return { $num: String(raw) };
    return value;
  });
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  /** Writes of this collection run one at a time, so read-then-write steps (deleteOne) are atomic. */
  private queue: Promise<unknown> = Promise.resolve();
  /** What reads keep between writes (read-model.ts); null until the first read after a write it could not follow. */
  private model: ReadModel | null = null;
  /** A write is under way: nedb may hold it already and the model not yet, so reads then remember nothing. */
  private writing = false;
  /** Indexes declared (by their sorted fields), and the fields of the non-unique single-field ones. */
  private readonly declared = new Map<string, { unique: boolean; sparse: boolean }>();
  private readonly lookupFields = new Set<string>();

  constructor(
    private readonly name: string,
    private readonly db: () => Promise<Nedb>,
  ) {}

  /**
   * Runs a write after those queued before it. `follow` brings the read model up to date with its result (a
   * one-document write); without it, or when it fails, the model is dropped and the next read builds it again.
   */
  private exclusive<R>(
    fn: (db: Nedb) => Promise<R>,
    follow?: (db: Nedb, result: R, model: ReadModel) => void,
  ): Promise<R> {
    // Take the datastore now: a write accepted before close() still runs once its turn comes.
    const db = this.db();
    db.catch(() => undefined); // handled when its turn comes; avoid an unhandled-rejection report meanwhile
    const run = this.queue.then(async () => {
      this.writing = true;
      let followed = false;
      try {
        const d = await db;
        const result = await fn(d);
        if (follow && this.model) {
          try {
            follow(d, result, this.model);
            followed = true;
          } catch {
            // the model is rebuilt from nedb's data by the next read
          }
        }
        return result;
      } finally {
        if (!followed) this.model = null;
        this.writing = false;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every write queued so far has finished. */
  idle(): Promise<unknown> {
    return this.queue;
  }

  private duplicate(db: Nedb, e: unknown): unknown {
    return isUniqueViolation(e) ? new DuplicateKeyError(this.name, violatedFields(db, e.key)) : e;
  }

  /** nedb's object for a document by `_id` (the one a write has just stored). */
  private stored(db: Nedb, id: unknown): Raw {
    const doc = typeof id === 'string' ? (db as unknown as IndexedDb).indexes?._id?.tree.search(id)[0] : undefined;
    if (!doc) throw new Error(`no stored document ${String(id)}`);
    return doc;
  }

  /**
   * Unique indexes are nedb's (it enforces them; one document per key, so cheap to keep). A non-unique one is not
   * given to nedb: nedb keeps the documents of a key in one array and copies it on every update of any of them
   * (at 100,000 published posts, every write copied 100,000-element arrays for `status`, `parent`, `type`...), and
   * it looks candidates up by single-field indexes only. A single-field one is the read model's instead (a set per
   * value); a compound one only needs declaring (MongoDB's planner uses it; here it would only cost writes).
   */
  async ensureIndex(spec: IndexSpec): Promise<void> {
    const fields = checkIndexSpec(spec);
    const unique = spec.unique ?? false;
    const sparse = spec.sparse ?? false;
    const name = [...fields].sort().join(',');
    return this.exclusive(async (db) => {
      const existing = (db as unknown as { indexes?: Record<string, NedbIndex> }).indexes?.[name];
      const before =
        this.declared.get(name) ?? (existing && { unique: existing.unique, sparse: Boolean(existing.sparse) });
      // MongoDB refuses to redefine an index; nedb would silently keep the old one.
      if (before && (before.unique !== unique || before.sparse !== sparse))
        throw new Error(
          `index on ${fields.join(', ')} in ${this.name} exists with unique=${before.unique}, sparse=${before.sparse}`,
        );
      this.declared.set(name, { unique, sparse });
      if (!unique) {
        if (existing) await db.removeIndexAsync(name); // made by an earlier version: no longer nedb's
        if (fields.length === 1) this.lookupFields.add(fields[0]!);
        return;
      }
      if (existing) return;
      try {
        // nedb's sparse leaves out documents lacking every field of the index, as MongoDB's does.
        await db.ensureIndexAsync({ fieldName: fields.length === 1 ? fields[0] : fields, unique, sparse });
      } catch (e) {
        throw isUniqueViolation(e) ? new DuplicateKeyError(this.name, fields) : e;
      }
    });
  }

  /**
   * A read against the read model, built from nedb's data when missing. While a write is under way nedb may hold
   * it already and the model not yet: the read sees one or the other (either is right for a read that overlaps a
   * write), and `keep` is false, so no match it computes is remembered and later patched a second time. These are
   * nedb's own objects: copy before handing any out.
   */
  private async read<R>(
    filter: Filter | undefined,
    fn: (model: ReadModel, match: Match, key: string, keep: boolean) => R,
  ): Promise<R> {
    const normalized = normalizeFilter(filter);
    const db = (await this.db()) as unknown as IndexedDb;
    const keep = !this.writing;
    const model = (this.model ??= new ReadModel(db.getAllData(), this.lookupFields));
    const key = filterKey(normalized);
    const candidates = () =>
      candidatesFor(
        (field, value) => {
          const index = db.indexes?.[field];
          return index ? index.tree.search(value) : model.lookup(field, value);
        },
        toNedbQuery(normalized),
        model.size,
      );
    return fn(model, model.match(key, normalized, candidates, keep), key, keep);
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const { sort, skip, limit } = normalizeFindOptions(options);
    // nedb's own sort orders types and arrays differently from MongoDB: the read model orders them MongoDB's way.
    const page = await this.read(filter, (model, match, key, keep) => model.page(key, match, sort, skip, limit, keep));
    return page.map((d) => stripId<T>(copyDoc(d)));
  }

  async findOne(filter: Filter): Promise<T | null> {
    const query = toNedbQuery(normalizeFilter(filter));
    const doc = (await (await this.db()).findOneAsync(query)) as unknown as Raw | null;
    return doc ? stripId<T>(doc) : null;
  }

  async count(filter?: Filter): Promise<number> {
    return this.read(filter, (_model, match) => match.n);
  }

  async insert(doc: T): Promise<T> {
    const prepared = prepareInsert(doc);
    let insertedId: unknown;
    return this.exclusive(
      async (db) => {
        try {
          const stored = (await db.insertAsync(prepared)) as Raw;
          insertedId = stored._id;
          return stripId<T>(stored);
        } catch (e) {
          throw this.duplicate(db, e);
        }
      },
      (db, _result, model) => model.changed(undefined, this.stored(db, insertedId)),
    );
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    const query = toNedbQuery(normalizeFilter(filter));
    const modifier = normalizeUpdate(update);
    if (!modifier) return this.findOne(filter);
    let updatedId: unknown;
    return this.exclusive(
      async (db) => {
        try {
          const { affectedDocuments } = await db.updateAsync(query, modifier, {
            multi: false,
            returnUpdatedDocs: true,
          });
          updatedId = (affectedDocuments as Raw | null)?._id;
          return affectedDocuments ? stripId<T>(affectedDocuments as Raw) : null;
        } catch (e) {
          throw this.duplicate(db, e);
        }
      },
      (db, result, model) => {
        if (result === null) return; // nothing updated: nothing changed
        const before = model.get(updatedId as string);
        if (!before) throw new Error('updated an unknown document');
        model.changed(before, this.stored(db, updatedId));
      },
    );
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const query = toNedbQuery(normalizeFilter(filter));
    const modifier = normalizeUpdate(update);
    if (!modifier) return this.count(filter);
    return this.exclusive(async (db) => {
      try {
        const { numAffected } = await db.updateAsync(query, modifier, { multi: true });
        return numAffected;
      } catch (e) {
        throw this.duplicate(db, e);
      }
    });
  }

  async deleteOne(filter: Filter): Promise<T | null> {
    const query = toNedbQuery(normalizeFilter(filter));
    let removedId: unknown;
    return this.exclusive(
      async (db) => {
        // nedb's remove returns only a count; find then remove by _id, atomic because writes are queued.
        const doc = (await db.findOneAsync(query)) as unknown as Raw | null;
        if (!doc) return null;
        removedId = doc._id;
        await db.removeAsync({ _id: doc._id }, { multi: false });
        return stripId<T>(doc);
      },
      (_db, result, model) => {
        if (result === null) return;
        const before = model.get(removedId as string);
        if (!before) throw new Error('removed an unknown document');
        model.changed(before, undefined);
      },
    );
  }

  async deleteMany(filter: Filter): Promise<number> {
    const query = toNedbQuery(normalizeFilter(filter));
    return this.exclusive((db) => db.removeAsync(query, { multi: true }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Store

class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  private open = true;
  private readonly datastores = new Map<string, Promise<Nedb>>();
  private readonly collections = new Map<string, EmbeddedCollection<Doc>>();

  readonly files: EmbeddedFileStore;

  constructor(
    private readonly dir: string,
    private readonly lock: DirLock,
  ) {
    this.files = new EmbeddedFileStore(path.join(dir, 'files'));
  }

  /** The loaded datastore for a collection (loaded once, on first use). */
  datastore(name: string): Promise<Nedb> {
    if (!this.open) return Promise.reject(new Error('store is closed'));
    let loading = this.datastores.get(name);
    if (!loading) {
      const db: Nedb = new Datastore<Raw>({ filename: path.join(this.dir, `${name}.db`) });
      loading = db.loadDatabaseAsync().then(() => db);
      // Do not cache a failure: the next call retries the load.
      loading.catch(() => {
        if (this.datastores.get(name) === loading) this.datastores.delete(name);
      });
      this.datastores.set(name, loading);
    }
    return loading;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    checkCollectionName(name);
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new EmbeddedCollection<Doc>(name, () => this.datastore(name));
      this.collections.set(name, coll);
    }
    return coll as unknown as Collection<T>;
  }

  async nextId(sequence: string, floor?: number): Promise<number> {
    checkSequenceName(sequence);
    if (floor !== undefined && !Number.isSafeInteger(floor))
      throw new TypeError(`floor must be an integer, got ${floor}`);
    const db = (await this.datastore(SEQUENCES)) as unknown as Datastore<SequenceDoc>;
    // Each update is atomic in nedb (its executor runs one command at a time). Raising first and then
    // incrementing stays correct under concurrency: increments only ever move the value up.
    if (floor !== undefined) await db.updateAsync({ _id: sequence }, { $max: { value: floor - 1 } }, { upsert: true });
    const { affectedDocuments } = await db.updateAsync(
      { _id: sequence },
      { $inc: { value: 1 } },
      { upsert: true, returnUpdatedDocs: true },
    );
    const value = (affectedDocuments as SequenceDoc | null)?.value;
    if (typeof value !== 'number') throw new Error(`sequence ${sequence} did not return a number`);
    return value;
  }

  isOpen(): boolean {
    return this.open;
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    try {
      await Promise.allSettled([...this.collections.values()].map((c) => c.idle()));
      const loaded = await Promise.allSettled(this.datastores.values());
      for (const result of loaded) {
        // Compaction rewrites each file as one line per live document (nedb appends on every write).
        if (result.status === 'fulfilled') await result.value.compactDatafileAsync();
      }
      this.datastores.clear();
      this.collections.clear();
    } finally {
      // Released once nothing more will be written, even if compaction failed.
      this.lock.release();
    }
  }
}

/**
 * Opens (creating if needed) an embedded store in `dir`. Collections are loaded lazily on first use;
 * the sequences file is loaded now, so an unusable directory fails here rather than on the first request.
 * Throws StoreLockedError while another live process (or this one) has the directory open.
 */
export async function openEmbeddedStore(dir: string): Promise<Store> {
  const resolved = path.resolve(dir);
  await mkdir(resolved, { recursive: true });
  const lock = acquireLock(resolved);
  try {
    const store = new EmbeddedStore(resolved, lock);
    await store.datastore(SEQUENCES);
    // Half-written files of a process that stopped mid-write (this process owns the directory now).
    await store.files.clearTemporary();
    return store;
  } catch (e) {
    lock.release();
    throw e;
  }
}
