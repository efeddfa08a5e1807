/**
 * Brute-force protection: failed credential checks counted per key (a client address, or a login) in a
 * sliding window. Once a key has `maxFailures` failures inside the window, further attempts are refused
 * before any credential is looked at. Checks still in flight count too, so a burst of parallel guesses
 * cannot slip past the limit before the first failures are recorded.
 *
 * A success does not reset the count: otherwise anyone holding one valid account could interleave a
 * success every few guesses and brute-force other accounts without limit.
 *
 * Memory is bounded: at most `maxEntries` keys, the least recently failed evicted first.
 */

export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  /** Failure times inside the window, oldest first (never more than maxFailures are needed). */
  failures: number[];
  pending: number;
}

export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterS: number };

export class Throttle {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly opts: ThrottleOptions) {
    this.maxEntries = opts.maxEntries ?? 10000;
    this.now = opts.now ?? Date.now;
  }

  /** Whether `key` may make another attempt now. */
  check(key: string): ThrottleVerdict {
    const e = this.live(key);
    if (!e || e.failures.length + e.pending < this.opts.maxFailures) return { ok: true };
    // Refused because of checks in flight only: they finish within the auth timeout, retry soon.
    if (e.failures.length < this.opts.maxFailures) return { ok: false, retryAfterS: 1 };
    const freeAt = e.failures[e.failures.length - this.opts.maxFailures] + this.opts.windowMs;
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((freeAt - this.now()) / 1000)) };
  }

  /** A check for `key` starts; call `end` exactly once when it is over. */
  begin(key: string): void {
    this.entry(key).pending++;
  }

  end(key: string, failed: boolean): void {
    const e = this.entries.get(key);
    if (e && e.pending > 0) e.pending--;
    if (failed) this.fail(key);
    else if (e && e.pending === 0 && e.failures.length === 0) this.entries.delete(key);
  }

  /** Records a failure without a check in flight (a malformed header, say). */
  fail(key: string): void {
    const e = this.entry(key);
    e.failures.push(this.now());
    if (e.failures.length > this.opts.maxFailures) e.failures.splice(0, e.failures.length - this.opts.maxFailures);
    // Re-inserted so that Map order is least recently failed first (eviction order).
    this.entries.delete(key);
    this.entries.set(key, e);
  }

  /** Number of keys held (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** The entry with failures older than the window dropped; undefined when nothing is left of it. */
  private live(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const since = this.now() - this.opts.windowMs;
    let stale = 0;
    while (stale < e.failures.length && e.failures[stale] <= since) stale++;
    if (stale) e.failures.splice(0, stale);
    if (e.failures.length === 0 && e.pending === 0) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private entry(key: string): Entry {
    let e = this.live(key);
    if (!e) {
      this.makeRoom();
      e = { failures: [], pending: 0 };
      this.entries.set(key, e);
    }
    return e;
  }

  /** Evicts the least recently failed key (an expired one, most likely) when the map is full. */
  private makeRoom(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
