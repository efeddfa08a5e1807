/**
 * A checked port filter compiled to a plain predicate with MongoDB's meaning (the semantics the contract suite
 * pins down for both adapters). The embedded adapter runs it over nedb's index candidates instead of nedb's own
 * matcher, which re-interprets the query for every document and was most of a list request's time.
 */
import type { Filter } from './port';
import { compareValues, isPlainObject } from './internal';

export type Predicate = (doc: Record<string, unknown>) => boolean;

/**
 * Every value a dotted path reaches (through arrays of sub-documents too); `undefined` where it reaches nothing,
 * so, as in MongoDB, `{'list.y': null}` matches a list with an element lacking `y`.
 */
function valuesAt(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[i]!;
    const before = out.length;
    // A numeric part indexes the array (a missing index reaches nothing), and names a field of its sub-documents.
    if (/^\d+$/.test(part) && Number(part) < value.length) valuesAt(value[Number(part)], parts, i + 1, out);
    for (const item of value) if (isPlainObject(item)) valuesAt(item[part], parts, i + 1, out);
    if (out.length === before) out.push(undefined);
    return;
  }
  if (value === null || typeof value !== 'object') {
    out.push(undefined);
    return;
  }
  valuesAt((value as Record<string, unknown>)[parts[i]!], parts, i + 1, out);
}

/** Every value `path` reaches in `doc` (see valuesAt). */
export function valuesOf(doc: Record<string, unknown>, path: string): unknown[] {
  const out: unknown[] = [];
  valuesAt(doc, path.split('.'), 0, out);
  return out;
}

const rank = (v: unknown) =>
  v === null || v === undefined ? 'null' : v instanceof Date ? 'date' : Array.isArray(v) ? 'array' : typeof v;
/** A string, boolean or number other than NaN: what an index keys and an equality compares with `===`. */
export const isPrimitive = (v: unknown) =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** Whether `test` holds for a reached value or, when it is an array, for one of its elements (no $elemMatch needed). */
function anyOf(values: unknown[], test: (c: unknown) => boolean): boolean {
  for (const v of values) {
    if (test(v)) return true;
    if (Array.isArray(v)) for (const item of v) if (test(item)) return true;
  }
  return false;
}

/** `{field: v}` / `$eq`: equal to the value or to one of its elements; null matches null and missing. */
function equalsTest(v: unknown): (c: unknown) => boolean {
  if (v instanceof RegExp) return regexTest(v);
  if (v === null) return (c) => c === null || c === undefined;
  // Strings, booleans and numbers are equal exactly when ===; other values compare as MongoDB does.
  if (isPrimitive(v)) return (c) => c === v;
  const r = rank(v);
  return (c) => c !== undefined && c !== null && rank(c) === r && compareValues(c, v) === 0;
}

function regexTest(re: RegExp): (c: unknown) => boolean {
  return (c) => typeof c === 'string' && re.test(c);
}

/**
 * The lower-case text of a document's field, kept per document object: a search tests every document of a
 * collection, and lowering each text again per search was most of its cost. Stored documents are never changed in
 * place (a write stores a new object), so an object's text cannot go stale, and a WeakMap lets it go with it.
 */
const lowered = new Map<string, WeakMap<object, string>>();
function loweredText(doc: Record<string, unknown>, path: string, text: string): string {
  let byDoc = lowered.get(path);
  if (!byDoc) lowered.set(path, (byDoc = new WeakMap()));
  let lower = byDoc.get(doc);
  if (lower === undefined) byDoc.set(doc, (lower = text.toLowerCase()));
  return lower;
}

/** `$contains`: a string holding the text, ignoring case (no pattern, so any length). */
export function containsTest(text: string): (c: unknown) => boolean {
  const lower = text.toLowerCase();
  return (c) => typeof c === 'string' && c.toLowerCase().includes(lower);
}

/** $gt/$gte/$lt/$lte compare within a type only (numbers with numbers, strings with strings...), as MongoDB. */
function compareTest(bound: unknown, ok: (c: number) => boolean): (c: unknown) => boolean {
  const r = rank(bound);
  if (typeof bound === 'string') return (c) => typeof c === 'string' && ok(c === bound ? 0 : compareValues(c, bound));
  return (c) => c !== undefined && c !== null && !Array.isArray(c) && rank(c) === r && ok(compareValues(c, bound));
}

/**
 * The conditions lists test most (a top-level field equal to, in, unequal to or containing plain values),
 * written without the general path's per-document arrays: a page of a large match tests thousands of documents.
 * Same meaning as the general path (a value, or an element of an array value, passes); null when not one of them.
 */
function plainFieldPredicate(path: string, condition: unknown): Predicate | null {
  if (path.includes('.')) return null;
  const has = (v: unknown, x: unknown) => v === x || (Array.isArray(v) && v.includes(x));
  if (isPrimitive(condition)) return (doc) => has(doc[path], condition);
  if (!isPlainObject(condition)) return null;
  const ops = Object.keys(condition);
  if (ops.length !== 1) return null;
  const operand = condition[ops[0]!];
  switch (ops[0]) {
    case '$eq':
      return isPrimitive(operand) ? (doc) => has(doc[path], operand) : null;
    case '$ne':
      return isPrimitive(operand) ? (doc) => !has(doc[path], operand) : null;
    case '$in': {
      if (!Array.isArray(operand) || !operand.every(isPrimitive)) return null;
      const set = new Set(operand);
      return (doc) => {
        const v = doc[path];
        return Array.isArray(v) ? v.some((x) => set.has(x)) : set.has(v);
      };
    }
    case '$contains': {
      const lower = (operand as string).toLowerCase();
      const t = containsTest(operand as string);
      return (doc) => {
        const v = doc[path];
        return typeof v === 'string' ? loweredText(doc, path, v).includes(lower) : Array.isArray(v) && v.some(t);
      };
    }
    default:
      return null;
  }
}

function fieldPredicate(path: string, condition: unknown): Predicate {
  const plain = plainFieldPredicate(path, condition);
  if (plain) return plain;
  const parts = path.split('.');
  // A top-level field is read directly; a dotted path may reach several values (through arrays).
  const at =
    parts.length === 1
      ? (doc: Record<string, unknown>) => [doc[path]]
      : (doc: Record<string, unknown>) => {
          const out: unknown[] = [];
          valuesAt(doc, parts, 0, out);
          return out;
        };
  const isOps = isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'));
  if (!isOps) {
    const eq = equalsTest(condition);
    return (doc) => anyOf(at(doc), eq);
  }

  const tests: ((values: unknown[], doc?: Record<string, unknown>) => boolean)[] = [];
  for (const [op, operand] of Object.entries(condition as Record<string, unknown>)) {
    switch (op) {
      case '$eq': {
        const eq = equalsTest(operand);
        tests.push((vs) => anyOf(vs, eq));
        break;
      }
      case '$ne': {
        const eq = equalsTest(operand);
        tests.push((vs) => !anyOf(vs, eq));
        break;
      }
      case '$in':
      case '$nin': {
        const eqs = (operand as unknown[]).map(equalsTest);
        const some = (vs: unknown[]) => anyOf(vs, (c) => eqs.some((eq) => eq(c)));
        tests.push(op === '$in' ? some : (vs) => !some(vs));
        break;
      }
      case '$exists':
        tests.push((vs) => vs.some((v) => v !== undefined) === operand);
        break;
      case '$gt': {
        const t = compareTest(operand, (c) => c > 0);
        tests.push((vs) => anyOf(vs, t));
        break;
      }
      case '$gte': {
        const t = compareTest(operand, (c) => c >= 0);
        tests.push((vs) => anyOf(vs, t));
        break;
      }
      case '$lt': {
        const t = compareTest(operand, (c) => c < 0);
        tests.push((vs) => anyOf(vs, t));
        break;
      }
      case '$lte': {
        const t = compareTest(operand, (c) => c <= 0);
        tests.push((vs) => anyOf(vs, t));
        break;
      }
      case '$regex': {
        const t = regexTest(operand as RegExp);
        tests.push((vs) => anyOf(vs, t));
        break;
      }
      case '$contains': {
        const t = containsTest(operand as string);
        // A top-level string field is lowered once per stored document (see loweredText), not once per search.
        if (parts.length === 1) {
          const lower = (operand as string).toLowerCase();
          tests.push((vs, doc) =>
            typeof vs[0] === 'string' ? loweredText(doc!, path, vs[0]).includes(lower) : anyOf(vs, t),
          );
        } else tests.push((vs) => anyOf(vs, t));
        break;
      }
      default:
        throw new TypeError(`unsupported filter operator ${op}`);
    }
  }
  if (tests.length === 1) {
    const only = tests[0]!;
    return (doc) => only(at(doc), doc);
  }
  return (doc) => {
    const values = at(doc);
    return tests.every((t) => t(values, doc));
  };
}

/** Compiles a filter already checked by normalizeFilter. */
export function compileFilter(filter: Filter): Predicate {
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') {
      const subs = (value as Filter[]).map(compileFilter);
      parts.push((doc) => subs.every((p) => p(doc)));
    } else if (key === '$or') {
      const subs = (value as Filter[]).map(compileFilter);
      parts.push((doc) => subs.some((p) => p(doc)));
    } else if (key === '$nor') {
      const subs = (value as Filter[]).map(compileFilter);
      parts.push((doc) => !subs.some((p) => p(doc)));
    } else {
      parts.push(fieldPredicate(key, value));
    }
  }
  if (parts.length === 1) return parts[0]!;
  return (doc) => parts.every((p) => p(doc));
}
