/**
 * The proxy's cache, in the oembed service's own store (WordPress keeps it in a transient keyed by the request's
 * arguments): a successful answer for LOOM_OEMBED_CACHE_MS (a day, rest_oembed_ttl), a failure for
 * LOOM_OEMBED_FAILURE_CACHE_MS, so that a URL without an embed is not fetched again on every keystroke of an editor.
 * Answers are kept as JSON text: a provider's keys are data, never field names in the store. One entry per key
 * (unique index); expired entries are swept now and then.
 *
 * Bounded, unlike WordPress's transients: any contributor chooses the URLs, so the cache holds at most `maxEntries`
 * (LOOM_OEMBED_CACHE_MAX_ENTRIES; the soonest to expire make room) of at most MAX_ENTRY_BYTES each. A larger answer
 * is still answered, just not kept.
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

/** One entry's largest JSON (UTF-8 bytes). Real providers answer in a few KB (YouTube under 1, a tweet's blockquote
 * 2–3, Instagram's about 12); the embedded store holds every entry in memory, so 500 of these stay under 16 MB. */
export const MAX_ENTRY_BYTES = 32 * 1024;

export class ProxyCache {
  private readonly docs: Collection<CacheDoc>;
  private lastSweep = 0;

  constructor(
    store: Store,
    private readonly maxEntries: number,
  ) {
    this.docs = store.collection<CacheDoc>(PROXY_CACHE);
  }

  static async prepare(store: Store): Promise<void> {
    const docs = store.collection<CacheDoc>(PROXY_CACHE);
    await docs.ensureIndex({ fields: ['key'], unique: true });
    await docs.ensureIndex({ fields: ['expires_at'] });
  }

  /** The key of a request's arguments, as WordPress keys its transient (md5 of the arguments), over a fixed order. */
  static key(args: Record<string, unknown>): string {
    return createHash('sha256')
      .update(
        JSON.stringify(
          Object.keys(args)
            .sort()
            .map((k) => [k, args[k] ?? null]),
        ),
      )
      .digest('hex');
  }

  async get(key: string): Promise<Cached> {
    const doc = await this.docs.findOne({ key });
    if (!doc || doc.expires_at <= Date.now()) return { hit: false };
    return { hit: true, data: doc.data === null ? null : (JSON.parse(doc.data) as Record<string, unknown>) };
  }

  /** Keeps an answer (null: a failure) for ttlMs; one over MAX_ENTRY_BYTES is not kept. */
  async set(key: string, data: Record<string, unknown> | null, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    const doc: CacheDoc = { key, data: data === null ? null : JSON.stringify(data), expires_at: Date.now() + ttlMs };
    if (doc.data !== null && Buffer.byteLength(doc.data, 'utf8') > MAX_ENTRY_BYTES) return;
    const update = () => this.docs.updateOne({ key }, { $set: { data: doc.data, expires_at: doc.expires_at } });
    if (!(await update())) {
      await this.makeRoom();
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

  /** Room for one more entry: the expired ones go, then the soonest to expire. Replicas making room at once may
   * leave a few entries over the cap for a moment; the next insert evens it. */
  private async makeRoom(): Promise<void> {
    if ((await this.docs.count()) < this.maxEntries) return;
    await this.docs.deleteMany({ expires_at: { $lte: Date.now() } });
    const over = (await this.docs.count()) - this.maxEntries + 1;
    if (over <= 0) return;
    const oldest = await this.docs.find({}, { sort: { expires_at: 1, key: 1 }, limit: over });
    await this.docs.deleteMany({ key: { $in: oldest.map((d) => d.key) } });
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.docs.deleteMany({ expires_at: { $lte: now } });
  }
}
