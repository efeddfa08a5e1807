/**
 * What the embedded adapter keeps between writes so that a read costs what it returns, not what the collection
 * holds (issue 25: a list slowed five-fold from 1,000 to 10,000 posts, every distinct query matching and sorting
 * them all):
 * - every document by `_id`;
 * - per sort order asked, every document in that order (built once, then kept in order by each write): a page
 *   of a large match is read by walking the order from its start, testing each document, so page 3 of the newest
 *   posts tests about 30 documents, whatever the collection's size;
 * - per filter, how many documents match, and which when they are few (then a page is ranked from them instead,
 *   since walking an order for a rare match would test most of the collection).
 * One-document writes patch all of it (a count moves by what the old and new document pass); other writes drop
 * it, and the next read builds it again.
 */
import { compileFilter, isPrimitive, type Predicate } from './match';
import { OrderedList } from './ordered-list';
import { sortDocs, sortOrder } from './internal';
import type { Filter, Sort } from './port';

type Raw = Record<string, unknown>;

/** A filter's matches: how many, and (when few) which. */
export interface Match {
  readonly test: Predicate | null;
  n: number;
  /** The matching documents in no particular order, or null when there are more than `ReadModel.few()`. */
  docs: Raw[] | null;
}

interface Order {
  /** By the sort's keys, then by `_id`: a total order, so a document's place is found by binary search. */
  docs: OrderedList<Raw>;
}

/** Filters whose counts are kept; orders kept (each holds every document); ranked pages of few matches kept. */
const MAX_MATCHES = 1024;
const MAX_ORDERS = 16;
const MAX_RANKED = 1024;
const RANK_AT_LEAST = 64;
/**
 * Matches are listed up to this many, or a quarter of the collection when more: ranking a quarter once (then
 * slicing it for every page until the next write) beats walking an order that skips three documents in four.
 */
const FEW = 256;
/** Listed and ranked documents kept, in collection sizes (8 bytes a reference): every search word in every order. */
const LISTED_BUDGET = 16;
const RANKED_BUDGET = 48;

const EMPTY: Set<Raw> = new Set();

/** Adds `doc` under its value of a field (each element of an array value), or removes it. */
function indexDoc(byValue: Map<unknown, Set<Raw>>, value: unknown, doc: Raw, add: boolean): void {
  for (const v of Array.isArray(value) ? new Set(value) : [value]) {
    if (!isPrimitive(v)) continue; // never looked up (candidatesFor asks for these only)
    let docs = byValue.get(v);
    if (add) {
      if (!docs) byValue.set(v, (docs = new Set()));
      docs.add(doc);
    } else if (docs) {
      docs.delete(doc);
      if (!docs.size) byValue.delete(v);
    }
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V, max: number): V {
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}

export class ReadModel {
  private readonly byId = new Map<string, Raw>();
  private readonly orders = new Map<string, Order>();
  private readonly matches = new Map<string, Match>();
  /** Few matches ranked in a sort order (`filter key|sort`); dropped by any write, ranking them again is cheap. */
  private ranked = new Map<string, Raw[]>();
  private rankedDocs = 0;
  /** Documents held by the listed matches, kept under a few times the collection. */
  private listed = 0;

  /** Per field of `lookupFields`, the documents holding each value (built on first use). */
  private readonly lookups = new Map<string, Map<unknown, Set<Raw>>>();

  /** `lookupFields`: the top-level fields with a (non-unique) index, which `lookup` answers for. */
  constructor(
    all: Iterable<Raw>,
    private readonly lookupFields: ReadonlySet<string> = new Set(),
  ) {
    for (const doc of all) this.byId.set(doc._id as string, doc);
  }

  /** The documents whose `field` is `value` or an array holding it; null when the field has no index. */
  lookup(field: string, value: unknown): Set<Raw> | null {
    if (!this.lookupFields.has(field)) return null;
    let byValue = this.lookups.get(field);
    if (!byValue) {
      byValue = new Map();
      for (const doc of this.byId.values()) indexDoc(byValue, doc[field], doc, true);
      this.lookups.set(field, byValue);
    }
    return byValue.get(value) ?? EMPTY;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Raw | undefined {
    return this.byId.get(id);
  }

  /** Up to how many matches are listed (and ranked by sorting them). */
  few(): number {
    return Math.max(FEW, this.byId.size >> 2);
  }

  /**
   * A filter's matches, from `candidatesOf()` (documents an index narrowed it to, asked only when the matches are
   * not known) or every document. `keep`: they may
   * be remembered (not while a write is under way: what is read then may already hold the write).
   */
  match(key: string, filter: Filter, candidatesOf: () => Iterable<Raw> | null, keep: boolean): Match {
    const known = this.matches.get(key);
    if (known) return known;
    const candidates = candidatesOf();
    const test = Object.keys(filter).length ? compileFilter(filter) : null;
    const few = this.few();
    let n = 0;
    let docs: Raw[] | null = [];
    let tested = 0;
    for (const doc of candidates ?? this.byId.values()) {
      tested++;
      if (test && !test(doc)) continue;
      n++;
      if (docs && docs.length < few) docs.push(doc);
      else docs = null;
    }
    const match: Match = { test, n, docs };
    // What an index narrowed to a few candidates costs little to match again (a post's revisions, a slug): only
    // matches that tested many documents are remembered, so those lookups do not crowd them out.
    if (!keep || tested <= few) return match;
    if (docs) {
      this.listed += docs.length;
      while (this.listed > LISTED_BUDGET * (this.byId.size + FEW) && this.matches.size) this.forgetOldestMatch();
    }
    if (this.matches.size >= MAX_MATCHES) this.forgetOldestMatch();
    this.matches.set(key, match);
    return match;
  }

  private forgetOldestMatch(): void {
    const key = this.matches.keys().next().value as string;
    this.listed -= this.matches.get(key)!.docs?.length ?? 0;
    this.matches.delete(key);
  }

  /** The page `[skip, skip + limit)` (limit 0: all) of a match in a sort order (none: the match's own order). */
  page(key: string, match: Match, sort: Sort | undefined, skip: number, limit: number, keep: boolean): Raw[] {
    const end = limit ? skip + limit : Infinity;
    if (match.docs) {
      if (!sort) return match.docs.slice(skip, end);
      const rankKey = `${key}|${JSON.stringify(sort)}`;
      let ordered = this.ranked.get(rankKey);
      if (!ordered) {
        // Sorted whole, once until the next write, for every page; a first page that cannot be kept, with a heap.
        if (!keep && end < Infinity && end * 8 < match.docs.length) return sortDocs(match.docs, sort, end).slice(skip);
        ordered = sortDocs(match.docs, sort);
        // A handful (a post's revisions) is sorted again sooner than it would crowd out a list's ranking.
        if (keep && ordered.length >= RANK_AT_LEAST) this.rank(rankKey, ordered);
      }
      return ordered.slice(skip, end);
    }
    const out: Raw[] = [];
    let seen = 0;
    const source = sort ? this.order(sort).docs : this.byId.values();
    for (const doc of source) {
      if (match.test && !match.test(doc)) continue;
      if (seen++ >= skip) out.push(doc);
      if (seen >= end || seen >= match.n) break;
    }
    return out;
  }

  private rank(key: string, ordered: Raw[]): void {
    this.rankedDocs += ordered.length;
    while (
      this.ranked.size &&
      (this.ranked.size >= MAX_RANKED || this.rankedDocs > RANKED_BUDGET * (this.byId.size + FEW))
    ) {
      const oldest = this.ranked.keys().next().value as string;
      this.rankedDocs -= this.ranked.get(oldest)!.length;
      this.ranked.delete(oldest);
    }
    this.ranked.set(key, ordered);
  }

  /** Every document in a sort order, ties by `_id` (made of the model's documents, so kept even during a write). */
  private order(sort: Sort): Order {
    const name = JSON.stringify(sort);
    const known = this.orders.get(name);
    if (known) return known;
    const { keys, compare } = sortOrder(sort);
    const byId = (a: Raw, b: Raw) => (a._id! < b._id! ? -1 : a._id! > b._id! ? 1 : 0);
    const keyed = [...this.byId.values()].map((doc) => ({ doc, keys: keys(doc) }));
    keyed.sort((a, b) => compare(a.keys, b.keys) || byId(a.doc, b.doc));
    const byKeys = (a: Raw, b: Raw) => compare(keys(a), keys(b)) || byId(a, b);
    const order: Order = {
      docs: new OrderedList(
        byKeys,
        keyed.map((k) => k.doc),
      ),
    };
    return remember(this.orders, name, order, MAX_ORDERS);
  }

  // -------------------------------------------------------------------------------------------------------
  // One-document writes

  /** A document was inserted (`before` absent), updated (both) or deleted (`after` absent). */
  changed(before: Raw | undefined, after: Raw | undefined): void {
    const id = (after ?? before)!._id as string;
    // A model built while the write was under way may hold the inserted document already.
    before ??= this.byId.get(id);
    if (after) this.byId.set(id, after);
    else this.byId.delete(id);
    for (const [field, byValue] of this.lookups) {
      if (before) indexDoc(byValue, before[field], before, false);
      if (after) indexDoc(byValue, after[field], after, true);
    }
    this.ranked = new Map();
    this.rankedDocs = 0;
    for (const order of this.orders.values()) {
      if (before && !order.docs.remove(before)) throw new Error('read model lost a document from an order');
      if (after) order.docs.insert(after);
    }
    const few = this.few();
    for (const [key, match] of this.matches) {
      const was = before !== undefined && (!match.test || match.test(before));
      const is = after !== undefined && (!match.test || match.test(after));
      match.n += Number(is) - Number(was);
      if (!match.docs) continue;
      const at = was ? match.docs.indexOf(before!) : -1;
      if (was && at < 0) throw new Error(`read model of ${key} lost a document`);
      // Changed in place: nothing outside holds a match's list (pages are copies or slices of a ranking).
      const docs = match.docs;
      if (was && is) docs[at] = after!;
      else if (was) docs.splice(at, 1);
      else if (is) docs.push(after!);
      this.listed += Number(is) - Number(was);
      if (docs.length > few) {
        this.listed -= docs.length;
        match.docs = null;
      }
    }
  }
}
