/**
 * Forwarding to the owning service with http-proxy-middleware: path, method, query and body untouched
 * (the gateway never parses a body it proxies), plus the request id and X-Forwarded-* headers. A service
 * that refuses the connection or does not answer in time becomes a WordPress-style 503 for its namespace.
 */
import { Agent, type AgentOptions, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { CHANGE_HEADER, CLIENT_ADDRESS_HEADER, IDENTITY_HEADER, SHAREABLE_HEADER, parseChangeHint, type ChangeHint, type ServiceName } from '@loom/contracts';
import { restError, restHeaders, signClientAddress, type Logger, type Metrics } from '@loom/service-kit';
import type { GatewayAnswerCache, Ticket } from './answer-cache';
import { clientIp } from './client-address';
import { corsHeaders, varyWithOrigin } from './cors';
import type { Notifier } from './notifications';
import { sendError } from './respond';
import { upstreamCall } from './telemetry';
import { SERVICES, type Upstreams } from './upstreams';

export interface ProxyOptions {
  upstreams: Upstreams;
  /** Idle time allowed on the upstream socket before the request counts as unanswered. */
  timeoutMs: number;
  restUrl: string;
  log: Logger;
  /** Signs the client's address for the services (CLIENT_ADDRESS_HEADER). */
  internalSecret: string;
  /** Told about every successful proxied write once its response is sent. */
  notifier?: Notifier;
  /** Upstream timings (loom_upstream_request_duration_seconds). */
  metrics?: Metrics;
  /** Keeps the answers services mark shareable, for the requests given a ticket (answer-cache/). */
  answers?: GatewayAnswerCache;
}

/** A proxied write request, as the change notifier needs it (set only when notifications are on). */
export interface ProxiedWrite {
  /** The effective method (`_method`, X-HTTP-Method-Override). */
  method: string;
  /** The path under /rest, without the query. */
  path: string;
  userId: number;
  /** `_envelope` was asked for: the HTTP status is 200 and the real status and body are in the envelope. */
  envelope: boolean;
}

/** Most bytes of a response body kept for its notification; past it the notification carries `item: null`. */
export const NOTIFY_BODY_MAX_BYTES = 1024 * 1024;
/** The end of an `_envelope` answer: `{"body":...,"status":201,"headers":{...}}`, read when its body is too big. */
const ENVELOPE_TAIL = /,"status":(\d{3}),"headers":\{[^{}]*\}\}\s*$/;

export interface Proxies {
  /**
   * Forwards the request to `service`; `namespace` names the service in a 503. `identity` is the signed
   * identity header of the authenticated caller, or undefined for an anonymous request. `write`: a write
   * whose success is to be notified.
   */
  forward(service: ServiceName, namespace: string, req: Request, res: Response, identity?: string, write?: ProxiedWrite, cache?: { ticket?: Ticket; answered?: () => void }): void;
  close(): void;
}

/** Locals the proxy callbacks read back from the response they are writing. */
interface ProxyLocals {
  requestId?: string;
  namespace?: string;
  write?: ProxiedWrite;
  /** A plain GET whose marked answer may be kept (anonymous or per caller). */
  ticket?: Ticket;
  /** Told once the service has answered (its status line came): a write is made by then. */
  answered?: () => void;
  /** Ends the upstream call's timer and span with the status (undefined: no answer); once. */
  upstreamDone?: (status?: number) => void;
}

/**
 * X-Forwarded-For gets the client appended; Proto and Host are kept when an ingress in front of us set
 * them (it saw the original request), otherwise they describe the request we received.
 */
function setForwardedHeaders(req: Request): void {
  const h = req.headers;
  const client = req.socket.remoteAddress ?? '';
  const prior = typeof h['x-forwarded-for'] === 'string' ? h['x-forwarded-for'] : '';
  h['x-forwarded-for'] = prior ? `${prior}, ${client}` : client;
  h['x-forwarded-proto'] ||= (req.socket as Socket & { encrypted?: boolean }).encrypted ? 'https' : 'http';
  h['x-forwarded-host'] ||= h.host ?? '';
}

/**
 * A service's answer may carry more header bytes than a client may send: WordPress's pagination Link repeats the
 * request's query for prev and next, so a request near Node's 16 KiB header limit gets an answer past it. The
 * gateway reads its services' answers with a larger limit, so such an answer is forwarded instead of a 503.
 */
export const UPSTREAM_MAX_HEADER_BYTES = 64 * 1024;

/**
 * A keep-alive agent whose requests read answers with UPSTREAM_MAX_HEADER_BYTES. http-proxy builds its requests
 * without a `maxHeaderSize` option, and Node reads the limit when the socket is attached, before http-proxy's
 * hooks run; ClientRequest hands itself to its agent's addRequest first, so that is where the limit is set.
 */
class UpstreamAgent extends Agent {
  constructor(options: AgentOptions) {
    super(options);
    const self = this as unknown as { addRequest(req: ClientRequest & { maxHeaderSize?: number }, options: unknown): void };
    const addRequest = self.addRequest.bind(this);
    self.addRequest = (req, o) => {
      req.maxHeaderSize ??= UPSTREAM_MAX_HEADER_BYTES;
      addRequest(req, o);
    };
  }
}

export function createProxies(opts: ProxyOptions): Proxies {
  const { restUrl, log } = opts;
  // One pooled keep-alive agent for all services: the gateway is on every request's path.
  const agent = new UpstreamAgent({ keepAlive: true, maxSockets: 256 });
  const base = restHeaders(restUrl);

  /**
   * Node sends a request's headers with its first body bytes; a body that is slow to come (a large upload) would
   * keep the service from answering early (refusing it by its Content-Length). Headers go at once.
   */
  const onProxyReq = (proxyReq: ClientRequest, req: IncomingMessage) => {
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) proxyReq.flushHeaders();
  };

  const onProxyRes = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const h = proxyRes.headers;
    const locals = (res as Response).locals as ProxyLocals | undefined;
    // Services already send the REST headers; fill in only what an upstream left out, never twice.
    for (const [k, v] of Object.entries(base)) if (h[k.toLowerCase()] === undefined) h[k.toLowerCase()] = v;
    // A service's word that the answer may be kept is for us, not for the client.
    const shareable = h[SHAREABLE_HEADER];
    delete h[SHAREABLE_HEADER];
    if (locals?.ticket && opts.answers && proxyRes.statusCode === 200 && typeof shareable === 'string') {
      opts.answers.fill(locals.ticket, proxyRes, shareable === 'none' ? Infinity : Number(shareable));
    }
    for (const [k, v] of Object.entries(corsHeaders(req.headers))) h[k.toLowerCase()] = v;
    h.vary = varyWithOrigin(h.vary);
    locals?.upstreamDone?.(proxyRes.statusCode);
    locals?.answered?.();
    const id = locals?.requestId;
    if (id) h['x-request-id'] = id;
    // A service's description of its change is for us, not for the client.
    const hintHeader = h[CHANGE_HEADER];
    delete h[CHANGE_HEADER];
    const hint = parseChangeHint(typeof hintHeader === 'string' ? hintHeader : undefined);
    if (locals?.write && opts.notifier) observeWrite(proxyRes, res, locals.write, id ?? '', opts.notifier, hint);
  };

  /**
   * Taps the service's response (never altering or delaying it) and notifies the write once the response is
   * sent to the client, when it succeeded (2xx, or an `_envelope` whose status is 2xx).
   */
  const observeWrite = (proxyRes: IncomingMessage, res: ServerResponse, write: ProxiedWrite, requestId: string, notifier: Notifier, hint?: ChangeHint) => {
    if (!write.envelope && ((proxyRes.statusCode ?? 0) < 200 || (proxyRes.statusCode ?? 0) > 299)) return;
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tail = Buffer.alloc(0);
    let ended = false;
    proxyRes.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= NOTIFY_BODY_MAX_BYTES) chunks.push(chunk);
      else {
        chunks.length = 0;
        if (write.envelope) tail = Buffer.concat([tail, chunk]).subarray(-64 * 1024);
      }
    });
    proxyRes.once('end', () => (ended = true));
    // 'close' follows 'finish' once the client has the whole answer, and also comes when the client went away
    // early: the write succeeded all the same, so it is notified whenever the service's answer was read whole.
    res.once('close', () => {
      if (!ended) return;
      let status = proxyRes.statusCode ?? 0;
      let body: unknown = null;
      if (bytes <= NOTIFY_BODY_MAX_BYTES) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        if (write.envelope) {
          const env = body as { status?: unknown; body?: unknown } | null;
          if (!env || typeof env.status !== 'number') return;
          status = env.status;
          body = env.body ?? null;
        }
      } else if (write.envelope) {
        const m = ENVELOPE_TAIL.exec(tail.toString('utf8'));
        if (!m) return void log.warn({ reqId: requestId, path: write.path }, 'change notification skipped: an enveloped response too big to read');
        status = Number(m[1]);
      }
      notifier.notify({ method: write.method, path: write.path, status, body, userId: write.userId, requestId, hint });
    });
  };

  const onError = (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    const locals = ((res as Response).locals ?? {}) as ProxyLocals;
    locals.upstreamDone?.();
    log.warn({ reqId: locals.requestId, ns: locals.namespace, err: err.code ?? err.message }, 'upstream did not answer');
    if (!('writeHead' in res)) return void res.destroy();
    // Failing half-way through a response: nothing valid can follow what was already sent.
    if (res.headersSent) return void res.destroy();
    const ns = locals.namespace ?? 'requested';
    sendError(req as Request, res as Response, restUrl, restError('loom_service_unavailable', `The ${ns} service is not available right now.`, 503));
  };

  const handlers = new Map<ServiceName, RequestHandler>(
    SERVICES.map((service) => [
      service,
      createProxyMiddleware({
        target: opts.upstreams[service],
        changeOrigin: true,
        xfwd: false, // set by setForwardedHeaders, which does not append to Proto/Host
        preserveHeaderKeyCase: true,
        proxyTimeout: opts.timeoutMs,
        agent,
        on: { proxyReq: onProxyReq, proxyRes: onProxyRes, error: onError },
      }),
    ]),
  );

  return {
    forward(service, namespace, req, res, identity, write, cache) {
      (res.locals as ProxyLocals).namespace = namespace;
      if (write) (res.locals as ProxyLocals).write = write;
      if (cache?.ticket) (res.locals as ProxyLocals).ticket = cache.ticket;
      if (cache?.answered) (res.locals as ProxyLocals).answered = cache.answered;
      // Read before X-Forwarded-For gets our peer appended (req.ip is computed from it on every read).
      const client = clientIp(req);
      setForwardedHeaders(req);
      // Only the gateway says who the caller is: a client's own identity header is dropped (even a validly
      // signed one, replayed from elsewhere), and so are its credentials, which services have no use for.
      delete req.headers[IDENTITY_HEADER];
      delete req.headers.authorization;
      // Hop-by-hop (RFC 9110 7.6.1): the client's `Connection: close` is about its own connection, not the pooled
      // one to the service. Passed on, a service answering before it has read a body it refuses (an upload over
      // its size limit) would close mid-body and its answer be lost.
      for (const h of ['connection', 'keep-alive', 'proxy-connection']) delete req.headers[h];
      if (identity) req.headers[IDENTITY_HEADER] = identity;
      const upstreamDone = upstreamCall(opts.metrics, service, req.headers);
      (res.locals as ProxyLocals).upstreamDone = upstreamDone;
      res.once('close', () => upstreamDone()); // the client left before the service answered: no answer
      // The address services may count a client under (forms' submission limit), as the throttles see it.
      req.headers[CLIENT_ADDRESS_HEADER] = signClientAddress(client, opts.internalSecret);
      void handlers.get(service)!(req, res, (err?: unknown) => {
        log.error({ reqId: (res.locals as ProxyLocals).requestId, ns: namespace, err }, 'proxy setup failed');
        if (!res.headersSent) sendError(req, res, restUrl, restError('loom_service_unavailable', `The ${namespace} service is not available right now.`, 503));
      });
    },
    close() {
      agent.destroy();
    },
  };
}
