/**
 * Validation and normalisation shared by both adapters. Everything a repository hands to the store goes
 * through here first, so the two adapters see the same (checked) input and reject the same mistakes.
 * Not exported from the package index.
 */
import type { Doc, Filter, FindOptions, IndexSpec, Sort, Update } from './port';

/** Collection names become file names (embedded) and collection names (MongoDB): keep them boring. */
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

export function checkCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) {
    throw new TypeError(
      `invalid collection name ${JSON.stringify(name)} (letters, digits, _ and -; starts with a letter)`,
    );
  }
}

/** Index fields, checked. Commas are refused because nedb uses them to name compound indexes. */
export function checkIndexSpec(spec: IndexSpec): string[] {
  const fields = spec.fields;
  if (!Array.isArray(fields) || fields.length === 0) throw new TypeError('an index needs at least one field');
  for (const f of fields) {
    if (typeof f !== 'string' || f === '' || f.startsWith('$') || f.includes(','))
      throw new TypeError(`invalid index field ${JSON.stringify(f)}`);
  }
  if (new Set(fields).size !== fields.length) throw new TypeError(`duplicate field in index ${fields.join(', ')}`);
  return fields;
}

export function checkSequenceName(name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.length > 200) {
    throw new TypeError(`invalid sequence name ${JSON.stringify(name)}`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep copy of a value destined for storage. Undefined object fields are dropped and undefined array items
 * become null (what JSON and the embedded file format do anyway, so MongoDB stores the same thing).
 * Dates are copied; other class instances (RegExp, Buffer, ...) are kept as they are.
 */
export function cloneValue(value: unknown, path = ''): unknown {
  if (Array.isArray(value))
    return value.map((item, i) => (item === undefined ? null : cloneValue(item, `${path}.${i}`)));
  if (value instanceof Date) return new Date(value.getTime());
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Both backends reserve these: nedb rejects them outright, MongoDB treats them as operators/paths.
      if (key.startsWith('$') || key.includes('.')) {
        throw new TypeError(
          `field name ${JSON.stringify(key)}${path ? ` in ${path.slice(1)}` : ''} must not start with $ or contain .`,
        );
      }
      // Copied key by key, `__proto__` would replace the copy's prototype instead of naming a field.
      if (key === '__proto__')
        throw new TypeError(`field name "__proto__"${path ? ` in ${path.slice(1)}` : ''} is not storable`);
      if (item !== undefined) out[key] = cloneValue(item, `${path}.${key}`);
    }
    return out;
  }
  return value;
}

/** A document to insert: deep-copied (callers keep their object) and checked. `_id` is the adapter's. */
export function prepareInsert(doc: Doc): Doc {
  if (!isPlainObject(doc)) throw new TypeError('a document must be a plain object');
  if ('_id' in doc) throw new TypeError('_id is reserved for the storage adapter');
  return cloneValue(doc) as Doc;
}

/** Removes the adapter key from a document read back from the backend. */
export function stripId<T extends Doc>(doc: Record<string, unknown>): T {
  const { _id, ...rest } = doc;
  void _id;
  return rest as T;
}

const FIELD_OPS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$regex',
  '$contains',
]);
const LOGICAL_OPS = new Set(['$and', '$or', '$nor']);

/** A RegExp without g/y: those make RegExp#test stateful, and MongoDB ignores them anyway. */
function statelessRegExp(re: RegExp): RegExp {
  return re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
}

function checkValue(value: unknown, where: string): unknown {
  if (value === undefined) {
    // MongoDB would silently drop the condition (match everything), nedb would match nothing: refuse both.
    throw new TypeError(`undefined value in filter at ${where}`);
  }
  if (value instanceof RegExp) return statelessRegExp(value);
  if (Array.isArray(value)) return value.map((item, i) => checkValue(item, `${where}.${i}`));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '__proto__') throw new TypeError(`field name "__proto__" in filter at ${where}`);
      out[key] = checkValue(item, `${where}.${key}`);
    }
    return out;
  }
  return value;
}

/** Dotted paths are walked into stored documents: no segment may reach a prototype. */
function checkPath(path: string, what: string): void {
  if (path.split('.').some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) {
    throw new TypeError(`${what} path ${JSON.stringify(path)} reaches a prototype`);
  }
}

function checkFieldCondition(field: string, condition: unknown): unknown {
  if (!isPlainObject(condition)) return checkValue(condition, field);
  const keys = Object.keys(condition);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0) return checkValue(condition, field); // a literal sub-document
  if (ops.length !== keys.length) throw new TypeError(`filter on ${field} mixes operators and field names`);
  const out: Record<string, unknown> = {};
  for (const op of ops) {
    if (!FIELD_OPS.has(op)) throw new TypeError(`unsupported filter operator ${op} on ${field}`);
    const operand = condition[op];
    if ((op === '$in' || op === '$nin') && !Array.isArray(operand))
      throw new TypeError(`${op} on ${field} needs an array`);
    if (op === '$regex' && !(operand instanceof RegExp)) throw new TypeError(`$regex on ${field} needs a RegExp`);
    if (op === '$exists' && typeof operand !== 'boolean') throw new TypeError(`$exists on ${field} needs a boolean`);
    if (op === '$contains' && typeof operand !== 'string') throw new TypeError(`$contains on ${field} needs a string`);
    out[op] = checkValue(operand, `${field}.${op}`);
  }
  return out;
}

/**
 * Checks a filter against the port's subset of the MongoDB query language and returns a copy with RegExps
 * made stateless. Throws TypeError on anything else, so a repository that works on one adapter works on both.
 */
export function normalizeFilter(filter: Filter | undefined): Filter {
  if (filter === undefined) return {};
  if (!isPlainObject(filter)) throw new TypeError('a filter must be a plain object');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (!LOGICAL_OPS.has(key)) throw new TypeError(`unsupported filter operator ${key}`);
      // MongoDB rejects empty lists; nedb would treat them as always true/false.
      if (!Array.isArray(value) || value.length === 0) throw new TypeError(`${key} needs a non-empty array of filters`);
      out[key] = value.map((sub: Filter) => normalizeFilter(sub));
    } else {
      if (key === '') throw new TypeError('empty field name in filter');
      checkPath(key, 'filter');
      out[key] = checkFieldCondition(key, value);
    }
  }
  return out as Filter;
}

/** The non-empty parts of an Update, checked and deep-copied; null when there is nothing to do. */
export function normalizeUpdate(update: Update): Update | null {
  if (!isPlainObject(update)) throw new TypeError('an update must be a plain object');
  const out: Update = {};
  const paths: string[] = [];
  for (const [op, body] of Object.entries(update as Record<string, unknown>)) {
    if (op !== '$set' && op !== '$unset' && op !== '$inc') {
      throw new TypeError(`unsupported update operator ${op} (use $set, $unset, $inc)`);
    }
    if (body === undefined) continue;
    if (!isPlainObject(body)) throw new TypeError(`${op} needs an object`);
    const entries = Object.entries(body).filter(([, v]) => v !== undefined); // like MongoDB's ignoreUndefined
    if (entries.length === 0) continue;
    for (const [path, value] of entries) {
      if (path === '' || path.startsWith('$') || path.split('.').some((part) => part === '')) {
        throw new TypeError(`invalid field path ${JSON.stringify(path)} in ${op}`);
      }
      if (path === '_id' || path.startsWith('_id.')) throw new TypeError('_id is reserved for the storage adapter');
      checkPath(path, op);
      if (op === '$inc' && (typeof value !== 'number' || !Number.isFinite(value))) {
        throw new TypeError(`$inc.${path} must be a finite number`);
      }
      paths.push(path);
    }
    if (op === '$set') out.$set = Object.fromEntries(entries.map(([p, v]) => [p, cloneValue(v, `.${p}`)]));
    else if (op === '$unset') out.$unset = Object.fromEntries(entries.map(([p]) => [p, true as const]));
    else out.$inc = Object.fromEntries(entries) as Record<string, number>;
  }
  // MongoDB refuses two operators touching the same path (or a path and its parent); nedb would apply both.
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1] || sorted[i].startsWith(`${sorted[i - 1]}.`)) {
      throw new TypeError(`update touches ${sorted[i - 1]} and ${sorted[i]} at once`);
    }
  }
  return Object.keys(out).length ? out : null;
}

export interface CheckedFindOptions {
  sort?: Sort;
  skip: number;
  /** 0 = no limit (MongoDB's convention). */
  limit: number;
}

export function normalizeFindOptions(options: FindOptions | undefined): CheckedFindOptions {
  const skip = options?.skip ?? 0;
  const limit = options?.limit ?? 0;
  if (!Number.isSafeInteger(skip) || skip < 0) throw new RangeError(`skip must be a non-negative integer, got ${skip}`);
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  let sort: Sort | undefined;
  if (options?.sort) {
    for (const [field, dir] of Object.entries(options.sort)) {
      if (dir !== 1 && dir !== -1) throw new TypeError(`sort direction for ${field} must be 1 or -1`);
      checkPath(field, 'sort');
    }
    if (Object.keys(options.sort).length) sort = options.sort;
  }
  return { sort, skip, limit };
}

/**
 * The value at a dotted path, MongoDB-style: a numeric part indexes into an array, any other part applied to
 * an array collects that field from each element.
 */
export function valueAtPath(value: unknown, path: string | string[]): unknown {
  const parts = typeof path === 'string' ? path.split('.') : path;
  if (parts.length === 0) return value;
  if (value === null || typeof value !== 'object') return undefined;
  const [head, ...rest] = parts;
  const next = (value as Record<string, unknown>)[head];
  if (rest.length === 0) return next;
  if (Array.isArray(next)) {
    if (/^\d+$/.test(rest[0])) return valueAtPath(next[Number(rest[0])], rest.slice(1));
    return next.map((item) => valueAtPath(item, rest));
  }
  return valueAtPath(next, rest);
}

/**
 * Strings compare by Unicode code point, which is what MongoDB's binary (UTF-8) comparison gives. Plain
 * `<` on JS strings compares UTF-16 code units and disagrees for astral characters vs U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Move surrogates above the rest of the BMP so code-unit order becomes code-point order.
    x = x >= 0xd800 && x <= 0xdfff ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x;
    y = y >= 0xd800 && y <= 0xdfff ? y + 0x2000 : y >= 0xe000 ? y - 0x800 : y;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A string whose code-unit order is the original's code-point order (compareCodePoints' mapping, per unit). */
function codePointOrdered(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const x = s.charCodeAt(i);
    out += String.fromCharCode(x >= 0xd800 && x <= 0xdfff ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x);
  }
  return out;
}

/** MongoDB's cross-type sort order (null/missing < numbers < strings < objects < arrays < ... < booleans < dates). */
function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number' || typeof v === 'bigint') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (Buffer.isBuffer(v)) return 6;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  if (typeof v === 'object') return 4;
  return 12;
}

/** Total order over stored values, matching MongoDB's BSON comparison for the types the port stores. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
      return 0;
    case 2: {
      const x = Number(a);
      const y = Number(b);
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return compareCodePoints(a as string, b as string);
    case 5: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c) return c;
      }
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    }
    case 6:
      return Buffer.compare(a as Buffer, b as Buffer);
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 9: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4: {
      // Field by field in stored order: value type, then field name, then value (as MongoDB does).
      const x = Object.entries(a as Record<string, unknown>);
      const y = Object.entries(b as Record<string, unknown>);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const byType = typeRank(x[i][1]) - typeRank(y[i][1]);
        if (byType) return byType < 0 ? -1 : 1;
        const byName = compareCodePoints(x[i][0], y[i][0]);
        if (byName) return byName;
        const byValue = compareValues(x[i][1], y[i][1]);
        if (byValue) return byValue;
      }
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    }
    default:
      return compareCodePoints(String(a), String(b));
  }
}

/** Marks an empty array, which MongoDB sorts before null and missing. */
const EMPTY_ARRAY_KEY = Symbol('empty array');

/**
 * The value a document sorts by on one key, as MongoDB defines it: an array field sorts by its smallest
 * element ascending and its largest descending; an empty array sorts first.
 */
export function sortKey(doc: unknown, path: string, direction: 1 | -1): unknown {
  const value = valueAtPath(doc, path);
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return EMPTY_ARRAY_KEY;
  let best: unknown = value[0];
  for (const item of value.slice(1)) {
    const c = compareValues(item, best);
    if ((direction === 1 && c < 0) || (direction === -1 && c > 0)) best = item;
  }
  return best;
}

export function compareSortKeys(a: unknown, b: unknown): number {
  if (a === EMPTY_ARRAY_KEY || b === EMPTY_ARRAY_KEY) return a === b ? 0 : a === EMPTY_ARRAY_KEY ? -1 : 1;
  return compareValues(a, b);
}

/**
 * How documents compare in a Sort spec, MongoDB's way: `keys` computes a document's sort keys once (a plain
 * top-level value is its own key; strings are made comparable with `<` in code-point order, only those holding
 * surrogates or U+E000..U+FFFF need rewriting), `compare` orders two documents' keys.
 */
export function sortOrder(sort: Sort): { keys(doc: unknown): unknown[]; compare(a: unknown[], b: unknown[]): number } {
  const criteria = Object.entries(sort) as [string, 1 | -1][];
  const str = (v: unknown) => (typeof v === 'string' && /[\uD800-\uFFFF]/.test(v) ? codePointOrdered(v) : v);
  const keyOf = criteria.map(([path, dir]) =>
    path.includes('.')
      ? (doc: unknown) => str(sortKey(doc, path, dir))
      : (doc: unknown) => {
          const v = (doc as Record<string, unknown>)[path];
          return str(Array.isArray(v) ? sortKey(doc, path, dir) : v);
        },
  );
  return {
    keys: (doc) => keyOf.map((k) => k(doc)),
    compare(x, y) {
      for (let i = 0; i < criteria.length; i++) {
        const a = x[i];
        const b = y[i];
        // Same-type numbers and strings compare directly; the rest as MongoDB orders them.
        const c =
          typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a) && !Number.isNaN(b)
            ? a < b
              ? -1
              : a > b
                ? 1
                : 0
            : typeof a === 'string' && typeof b === 'string'
              ? a < b
                ? -1
                : a > b
                  ? 1
                  : 0
              : compareSortKeys(a, b);
        if (c) return c * criteria[i]![1];
      }
      return 0;
    },
  };
}

/**
 * A sorted copy of `docs` by a Sort spec, stable (ties keep the backend's order). With `first`, only that many:
 * a page near the start keeps its best documents in a heap instead of sorting everything.
 */
export function sortDocs<T>(docs: T[], sort: Sort, first?: number): T[] {
  const order = sortOrder(sort);
  const keyed = docs.map((doc, index) => ({ doc, index, keys: order.keys(doc) }));
  type Keyed = (typeof keyed)[number];
  const compare = (x: Keyed, y: Keyed) => order.compare(x.keys, y.keys) || x.index - y.index;
  if (first === undefined || first * 8 >= keyed.length)
    return keyed
      .sort(compare)
      .slice(0, first)
      .map((k) => k.doc);
  // A heap of the best `first` so far, worst on top: a document enters only if it beats the worst.
  const heap: Keyed[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && worse(l, top)) top = l;
      if (r < heap.length && worse(r, top)) top = r;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  // Candidates often come in insertion order, the reverse of a newest-first sort: walking them from the end
  // lets the best arrive first, so few later ones enter the heap.
  const backwards = compare(keyed[0]!, keyed[keyed.length - 1]!) > 0;
  for (let n = 0; n < keyed.length; n++) {
    const item = keyed[backwards ? keyed.length - 1 - n : n]!;
    if (heap.length < first) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare).map((k) => k.doc);
}
