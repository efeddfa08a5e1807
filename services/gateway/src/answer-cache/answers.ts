/**
 * The gateway's answer cache (issue 17): a service's 200 answer to a GET that the service marked shareable
 * (SHAREABLE_HEADER: it depends on the URL and the caller alone, and until when) is kept and replayed to the next
 * GET of the same URL by the same caller (anonymous, or the same verified identity) without a trip to the service.
 * Authentication still runs on every request, before the cache is consulted. Kept right by the writes themselves, not by a TTL:
 * - every write forwarded by any gateway replica empties every replica's cache before the write reaches its
 *   service, and no replica keeps or replays answers while a write is in flight (coordination.ts, cluster.ts);
 * - an answer read while a write began or ended (its generation changed) is not kept;
 * - an answer is kept until the time its service gave (the next scheduled publication), and at most `maxAgeMs`
 *   (a backstop for changes made behind the API's back, such as an operator editing the database).
 * A replay is what the proxy would have sent: the service's headers, CORS and Vary for this request, its own
 * request id, and 304 when the client holds the ETag.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import fresh from 'fresh';
import type { Authenticated } from '@loom/contracts';
import { KeptAnswers } from '@loom/service-kit';
import { corsHeaders, varyWithOrigin } from '../cors';
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
}

/** A GET that may fill the cache: its URL and the generation it started in. */
export interface Ticket {
  key: string;
  generation: number;
  route: string | undefined;
}

export interface AnswerCacheOptions {
  coordination: Coordination;
  maxAgeMs: number;
  maxAnswers?: number;
  maxBytes?: number;
  now?: () => number;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Connection-scoped or per-request, or re-computed on every replay. */
const NOT_KEPT = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'vary', 'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-credentials', 'content-type', 'content-length']);

export class GatewayAnswerCache {
  private readonly answers: KeptAnswers<Answer>;
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.answers = new KeptAnswers(opts.maxAnswers ?? 2000, opts.maxBytes ?? 64 * 1024 * 1024);
    this.now = opts.now ?? Date.now;
    opts.coordination.onPurge(() => this.purge());
  }

  get size(): number {
    return this.answers.size;
  }

  /** Empties the cache; answers being read now will not be kept. */
  purge(): void {
    this.generation++;
    this.answers.clear();
  }

  /**
   * Answers `req` from the cache when it can (true), or returns false with `ticket` set for the proxy to fill it.
   * Only plain GETs come here (the caller decides), keyed by answerKey.
   */
  serve(req: Request, res: Response, route: string | undefined, user: Authenticated | null): { served: true } | { served: false; ticket?: Ticket } {
    if (!this.opts.coordination.mayServe()) return { served: false };
    const key = answerKey(req.url, user);
    const a = this.fresh(key);
    if (!a) return { served: false, ticket: { key, generation: this.generation, route } };
    res.locals.upstreamRoute = a.route;
    writeAnswer(req, res, a, res.locals.requestId as string | undefined);
    return { served: true };
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

  /** Reads a service's marked answer whole and keeps it if nothing was written meanwhile. */
  fill(ticket: Ticket, upstream: IncomingMessage, until: number): void {
    const chunks: Buffer[] = [];
    let bytes = 0;
    upstream.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(c);
    });
    upstream.once('end', () => {
      if (bytes > MAX_BODY_BYTES || ticket.generation !== this.generation || !this.opts.coordination.mayServe()) return;
      const head: string[] = [];
      const raw = upstream.rawHeaders;
      const names = new Map<string, string>();
      for (let i = 0; i < raw.length; i += 2) names.set(raw[i]!.toLowerCase(), raw[i]!);
      const h = upstream.headers;
      for (const [k, v] of Object.entries(h)) {
        if (v === undefined || NOT_KEPT.has(k)) continue;
        for (const one of Array.isArray(v) ? v : [v]) head.push(names.get(k) ?? k, one);
      }
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
      this.answers.set(ticket.key, {
        head,
        contentType: one(h['content-type']),
        etag: one(h.etag),
        lastModified: one(h['last-modified']),
        body: Buffer.concat(chunks),
        vary: varyWithOrigin(h.vary),
        until: Math.min(until, this.now() + this.opts.maxAgeMs),
        route: ticket.route,
      });
    });
  }
}

/**
 * The key of a GET's answer: its URL as forwarded and, for a signed-in caller, everything of the identity the gateway
 * signs for the service, so that no answer crosses callers. A URL holds no raw line break: the kinds cannot meet.
 */
export function answerKey(url: string, user: Authenticated | null | undefined): string {
  return user ? `${url}\n${JSON.stringify([user.id, user.login, user.name, user.roles, user.app_password ?? null])}` : url;
}

/**
 * Writes a kept answer as the proxy would have sent it: the service's headers, CORS for this request's Origin, Vary,
 * the request's id, and 304 without a body when the client holds its ETag (the same check as Express's req.fresh).
 */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, a: Answer, requestId: string | undefined): void {
  const head = a.head.slice();
  for (const [k, v] of Object.entries(corsHeaders(req.headers))) head.push(k, v);
  head.push('Vary', a.vary);
  if (requestId) head.push('X-Request-Id', requestId);
  if (fresh(req.headers, { etag: a.etag, 'last-modified': a.lastModified })) return void res.writeHead(304, head).end();
  if (a.contentType !== undefined) head.push('Content-Type', a.contentType);
  head.push('Content-Length', String(a.body.length));
  res.writeHead(200, head).end(a.body);
}
