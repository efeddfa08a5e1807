/**
 * The answer cache for anonymous reads (issue 17): a `GET /rest/...` without an identity is answered from memory
 * while nothing it read has changed. The key is the request as sent (path and query, byte for byte: the
 * pagination Link header repeats the query as given, so two spellings of one query are two answers; `_fields`,
 * `_embed` and `_envelope` are in it). An answer is kept while
 * - every collection it read is at the write version it saw (answers/write-versions.ts), and
 * - the next scheduled publication is still to come (that publication is a write made by the next read), and
 * - the registered listeners (hooks, which tests swap at run time) are the same.
 * Anything that could make the answer depend on more than the URL is never cached: an identity (signed-in
 * callers get their own answers), a method override, a body, a validate-only header. Only 200 answers are kept.
 * ETag and If-None-Match are answered here as the kit's dispatcher answers them.
 */
import type { NextFunction, Request, Response } from 'express';
import { IDENTITY_HEADER } from '@loom/contracts';
import {
  DEFAULT_ANSWER_CACHE_BYTES,
  CachedAnswers,
  listenersGeneration,
  ownBuffer,
  plainGet as plainGetRequest,
  type Metrics,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { nextScheduledDate, POSTS } from '../../engine/repository';
import { formatUtc } from '../../engine/dates';
import { WriteVersions, type ReadSet } from './write-versions';
import { keptOut } from './kept-out';

interface Answer {
  status: number;
  headers: Record<string, number | string | string[]>;
  body: Buffer;
  reads: ReadSet;
  /** date_gmt of the next scheduled publication when the answer was made ('' for none). */
  due: string;
  /** The registered listeners (hooks) the answer was made with (listenersGeneration). */
  hooks: number;
  /** The revision of the site options it was made with (a title, a front page, a date format show in answers). */
  site: number;
  /** The route pattern the dispatcher matched (res.locals.route): logs and metrics label a replay as the original. */
  route: unknown;
}

/** Per request, never replayed. */
const OWN_HEADERS = new Set(['x-request-id']);

export interface AnswerCacheOptions {
  /** Bytes all cached answers may hold, URLs and headers included (LOOM_ANSWER_CACHE_BYTES). */
  maxBytes?: number;
  metrics?: Metrics;
  now?: () => number;
  /** The site options' revision now (config.site.rev): an answer made with another one is not replayed. */
  siteRev?: () => number;
}

export class AnswerCache {
  private readonly answers: CachedAnswers<Answer>;
  private readonly versions: WriteVersions;
  private next: { version: number; due: Promise<string> } | undefined;
  private readonly now: () => number;
  private readonly siteRev: () => number;

  constructor(
    private readonly store: Store,
    opts: AnswerCacheOptions = {},
  ) {
    this.versions = new WriteVersions(store);
    this.now = opts.now ?? Date.now;
    this.siteRev = opts.siteRev ?? (() => 0);
    this.answers = new CachedAnswers<Answer>({
      maxBytes: opts.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES,
      fresh: (a) => this.fresh(a),
      metrics: opts.metrics,
    });
  }

  /** The date_gmt of the earliest scheduled post ('' when none), read once per version of the posts. */
  private nextDue(): { version: number; due: Promise<string> } {
    const version = this.versions.version(POSTS);
    if (this.next?.version !== version) {
      const due = nextScheduledDate(this.store);
      due.catch(() => undefined);
      this.next = { version, due };
    }
    return this.next;
  }

  /** date_gmt of the earliest scheduled post ('' when none), as the answers kept now were made with. */
  nextDueDate(): Promise<string> {
    return this.nextDue().due;
  }

  private fresh(a: Answer): boolean {
    return (
      this.versions.unchanged(a.reads) &&
      a.hooks === listenersGeneration() &&
      a.site === this.siteRev() &&
      (a.due === '' || formatUtc(this.now()) < a.due)
    );
  }

  middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const kept = this.answers.get(key);
    if (kept) return replay(req, res, kept);
    void this.fill(key, res, next).catch(next);
  };

  private async fill(key: string, res: Response, next: NextFunction): Promise<void> {
    const { version, due: duePromise } = this.nextDue();
    const due = await duePromise;
    // The scheduled posts are part of what the answer read: a new or changed one changes `due`.
    const reads: ReadSet = new Map([[POSTS, version]]);
    const hooks = listenersGeneration();
    const site = this.siteRev();
    if (due !== '' && formatUtc(this.now()) >= due) return void this.versions.track(new Map(), next);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const chunk = args[0];
      if (res.statusCode === 200 && !keptOut(res) && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        const body =
          typeof chunk === 'string'
            ? Buffer.from(chunk, typeof args[1] === 'string' ? (args[1] as BufferEncoding) : 'utf8')
            : chunk;
        if (this.versions.unchanged(reads) && hooks === listenersGeneration() && site === this.siteRev())
          this.answers.set(key, {
            status: 200,
            headers: replayable(res),
            body: ownBuffer(body),
            reads,
            due,
            hooks,
            site,
            route: res.locals.route,
          });
      }
      return end(...args);
    }) as Response['end'];
    this.versions.track(reads, next);
  }
}

/** A plain anonymous GET whose answer depends on its URL alone. */
export function cacheable(req: Request): boolean {
  return req.headers[IDENTITY_HEADER] === undefined && plainGet(req);
}

/** A GET whose answer depends on its URL and its caller alone: no method override, body or validate-only header. */
export function plainGet(req: Request): boolean {
  return plainGetRequest(req.method, req.headers) && !req.originalUrl.includes('_method');
}

function replayable(res: Response): Answer['headers'] {
  const out: Answer['headers'] = {};
  for (const [k, v] of Object.entries(res.getHeaders()))
    if (v !== undefined && !OWN_HEADERS.has(k)) out[k] = v as number | string | string[];
  return out;
}

function replay(req: Request, res: Response, a: Answer): void {
  res.locals.route = a.route;
  res.status(a.status);
  for (const [k, v] of Object.entries(a.headers)) res.setHeader(k, v);
  // As the dispatcher's answer: 304 without a body when the client holds this ETag (Express's freshness check).
  if (req.fresh) {
    res.status(304);
    for (const k of ['content-type', 'content-length', 'transfer-encoding']) res.removeHeader(k);
    return void res.end();
  }
  res.end(a.body);
}
