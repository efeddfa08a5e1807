/**
 * Reads from another Loom service (design: "asks the owner over HTTP through a small typed client, with a
 * timeout, and degrades gracefully when the owner is down"). The typed clients live in the asking service;
 * this is their transport: a timeout per call, a TTL cache of answers (404s included), and an outage state
 * so that a down owner is logged once (and once more when it is back), not per request, and is not asked
 * again for `retryAfterMs` — a list of 50 events must not wait 50 timeouts.
 */
import { signInternal } from './internal';
import { INTERNAL_HEADER } from '@loom/contracts';
import { envInt, serviceUrl, type KitConfig } from './config';
import type { Logger } from './logger';
import { injectTraceHeaders } from './telemetry/tracing';

export interface ServiceClientOptions {
  /** The owner's name for logs, e.g. `core-content`. */
  service: string;
  baseUrl: string;
  timeoutMs: number;
  cacheMs: number;
  /** How long to stop asking after a failure. */
  retryAfterMs?: number;
  /** Largest number of cached answers (oldest dropped first). */
  maxEntries?: number;
  log: Logger;
  /** Sign calls with the internal proof (for `/_loom/...` endpoints). */
  internalSecret?: string;
}

/** An answer: the JSON body of a 2xx, `null` for a 404/410 (the thing does not exist), `undefined` when the owner could not answer. */
export type Answer<T> = T | null | undefined;

export class ServiceClient {
  private readonly cache = new Map<string, { at: number; value: unknown }>();
  private downSince = 0;
  private readonly retryAfterMs: number;
  private readonly maxEntries: number;

  constructor(private readonly o: ServiceClientOptions) {
    this.retryAfterMs = o.retryAfterMs ?? 5000;
    this.maxEntries = o.maxEntries ?? 5000;
  }

  /** Whether the owner is currently treated as down. */
  get down(): boolean {
    return this.downSince > 0;
  }

  /**
   * `missing`: the statuses that mean "nothing to show" (`null`) rather than an outage; 404 and 410 by default. A
   * public read of a private item answers 401, which callers of public routes list here too: the owner answered.
   */
  async getJson<T>(path: string, o: { missing?: readonly number[] } = {}): Promise<Answer<T>> {
    const missing = o.missing ?? [404, 410];
    const now = Date.now();
    const hit = this.cache.get(path);
    if (hit && now - hit.at < this.o.cacheMs) return hit.value as T | null;
    if (this.downSince && now - this.downSince < this.retryAfterMs) return undefined;
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (this.o.internalSecret) headers[INTERNAL_HEADER] = signInternal(this.o.internalSecret);
      injectTraceHeaders(headers); // the owner's span joins this request's trace (nothing when tracing is off)
      const res = await fetch(`${this.o.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(this.o.timeoutMs) });
      let value: T | null;
      if (missing.includes(res.status)) {
        await res.body?.cancel();
        value = null;
      } else if (res.ok) {
        value = (await res.json()) as T;
      } else {
        await res.body?.cancel();
        throw new Error(`HTTP ${res.status}`);
      }
      this.up();
      this.remember(path, value);
      return value;
    } catch (e) {
      if (!this.downSince)
        this.o.log.warn(
          { service: this.o.service, err: (e as Error).message },
          `${this.o.service} unreachable; answering without it until it is back`,
        );
      this.downSince = Date.now();
      return undefined;
    }
  }

  private up(): void {
    if (!this.downSince) return;
    this.downSince = 0;
    this.o.log.info({ service: this.o.service }, `${this.o.service} reachable again`);
  }

  private remember(path: string, value: unknown): void {
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(path, { at: Date.now(), value });
  }
}

/**
 * The transport of a service's typed client for core-content: CORE_CONTENT_URL, LOOM_CORE_TIMEOUT_MS (1.5 s) and
 * LOOM_CORE_CACHE_MS (the asking service's own default), calls signed with the internal proof.
 */
export function coreContentTransport(
  config: KitConfig,
  log: Logger,
  env: NodeJS.ProcessEnv,
  defaults: { cacheMs: number },
): ServiceClient {
  return new ServiceClient({
    service: 'core-content',
    baseUrl: serviceUrl('core-content', env),
    timeoutMs: envInt(env, 'LOOM_CORE_TIMEOUT_MS', 1500, 1),
    cacheMs: envInt(env, 'LOOM_CORE_CACHE_MS', defaults.cacheMs),
    log,
    internalSecret: config.internalSecret,
  });
}
