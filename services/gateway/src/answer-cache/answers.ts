/**
 * The gateway's answer cache (issue 17): a service's 200 answer to a GET that the service marked shareable
 * (SHAREABLE_HEADER: it depends on the URL and the caller alone, and until when) is kept and replayed to the next
 * GET of the same URL by the same caller (anonymous, or the same verified identity) without a trip to the service.
 * Authentication still runs on every request, before the cache is consulted. Kept right by the writes themselves, not by a TTL:
 * - a write that its service carried out empties every replica's answers of that service (its scope) before the
 *   write's client has the answer (coordination.ts, cluster.ts);
 * - an answer read while its scope was emptied (the scope's generation changed) is not kept;
 * - an answer is kept for as long as its service said (until the next scheduled publication: a lifetime, so that
 *   clocks need not agree), and at most `maxAgeMs` (a backstop for changes made behind the API's back, such as an
 *   operator editing the database).
 * A replay is what the proxy would have sent: the service's headers, CORS and Vary for this request, its own
 * request id, and 304 when the client holds the ETag.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import type { Authenticated } from '@loom/contracts';
import { DEFAULT_ANSWER_CACHE_BYTES, CachedAnswers, ownBuffer, type Metrics } from '@loom/service-kit';
import { corsHeaders, varyWithOrigin } from '../cors';
import { headerPairs } from '../headers';
import type { Coordination } from './coordination';

export interface Answer {
  /** Name, value, name, value... as the service sent them, without per-connection and per-request headers, Vary
   * and the body's Content-Type and Content-Length (a 304 has neither). */
  head: string[];
  contentType: string | undefined;
  etag: string | undefined;
  lastModified: string | undefined;
  body: Buffer;
  /** The service's Vary with Origin added, as the proxy sends it. */
  vary: string;
  /** Epoch ms after which the answer is not replayed. */
  until: number;
  /** The service's route pattern (res.locals.upstreamRoute) for metrics and logs. */
  route: string | undefined;
  /** The service that answered: a write to it drops the answer. */
  scope: string;
}

/** A GET that may fill the cache: its URL, its scope (the service answering) and the scope's generation then. */
export interface Ticket {
  key: string;
  scope: string;
  generation: number;
  route: string | undefined;
  /** What the answer is kept as, when not as the service sent it (the /wp-json face's terms, wp-face/). */
  as?: (a: Answer) => Answer;
}

export interface AnswerCacheOptions {
  coordination: Coordination;
  maxAgeMs: number;
  /** Bytes all cached answers may hold, keys and headers included (LOOM_ANSWER_CACHE_BYTES). */
  maxBytes?: number;
  metrics?: Metrics;
  now?: () => number;
}

/** Connection-scoped or per-request, or re-computed on every replay. */
const NOT_KEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'x-request-id',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'content-type',
  'content-length',
]);

export class GatewayAnswerCache {
  private readonly answers: CachedAnswers<Answer>;
  /** Per scope, how many times it was emptied: an answer read across a change of it is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.answers = new CachedAnswers<Answer>({
      maxBytes: opts.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES,
      fresh: (a) => this.now() < a.until,
      metrics: opts.metrics,
    });
    this.now = opts.now ?? Date.now;
    opts.coordination.onPurge((scope) => this.purge(scope));
  }

  get size(): number {
    return this.answers.size;
  }

  /** Bytes the cached answers hold, keys and headers included: at most LOOM_ANSWER_CACHE_BYTES. */
  get bytes(): number {
    return this.answers.bytes;
  }

  /** Drops the answers of `scope` (a service); answers of it being read now will not be kept. */
  purge(scope: string): void {
    this.generations.set(scope, this.generation(scope) + 1);
    this.answers.deleteWhere((a) => a.scope === scope);
  }

  private generation(scope: string): number {
    return this.generations.get(scope) ?? 0;
  }

  /** A ticket for a plain GET's answer to fill the cache with, when answers may be kept now (keyed by answerKey). */
  ticket(key: string, scope: string, route: string | undefined, as?: Ticket['as']): Ticket | undefined {
    return this.opts.coordination.mayServe()
      ? { key, scope, generation: this.generation(scope), route, ...(as ? { as } : {}) }
      : undefined;
  }

  /** The fresh answer kept under `key`, when answers may be replayed now. */
  lookup(key: string): Answer | undefined {
    return this.opts.coordination.mayServe() ? this.fresh(key) : undefined;
  }

  private fresh(key: string): Answer | undefined {
    const a = this.answers.get(key);
    if (a && this.now() >= a.until) return void this.answers.delete(key);
    return a;
  }

  /** Reads a service's marked answer whole and keeps it for `lifetimeMs` if its scope was not emptied meanwhile. */
  fill(ticket: Ticket, upstream: IncomingMessage, lifetimeMs: number): void {
    const until = this.now() + Math.min(lifetimeMs, this.opts.maxAgeMs);
    const chunks: Buffer[] = [];
    let bytes = 0;
    upstream.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes <= this.answers.maxEntryBytes) chunks.push(c);
    });
    upstream.once('end', () => {
      if (
        bytes > this.answers.maxEntryBytes ||
        ticket.generation !== this.generation(ticket.scope) ||
        !this.opts.coordination.mayServe()
      )
        return;
      const head = headerPairs(upstream, NOT_KEPT);
      const h = upstream.headers;
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
      const sent: Answer = {
        head,
        contentType: one(h['content-type']),
        etag: one(h.etag),
        lastModified: one(h['last-modified']),
        body: Buffer.concat(chunks),
        vary: varyWithOrigin(h.vary),
        until,
        route: ticket.route,
        scope: ticket.scope,
      };
      const kept = ticket.as ? ticket.as(sent) : sent;
      this.answers.set(ticket.key, { ...kept, body: ownBuffer(kept.body) });
    });
  }
}

/**
 * The key of a GET's answer: its URL as forwarded and, for a signed-in caller, everything of the identity the gateway
 * signs for the service, so that no answer crosses callers. A URL holds no raw line break: the kinds cannot meet.
 */
export function answerKey(url: string, user: Authenticated | null | undefined): string {
  return user
    ? `${url}\n${JSON.stringify([user.id, user.login, user.name, user.roles, user.app_password ?? null])}`
    : url;
}

/**
 * Writes a cached answer as the proxy would have sent it: the service's headers, CORS for this request's Origin (with
 * credentials for `siteOrigin` only), Vary, the request's id, and 304 without a body when the client holds its ETag
 * (the same check as Express's req.fresh).
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  a: Answer,
  requestId: string | undefined,
  siteOrigin: string,
): void {
  const head = a.head.slice();
  for (const [k, v] of Object.entries(corsHeaders(req.headers, siteOrigin))) head.push(k, v);
  head.push('Vary', a.vary);
  if (requestId) head.push('X-Request-Id', requestId);
  if (fresh(req.headers, { etag: a.etag, 'last-modified': a.lastModified })) return void res.writeHead(304, head).end();
  if (a.contentType !== undefined) head.push('Content-Type', a.contentType);
  head.push('Content-Length', String(a.body.length));
  res.writeHead(200, head).end(a.body);
}
