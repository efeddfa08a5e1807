/**
 * POST /rest/batch/v1 (spec 4.1, reference §5), as WordPress's serve_batch_request_v1: the batch request is
 * validated against the contract (`rest_invalid_param`, `rest_too_many_items` past 25); each item's path is
 * matched against the route index (`rest_no_route`, `rest_batch_not_allowed` unless its endpoint has
 * `allow_batch`); items run one after the other, in order, each as the authenticated caller, by calling the
 * owning service over the gateway's kept-alive connections; the answer is 207 `{responses: [...]}`.
 * With `require-all-validate`, every item is first checked by its service in validate-only mode (parameters
 * and permissions, as the issue asks; WordPress itself pre-validates parameters only, so an item it would
 * refuse at run time is refused up front here, and nothing runs) and if any fails nothing runs:
 * `{failed: "validation", responses: [error or null, ...]}`.
 */
import {
  Agent,
  request as httpRequest,
  validateHeaderName,
  validateHeaderValue,
  type IncomingHttpHeaders,
} from 'node:http';
import type { Request } from 'express';
import {
  batchRoute,
  compilePattern,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  own,
  type Method,
  type ServiceName,
  SITE_REV_HEADER,
} from '@loom/contracts';
import {
  AGENT_IDLE_MS,
  bodySources,
  envelopeHeaders,
  noRoute,
  parseArgs,
  signInternal,
  VALIDATE_ONLY_HEADER,
  wpError,
  type Logger,
  type Metrics,
  type WpError,
} from '@loom/service-kit';
import { UPSTREAM_MAX_HEADER_BYTES } from '../proxy';
import { serviceUnavailable, type GatewayResult } from '../respond';
import type { RouteIndex } from '../route-index';
import { upstreamCall } from '../telemetry';
import { matchNamespace, type Upstreams } from '../upstreams';

/** What each batch item's entry holds, as WordPress's envelope (`headers` is `[]` when empty, as PHP's). */
export interface BatchEntry {
  body: unknown;
  status: number;
  headers: Record<string, string | number> | [];
}

/** One successful item, as handed to the change notifier. */
export interface BatchNotice {
  method: string;
  /** The item's path under /rest, decoded, without its query (`/core/v2/tags/5`). */
  path: string;
  status: number;
  body: unknown;
  userId: number | null;
  requestId: string;
}

export interface BatchOptions {
  upstreams: Upstreams;
  routeIndex: RouteIndex;
  internalSecret: string;
  /** Idle time allowed on a service's socket before the item counts as unanswered. */
  timeoutMs: number;
  log: Logger;
  /** Largest batch body accepted, in bytes. */
  maxBodyBytes?: number;
  /**
   * Called for every successful (2xx) item, after it answered: the single notifier call site of batch items
   * (buildGateway passes the NATS change notifier's notify, services/gateway/src/notifications/).
   */
  notify?: (n: BatchNotice) => void;
  /** Each item's call is timed as an upstream call of its service. */
  metrics?: Metrics;
}

export interface BatchCall {
  req: Request;
  /** The signed identity header of the caller, or undefined when anonymous. */
  identity: () => string | undefined;
  userId: number | null;
  requestId: string;
  /** Told of every item sent to its service (not the validate-only checks), with its status. */
  changed?: (service: ServiceName, status: number) => void;
  /**
   * The batch came through the /wp-json face: an item's path in WordPress's names, read in the spec's (null: no
   * route of the face). Each item then answers as it does under /rest, and the face translates the whole answer.
   */
  itemPath?: (path: string) => string | null;
}

interface RawItem {
  method: Method;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}

/** An item ready to send, or the error WordPress gives it before anything runs. */
type Prepared =
  | {
      ok: true;
      service: ServiceName;
      namespace: string;
      method: Method;
      target: string;
      /** Decoded, without the query. */ path: string;
      body?: Record<string, unknown>;
      headers: Record<string, string | string[]>;
    }
  | { ok: false; error: WpError };

/** Request headers of an item never sent on: hop-by-hop, credentials, Loom's own, and what the gateway sets. */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'content-type',
  'cookie',
  'authorization',
  'expect',
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  VALIDATE_ONLY_HEADER,
  'x-request-id',
  'x-http-method-override',
]);

/**
 * Response headers that belong to the whole HTTP response rather than to the item (the REST headers sent on
 * every response, caching, transport): WordPress's envelope has only what the endpoint set (Location, Allow,
 * X-WP-Total...).
 */
const DROPPED_RESPONSE_HEADERS = new Set([
  'x-robots-tag',
  'x-content-type-options',
  'access-control-expose-headers',
  'access-control-allow-headers',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'expires',
  'cache-control',
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-request-id',
  'etag',
  SITE_REV_HEADER,
]);
const CANONICAL: Record<string, string> = { 'x-wp-total': 'X-WP-Total', 'x-wp-totalpages': 'X-WP-TotalPages' };
const canonical = (name: string) =>
  own(CANONICAL, name) ?? name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

function entryOf(status: number, body: unknown, headers: Record<string, string>): BatchEntry {
  return { body, status, headers: envelopeHeaders(headers) };
}

/** The item headers of a service response, as WordPress's envelope lists them. */
function itemHeaders(h: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(h)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    const v = Array.isArray(value) ? value.join(', ') : value;
    // Link: only an endpoint's own links (pagination), not the api.w.org discovery link every response has.
    if (name === 'link') {
      const own = v.split(/,\s*(?=<)/).filter((l) => !l.includes('rel="https://api.w.org/"'));
      if (own.length) out.Link = own.join(', ');
      continue;
    }
    out[canonical(name)] = v;
  }
  return out;
}

/** Whether a client's item header can be sent at all (Node refuses control characters and bad names). */
function validHeader(name: string, value: string | string[]): boolean {
  try {
    validateHeaderName(name);
    for (const v of Array.isArray(value) ? value : [value]) validateHeaderValue(name, v);
    return true;
  } catch {
    return false;
  }
}

/** Reads the request body (the gateway parses only the bodies it answers itself). */
async function readBody(req: Request, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw wpError('rest_batch_too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface Batch {
  serve(call: BatchCall): Promise<GatewayResult>;
  close(): void;
}

export function createBatch(opts: BatchOptions): Batch {
  const { upstreams, routeIndex, log } = opts;
  // Its own pool: a batch's items reuse one kept-alive connection per service instead of 25 handshakes.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: AGENT_IDLE_MS });
  const patterns = new Map<string, RegExp>();
  const regexOf = (pattern: string) => {
    let re = patterns.get(pattern);
    if (!re) patterns.set(pattern, (re = compilePattern(pattern)));
    return re;
  };

  /** WordPress's pre-checks done at the gateway: the path, its route, the endpoint for the method, allow_batch. */
  const prepare = (raw: RawItem, itemPath: BatchCall['itemPath']): Prepared => {
    const mapped = itemPath ? itemPath(raw.path) : raw.path;
    if (mapped === null) return { ok: false, error: noRoute() };
    const item = { ...raw, path: mapped };
    let url: URL;
    try {
      url = new URL(item.path, 'http://batch.invalid');
    } catch {
      return { ok: false, error: wpError('parse_path_failed') };
    }
    if (!item.path.startsWith('/') || item.path.startsWith('//')) return { ok: false, error: noRoute() };
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return { ok: false, error: wpError('parse_path_failed') };
    }
    if (/(^|\/)\.\.?(\/|$)/.test(path)) return { ok: false, error: noRoute() };
    // WordPress overrides the method only for the request it received, never for a batch item: a `_method` in
    // an item's query would otherwise make the service run another endpoint than the one checked here.
    if (url.searchParams.has('_method')) url.searchParams.delete('_method');
    // Nor does an item's `_envelope` apply: the item answers its real status and body, as in WordPress.
    if (url.searchParams.has('_envelope')) url.searchParams.delete('_envelope');
    if (path.length > 1) path = path.replace(/\/+$/, '');
    const ns = matchNamespace(path);
    if (!ns?.service) return { ok: false, error: noRoute() };
    const routes = routeIndex.routesFor(ns.service, ns.namespace);
    if (!Object.keys(routes).length && routeIndex.status()[ns.service] !== 'up') {
      return { ok: false, error: serviceUnavailable(ns.namespace) };
    }
    for (const [pattern, entry] of Object.entries(routes)) {
      if (!regexOf(pattern).test(path)) continue;
      const endpoint = entry.endpoints.find((e) => e.methods.includes(item.method));
      if (!endpoint) continue;
      if (!endpoint.allow_batch?.v1) return { ok: false, error: wpError('rest_batch_not_allowed') };
      return {
        ok: true,
        service: ns.service,
        namespace: ns.namespace,
        method: item.method,
        target: `/rest${url.pathname}${url.search}`,
        path,
        body: item.body,
        headers: item.headers ?? {},
      };
    }
    return { ok: false, error: noRoute() };
  };

  /** Sends one item to its service; a service that does not answer is that item's 503. */
  const send = (
    p: Extract<Prepared, { ok: true }>,
    call: BatchCall,
    index: number,
    validateOnly: boolean,
  ): Promise<BatchEntry> => {
    // Keyed by the client's header names: no prototype, so no name can reach an inherited member.
    const headers: Record<string, string | string[]> = Object.create(null);
    for (const [k, v] of Object.entries(p.headers))
      if (!DROPPED_REQUEST_HEADERS.has(k.toLowerCase()) && validHeader(k, v)) headers[k.toLowerCase()] = v;
    const payload = JSON.stringify(p.body ?? {});
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
    headers.accept = 'application/json';
    headers['x-request-id'] = `${call.requestId}-${index}`;
    const identity = call.identity();
    if (identity) headers[IDENTITY_HEADER] = identity;
    if (validateOnly) {
      headers[VALIDATE_ONLY_HEADER] = '1';
      headers[INTERNAL_HEADER] = signInternal(opts.internalSecret);
    }
    const unavailable = () => {
      const e = serviceUnavailable(p.namespace);
      return entryOf(e.status, e.toBody(), {});
    };
    const attempt = (retry: boolean) =>
      new Promise<BatchEntry>((resolve) => {
        const base = new URL(upstreams[p.service]);
        const r = httpRequest(
          {
            protocol: base.protocol,
            hostname: base.hostname,
            port: base.port,
            path: `${base.pathname.replace(/\/+$/, '')}${p.target}`,
            method: p.method,
            headers,
            agent,
            timeout: opts.timeoutMs,
            maxHeaderSize: UPSTREAM_MAX_HEADER_BYTES,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', () => resolve(unavailable()));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let body: unknown = null;
              try {
                body = text ? JSON.parse(text) : null;
              } catch {
                body = text;
              }
              resolve(entryOf(res.statusCode ?? 500, body, itemHeaders(res.headers)));
            });
          },
        );
        r.on('timeout', () => r.destroy(new Error('timeout')));
        r.on('error', (err: Error & { code?: string }) => {
          // A kept-alive socket the service closed while idle, just as it was reused: the request never reached
          // it, so it is sent once more on a fresh connection.
          if (retry && r.reusedSocket && err.code === 'ECONNRESET') return void attempt(false).then(resolve);
          log.warn(
            { reqId: headers['x-request-id'], ns: p.namespace, err: err.code ?? err.message },
            'batch item: upstream did not answer',
          );
          resolve(unavailable());
        });
        r.end(payload);
      });
    const done = upstreamCall(opts.metrics, p.service, headers);
    return attempt(true).then((entry) => {
      done(entry.status);
      return entry;
    });
  };

  return {
    async serve(call) {
      const raw = await readBody(call.req, opts.maxBodyBytes ?? 10 * 1024 * 1024);
      const sources = { query: {}, path: {}, ...bodySources('POST', call.req.get('content-type'), raw) };
      // The batch request's own parameters, validated as WordPress does (rest_invalid_param, rest_too_many_items...).
      const { params } = parseArgs(batchRoute.endpoints.batch, sources);
      const { validation, requests } = params as { validation: 'normal' | 'require-all-validate'; requests: RawItem[] };
      const prepareAll = () => requests.map((item) => prepare(item, call.itemPath));
      let prepared = prepareAll();
      // A service whose routes were never read (it started after the gateway): read the index again, once.
      if (prepared.some((p) => !p.ok && p.error.code === 'loom_service_unavailable')) {
        await routeIndex.refresh();
        prepared = prepareAll();
      }

      if (validation === 'require-all-validate') {
        const checks: Array<BatchEntry | null> = [];
        for (const [i, p] of prepared.entries()) {
          if (!p.ok) {
            checks.push(entryOf(p.error.status, p.error.toBody(), {}));
            continue;
          }
          const r = await send(p, call, i, true);
          checks.push(r.status >= 200 && r.status < 300 ? null : { ...r, headers: [] });
        }
        if (checks.some((c) => c !== null)) return { status: 207, body: { failed: 'validation', responses: checks } };
      }

      const responses: BatchEntry[] = [];
      for (const [i, p] of prepared.entries()) {
        if (!p.ok) {
          responses.push(entryOf(p.error.status, p.error.toBody(), {}));
          continue;
        }
        const entry = await send(p, call, i, false);
        responses.push(entry);
        call.changed?.(p.service, entry.status);
        if (entry.status >= 200 && entry.status < 300 && opts.notify) {
          try {
            opts.notify({
              method: p.method,
              path: p.path,
              status: entry.status,
              body: entry.body,
              userId: call.userId,
              requestId: `${call.requestId}-${i}`,
            });
          } catch (err) {
            log.warn({ reqId: call.requestId, err }, 'batch item: change notification failed');
          }
        }
      }
      return { status: 207, body: { responses } };
    },
    close() {
      agent.destroy();
    },
  };
}
