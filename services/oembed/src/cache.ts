/**
 * The proxy's cache, in the oembed service's own store (WordPress keeps it in a transient keyed by the request's
 * arguments): a successful answer for LOOM_OEMBED_CACHE_MS (a day, rest_oembed_ttl), a failure for
 * LOOM_OEMBED_FAILURE_CACHE_MS, so that a URL without an embed is not fetched again on every keystroke of an editor.
 * Answers are kept as JSON text: a provider's keys are data, never field names in the store. One entry per key
 * (unique index); expired entries are swept now and then.
 */
import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Collection, type Store } from '@loom/store';

export const PROXY_CACHE = 'proxy_cache';

interface CacheDoc extends Record<string, unknown> {
  key: string;
  /** The answer as JSON, or null for a failure. */
  data: string | null;
  expires_at: number;
}

export type Cached = { hit: false } | { hit: true; data: Record<string, unknown> | null };

const SWEEP_EVERY_MS = 60 * 1000;

export class ProxyCache {
  private readonly docs: Collection<CacheDoc>;
  private lastSweep = 0;

  constructor(store: Store) {
    this.docs = store.collection<CacheDoc>(PROXY_CACHE);
  }

  static async prepare(store: Store): Promise<void> {
    const docs = store.collection<CacheDoc>(PROXY_CACHE);
    await docs.ensureIndex({ fields: ['key'], unique: true });
    await docs.ensureIndex({ fields: ['expires_at'] });
  }

  /** The key of a request's arguments, as WordPress keys its transient (md5 of the arguments), over a fixed order. */
  static key(args: Record<string, unknown>): string {
    return createHash('sha256').update(JSON.stringify(Object.keys(args).sort().map((k) => [k, args[k] ?? null]))).digest('hex');
  }

  async get(key: string): Promise<Cached> {
    const doc = await this.docs.findOne({ key });
    if (!doc || doc.expires_at <= Date.now()) return { hit: false };
    return { hit: true, data: doc.data === null ? null : (JSON.parse(doc.data) as Record<string, unknown>) };
  }

  async set(key: string, data: Record<string, unknown> | null, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    const doc: CacheDoc = { key, data: data === null ? null : JSON.stringify(data), expires_at: Date.now() + ttlMs };
    const update = () => this.docs.updateOne({ key }, { $set: { data: doc.data, expires_at: doc.expires_at } });
    if (!(await update())) {
      try {
        await this.docs.insert(doc);
      } catch (e) {
        // Another replica stored the same key meanwhile: its answer is as good; ours replaces it.
        if (!(e instanceof DuplicateKeyError)) throw e;
        await update();
      }
    }
    await this.sweep();
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.docs.deleteMany({ expires_at: { $lte: now } });
  }
}
