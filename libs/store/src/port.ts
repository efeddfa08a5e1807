/**
 * The storage port every service writes its repositories against. Two adapters implement it: the embedded
 * one (@seald-io/nedb files under DATA_DIR/<service>/, the default) and MongoDB (official driver, when
 * MONGO_URL is set). Filters are the subset of MongoDB's query language that both understand, so a
 * repository is written once.
 */
import type { FileStore } from './files';

/** A stored document. `_id` is the adapter's own key and never leaves the adapter. */
export type Doc = Record<string, unknown>;

/** Comparison operators both adapters support. */
interface FieldOps {
  $eq?: unknown;
  $ne?: unknown;
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
  $in?: unknown[];
  $nin?: unknown[];
  $exists?: boolean;
  /** A RegExp (use `escapeRegExp` for user text). */
  $regex?: RegExp;
  /**
   * Contains this text, ignoring case: a search (WordPress's `LIKE '%text%'`), of any length. Prefer it to a
   * `$regex` built from user text, whose length both backends limit (V8 and MongoDB refuse huge patterns).
   */
  $contains?: string;
}

/**
 * Field names map to a literal (equality; for an array field: "contains") or to FieldOps. Dotted paths reach
 * into sub-documents. $and / $or / $nor combine filters.
 */
export type Filter = {
  $and?: Filter[];
  $or?: Filter[];
  $nor?: Filter[];
} & { [field: string]: FieldOps | unknown }; // a field's value, or its operators (FieldOps)

/**
 * 1 ascending, -1 descending; keys are applied in insertion order. Both adapters use MongoDB's order (strings
 * by code point, missing/null first, arrays by their smallest/largest element); ties are unordered, so end
 * with a unique key for stable paging.
 */
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  /** 0 or absent: no limit. */
  limit?: number;
}

/** An update: fields to set, fields to remove, integers to add to. Applied atomically to one document. */
export interface Update {
  $set?: Doc;
  $unset?: Record<string, true>;
  $inc?: Record<string, number>;
}

export interface IndexSpec {
  /** One field or several (a compound index). */
  fields: string[];
  unique?: boolean;
  /**
   * Leave out documents that have none of the fields (MongoDB's sparse index): with `unique`, any number of
   * documents may lack the key while those holding one must differ. A null value is a value (indexed).
   */
  sparse?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  /**
   * Create the index if missing. Safe to call on every start; an index on the same fields with other options
   * (unique, sparse) is an error on both adapters.
   */
  ensureIndex(spec: IndexSpec): Promise<void>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Inserts and returns the document as stored (without `_id`). Throws DuplicateKeyError on a unique index. */
  insert(doc: T): Promise<T>;
  /**
   * Updates the first document matching `filter`; returns it as it is after the update, or null when none
   * matched. Throws DuplicateKeyError when the update would break a unique index (nothing is changed then).
   */
  updateOne(filter: Filter, update: Update): Promise<T | null>;
  /** Updates every matching document; returns how many matched. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Deletes the first matching document; returns it as it was, or null. */
  deleteOne(filter: Filter): Promise<T | null>;
  /** Deletes every matching document; returns how many. */
  deleteMany(filter: Filter): Promise<number>;
}

export interface Store {
  /** Which adapter this is, for health output and logs. */
  readonly kind: 'embedded' | 'mongodb';
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** The service's files (uploads): under the data directory, or in GridFS on MongoDB (see files.ts). */
  readonly files: FileStore;
  /**
   * The next value of a named integer sequence (1, 2, 3, ...), atomically: two concurrent callers never get
   * the same number, and numbers survive restarts. `floor` raises the sequence to at least that value first
   * (for seeding fixed ids).
   */
  nextId(sequence: string, floor?: number): Promise<number>;
  /** True while the store is open and usable (the service's /readyz). */
  isOpen(): boolean;
  close(): Promise<void>;
}

/** Thrown by insert/updateOne when a unique index would be violated. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: string[] = [],
  ) {
    super(`duplicate key in ${collection}${fields.length ? ` (${fields.join(', ')})` : ''}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Escapes user text for use inside a $regex. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
