/**
 * Successful Basic checks, reused for `ttlMs` so that a client's burst of requests costs one check on
 * core-content. Failures are never cached (a password just created must work at once, and a wrong one
 * must keep counting against the throttle). The TTL is also how long a revoked password keeps working.
 *
 * An entry past half its TTL is `stale`: it is still served, and the authenticator re-checks it in the background,
 * so a client sending a steady stream never waits for a check behind a busy core-content (a re-check queued
 * behind a burst of writes could otherwise time out into 503s mid-burst). Each entry still lives only `ttlMs`
 * from the check that made it, so the revocation bound holds.
 *
 * Keys are an HMAC of (login, normalised password) under a key made at start and held only in memory:
 * the cache never holds a password, nor a plain hash of one that could be guessed offline.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Authenticated } from '@loom/contracts';
import type { Credentials } from './basic';

export interface AuthCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export class AuthCache {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, { user: Authenticated; expires: number; staleAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly opts: AuthCacheOptions) {
    this.maxEntries = opts.maxEntries ?? 10000;
    this.now = opts.now ?? Date.now;
  }

  keyOf(c: Credentials): string {
    // Length-prefixed so that no (login, password) pair can collide with another.
    return createHmac('sha256', this.key)
      .update(`${c.username.length}:${c.username}:${c.password}`)
      .digest('base64url');
  }

  get(key: string): { user: Authenticated; stale: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { user: hit.user, stale: hit.staleAt <= now };
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, user: Authenticated): void {
    if (this.opts.ttlMs <= 0) return;
    this.entries.delete(key);
    // Oldest first in Map order; every entry has the same TTL, so the first ones are the first to expire.
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(k);
    }
    const now = this.now();
    this.entries.set(key, { user, expires: now + this.opts.ttlMs, staleAt: now + this.opts.ttlMs / 2 });
  }

  get size(): number {
    return this.entries.size;
  }
}
