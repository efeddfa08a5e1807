/**
 * Answers kept in memory by key, within one byte budget for everything they hold: key, headers and body, counted
 * by heldBytes (issue 22). Used by core-content's and the gateway's answer caches (issue 17).
 * - One answer may hold at most maxEntryBytes; a larger one is never kept.
 * - While the budget has room every answer offered is kept. Past it, an answer gets in only if its key was used
 *   more often lately (FrequencySketch) than each of the least recently used answers it would displace, stale
 *   ones aside, which go first. So a stream of URLs asked once, however long, displaces nothing, and answers
 *   asked again and again stay; a new URL gets in once asked more often than the answers at the back.
 */
import { envInt } from './config';
import { FrequencySketch, hashKey } from './frequency-sketch';
import { heldBytes } from './held-bytes';
import type { Metrics } from './telemetry';

export { ownBuffer } from './held-bytes';

/** LOOM_ANSWER_CACHE_BYTES's default: well within the manifests' 256 MiB per pod (--max-old-space-size=192). */
export const DEFAULT_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

/** The byte budget of a process's answer cache (LOOM_ANSWER_CACHE_BYTES), read the same way by every service. */
export const answerCacheBytes = (env: NodeJS.ProcessEnv): number =>
  envInt(env, 'LOOM_ANSWER_CACHE_BYTES', DEFAULT_ANSWER_CACHE_BYTES);

export interface CachedAnswersOptions<A> {
  /** Bytes all cached answers may hold together. */
  maxBytes: number;
  /** Bytes one cached answer may hold (default: an eighth of maxBytes). */
  maxEntryBytes?: number;
  /** Whether a cached answer may still be replayed (default: always); a stale one is dropped, not returned. */
  fresh?: (a: A) => boolean;
  /** Counts hits, admissions and evictions, and shows the bytes held (loom_answer_cache_*). */
  metrics?: Metrics;
}

interface Kept<A> {
  answer: A;
  bytes: number;
  hash: number;
}

/** The Map's own entry and its hash table slot for one answer, beyond what heldBytes counts. */
const ENTRY_BYTES = 96;

export class CachedAnswers<A extends object> {
  /** In order of use, least recent first (a hit moves its answer to the end). */
  private readonly kept = new Map<string, Kept<A>>();
  private held = 0;
  private readonly sketch: FrequencySketch;
  /** The hit counter, labelled once: a hit is the replay's hot path. */
  private readonly hits: { inc(): void } | undefined;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;

  constructor(private readonly opts: CachedAnswersOptions<A>) {
    this.maxBytes = opts.maxBytes;
    this.hits = opts.metrics?.answerCache.labels({ event: 'hit' });
    this.maxEntryBytes = Math.min(opts.maxEntryBytes ?? Math.floor(opts.maxBytes / 8), opts.maxBytes);
    // About one counter per KiB of budget (the least an answer holds), 256 to 2^20 a row (3 KiB to 12 MiB in all).
    this.sketch = new FrequencySketch(2 ** Math.min(20, Math.max(8, Math.ceil(Math.log2(opts.maxBytes / 1024)))));
  }

  get size(): number {
    return this.kept.size;
  }

  /** Bytes the cached answers hold (at most maxBytes), besides the fixed frequency sketch. */
  get bytes(): number {
    return this.held;
  }

  /** The fresh answer kept under `key`; a hit is a use of the key, and makes its answer the most recently used. */
  get(key: string): A | undefined {
    const k = this.kept.get(key);
    if (!k) return undefined;
    if (!this.isFresh(k)) return void this.delete(key);
    this.sketch.increment(k.hash);
    this.kept.delete(key);
    this.kept.set(key, k);
    this.hits?.inc();
    return k.answer;
  }

  /**
   * Offers the answer just made for `key` (a use of the key: it was not kept). Returns whether it is kept now: not
   * when it is too large, nor when making room would displace an answer used at least as often lately.
   */
  set(key: string, answer: A): boolean {
    this.delete(key);
    const hash = hashKey(key);
    this.sketch.increment(hash);
    const bytes = ENTRY_BYTES + heldBytes(key) + heldBytes(answer);
    if (bytes > this.maxEntryBytes) return this.count('too_large', false);
    const { stale, displaced } = this.room(bytes, this.sketch.estimate(hash));
    for (const k of stale) this.delete(k);
    if (!displaced) return this.count('refused', false);
    for (const k of displaced) this.delete(k);
    this.opts.metrics?.answerCache.inc({ event: 'evicted' }, displaced.length);
    this.kept.set(key, { answer, bytes, hash });
    this.held += bytes;
    this.opts.metrics?.answerCacheBytes.set(this.held);
    return this.count('kept', true);
  }

  /**
   * The answers to drop for `bytes` more, least recently used first: stale ones, and fresh ones used less often
   * than `frequency`; `displaced` is undefined when a fresh one used as often or more stands in the way.
   */
  private room(bytes: number, frequency: number): { stale: string[]; displaced?: string[] } {
    const stale: string[] = [];
    const displaced: string[] = [];
    let free = this.maxBytes - this.held;
    for (const [key, k] of this.kept) {
      if (free >= bytes) break;
      if (!this.isFresh(k)) stale.push(key);
      else if (this.sketch.estimate(k.hash) < frequency) displaced.push(key);
      else return { stale };
      free += k.bytes;
    }
    return { stale, displaced };
  }

  delete(key: string): void {
    const k = this.kept.get(key);
    if (!k) return;
    this.kept.delete(key);
    this.held -= k.bytes;
    this.opts.metrics?.answerCacheBytes.set(this.held);
  }

  /** Drops every answer for which `drop` is true. */
  deleteWhere(drop: (a: A) => boolean): void {
    for (const [key, k] of this.kept) if (drop(k.answer)) this.delete(key);
  }

  clear(): void {
    this.kept.clear();
    this.held = 0;
    this.opts.metrics?.answerCacheBytes.set(0);
  }

  private isFresh(k: Kept<A>): boolean {
    return this.opts.fresh?.(k.answer) ?? true;
  }

  private count(event: 'kept' | 'refused' | 'too_large', result: boolean): boolean {
    this.opts.metrics?.answerCache.inc({ event });
    return result;
  }
}
