/**
 * Forwarding to the owning service with http-proxy-middleware: path, method, query and body untouched
 * (the gateway never parses a body it proxies), plus the request id and X-Forwarded-* headers. A service
 * that refuses the connection or does not answer in time becomes a WordPress-style 503 for its namespace.
 *
 * A write's answer is read whole (up to NOTIFY_BODY_MAX_BYTES) before its client gets it: once it is known to
 * have changed something (writeChanged), every gateway replica's cached answers of that service are dropped first
 * (the answer cache's flush), then the answer is sent and the change notified. A refused write flushes nothing.
 */
import { Agent, type AgentOptions, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import {
  CHANGE_HEADER,
  CLIENT_ADDRESS_HEADER,
  IDENTITY_HEADER,
  SHAREABLE_HEADER,
  SITE_REV_HEADER,
  parseChangeHint,
  type ChangeHint,
  type ServiceName,
} from '@loom/contracts';
import { AGENT_IDLE_MS, restHeaders, signClientAddress, type Logger, type Metrics } from '@loom/service-kit';
import { writeChanged, type GatewayAnswerCache, type Ticket } from './answer-cache';
import { clientIp } from './client-address';
import { corsHeaders, varyWithOrigin } from './cors';
import { headerPairs } from './headers';
import type { Notifier } from './notifications';
import { sendError, serviceUnavailable } from './respond';
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
  /** Drops every replica's cached answers of a service a write changed; awaited before the write's answer is sent. */
  flush?: (service: ServiceName) => Promise<void>;
  /** The revision of the site options this gateway holds: an answer made with another one is not kept. */
  siteRev?: () => number;
}

/** A proxied write request: what the answer cache and the change notifier need of it. */
export interface ProxiedWrite {
  /** The effective method (`_method`, X-HTTP-Method-Override). */
  method: string;
  /** The path under /rest, without the query. */
  path: string;
  userId: number;
  /** `_envelope` was asked for: the HTTP status is 200 and the real status and body are in the envelope. */
  envelope: boolean;
}

/** Most bytes of a write's answer read before it is sent; past it the notification carries `item: null`. */
export const NOTIFY_BODY_MAX_BYTES = 1024 * 1024;

export interface Proxies {
  /**
   * Forwards the request to `service`; `namespace` names the service in a 503. `identity` is the signed
   * identity header of the authenticated caller, or undefined for an anonymous request. `write`: the request is a
   * write (by its effective method), to flush and notify for when it changed something; `ticket`: a plain GET
   * whose marked answer may be kept.
   */
  forward(
    service: ServiceName,
    namespace: string,
    req: Request,
    res: Response,
    identity?: string,
    kind?: { write?: ProxiedWrite; ticket?: Ticket },
  ): void;
  close(): void;
}

/** Locals the proxy callbacks read back from the response they are writing. */
interface ProxyLocals {
  requestId?: string;
  namespace?: string;
  service?: ServiceName;
  write?: ProxiedWrite;
  /** A plain GET whose marked answer may be kept (anonymous or per caller). */
  ticket?: Ticket;
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
    const self = this as unknown as {
      addRequest(req: ClientRequest & { maxHeaderSize?: number }, options: unknown): void;
    };
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
  const agent = new UpstreamAgent({ keepAlive: true, maxSockets: 256, timeout: AGENT_IDLE_MS });
  const base = restHeaders(restUrl);
  const siteOrigin = new URL(restUrl).origin;

  /**
   * Node sends a request's headers with its first body bytes; a body that is slow to come (a large upload) would
   * keep the service from answering early (refusing it by its Content-Length). Headers go at once.
   */
  const onProxyReq = (proxyReq: ClientRequest, req: IncomingMessage) => {
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      proxyReq.flushHeaders();
  };

  /** The service's headers as the client gets them: REST headers, CORS, Vary, the request id; our own ones out. */
  const settleHeaders = (
    proxyRes: IncomingMessage,
    req: IncomingMessage,
    locals: ProxyLocals | undefined,
  ): { shareable: unknown; hint: ChangeHint | undefined; siteRev: unknown } => {
    const h = proxyRes.headers;
    // Services already send the REST headers; fill in only what an upstream left out, never twice.
    for (const [k, v] of Object.entries(base)) if (h[k.toLowerCase()] === undefined) h[k.toLowerCase()] = v;
    // A service's word that the answer may be kept, and its description of its change, are for us, not the client.
    const shareable = h[SHAREABLE_HEADER];
    delete h[SHAREABLE_HEADER];
    const hintHeader = h[CHANGE_HEADER];
    delete h[CHANGE_HEADER];
    const siteRev = h[SITE_REV_HEADER];
    delete h[SITE_REV_HEADER];
    for (const [k, v] of Object.entries(corsHeaders(req.headers, siteOrigin))) h[k.toLowerCase()] = v;
    h.vary = varyWithOrigin(h.vary);
    if (locals?.requestId) h['x-request-id'] = locals.requestId;
    locals?.upstreamDone?.(proxyRes.statusCode);
    return { shareable, hint: parseChangeHint(typeof hintHeader === 'string' ? hintHeader : undefined), siteRev };
  };

  const onProxyRes = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const locals = (res as Response).locals as ProxyLocals | undefined;
    const { shareable, siteRev } = settleHeaders(proxyRes, req, locals);
    // Made with site options this gateway does not hold (one of us has not learnt a change yet): not kept.
    const sameSite = siteRev === undefined || !opts.siteRev || siteRev === String(opts.siteRev());
    // A lifetime in ms (`none`: until a write), so that the services' clocks need not agree with ours.
    const lifetime =
      shareable === 'none'
        ? Infinity
        : typeof shareable === 'string' && /^\d{1,15}$/.test(shareable)
          ? Number(shareable)
          : undefined;
    if (locals?.ticket && opts.answers && proxyRes.statusCode === 200 && lifetime !== undefined && sameSite)
      opts.answers.fill(locals.ticket, proxyRes, lifetime);
  };

  /** Drops the cached answers of the write's service when the write may have changed something; never throws. */
  const flushFor = async (locals: ProxyLocals): Promise<void> => {
    if (!opts.flush || !locals.service) return;
    await opts
      .flush(locals.service)
      .catch((err: unknown) =>
        log.error(
          { reqId: locals.requestId, err: err instanceof Error ? err.message : String(err) },
          'answer cache flush failed',
        ),
      );
  };

  /**
   * A write's answer (selfHandleResponse): read whole, flushed for when it changed something, then sent as http-proxy
   * would have sent it, then notified. An answer too large to hold is flushed for unread and streamed on.
   */
  const onWriteRes = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    const locals = ((res as Response).locals ?? {}) as ProxyLocals;
    const write = locals.write!;
    const { hint } = settleHeaders(proxyRes, req, locals);
    const status = proxyRes.statusCode ?? 502;
    void (async () => {
      const taken = await takeBody(proxyRes, NOTIFY_BODY_MAX_BYTES);
      // Past the cap the status is still known, but not an envelope's: that outcome stays unknown.
      const outcome =
        taken.end === 'whole'
          ? writeOutcome(status, taken.body, write.envelope)
          : taken.end === 'cap' && !write.envelope
            ? { status, body: null }
            : undefined;
      if (outcome === undefined || writeChanged(outcome.status, hint)) await flushFor(locals);
      if (taken.end === 'broken' || res.destroyed) {
        // Nothing valid can follow a broken answer; a client that left is not written to (the write is still notified).
        proxyRes.destroy();
        res.destroy();
      } else {
        res.writeHead(
          status,
          proxyRes.statusMessage,
          answerHeaders(proxyRes, taken.end === 'whole' ? taken.body.length : undefined),
        );
        if (taken.end === 'whole') res.end(taken.body);
        else {
          res.write(taken.body);
          proxyRes.pipe(res);
        }
      }
      if (!opts.notifier?.enabled) return;
      if (outcome && outcome.status >= 200 && outcome.status <= 299) {
        opts.notifier.notify({
          method: write.method,
          path: write.path,
          status: outcome.status,
          body: outcome.body,
          userId: write.userId,
          requestId: locals.requestId ?? '',
          hint,
        });
      } else if (!outcome && taken.end === 'cap')
        log.warn(
          { reqId: locals.requestId, path: write.path },
          'change notification skipped: an enveloped response too big to read',
        );
    })().catch((err: unknown) => {
      log.error({ reqId: locals.requestId, err }, 'write answer failed');
      res.destroy();
    });
  };

  const onError = (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    const locals = ((res as Response).locals ?? {}) as ProxyLocals;
    locals.upstreamDone?.();
    log.warn(
      { reqId: locals.requestId, ns: locals.namespace, err: err.code ?? err.message },
      'upstream did not answer',
    );
    const answer = () => {
      if (!('writeHead' in res)) return void res.destroy();
      // Failing half-way through a response: nothing valid can follow what was already sent.
      if (res.headersSent) return void res.destroy();
      const ns = locals.namespace ?? 'requested';
      sendError(req as Request, res as Response, restUrl, serviceUnavailable(ns));
    };
    // A write sent whole may have been made although its answer never came: flushed for before the 503.
    if (locals.write && req.complete) void flushFor(locals).then(answer);
    else answer();
  };

  const handler = (service: ServiceName, forWrites: boolean): RequestHandler =>
    createProxyMiddleware({
      target: opts.upstreams[service],
      changeOrigin: true,
      xfwd: false, // set by setForwardedHeaders, which does not append to Proto/Host
      preserveHeaderKeyCase: true,
      proxyTimeout: opts.timeoutMs,
      agent,
      selfHandleResponse: forWrites,
      on: { proxyReq: onProxyReq, proxyRes: forWrites ? onWriteRes : onProxyRes, error: onError },
    });
  const reads = new Map<ServiceName, RequestHandler>(SERVICES.map((service) => [service, handler(service, false)]));
  const writes = new Map<ServiceName, RequestHandler>(SERVICES.map((service) => [service, handler(service, true)]));

  return {
    forward(service, namespace, req, res, identity, kind) {
      const locals = res.locals as ProxyLocals;
      locals.namespace = namespace;
      locals.service = service;
      if (kind?.write) locals.write = kind.write;
      if (kind?.ticket) locals.ticket = kind.ticket;
      // Read before X-Forwarded-For gets our peer appended (req.ip is computed from it on every read).
      const client = clientIp(req);
      setForwardedHeaders(req);
      // Only the gateway says who the caller is: a client's own identity header is dropped (even a validly
      // signed one, replayed from elsewhere), and so are its credentials (Basic, the site session cookie), which
      // services have no use for.
      delete req.headers[IDENTITY_HEADER];
      delete req.headers.authorization;
      delete req.headers.cookie;
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
      void (kind?.write ? writes : reads).get(service)!(req, res, (err?: unknown) => {
        log.error({ reqId: (res.locals as ProxyLocals).requestId, ns: namespace, err }, 'proxy setup failed');
        if (!res.headersSent) sendError(req, res, restUrl, serviceUnavailable(namespace));
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Reads up to `cap` bytes of `stream`: to its end, or paused past the cap, or broken off by an error. */
function takeBody(stream: IncomingMessage, cap: number): Promise<{ body: Buffer; end: 'whole' | 'cap' | 'broken' }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const done = (end: 'whole' | 'cap' | 'broken') => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      if (end === 'cap') stream.pause();
      resolve({ body: Buffer.concat(chunks), end });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      bytes += c.length;
      if (bytes > cap) done('cap');
    };
    stream.on('data', onData);
    stream.once('end', () => done('whole'));
    stream.once('error', () => done('broken'));
    stream.once('aborted', () => done('broken'));
  });
}

/** The write's real status and body: the HTTP ones, or those inside an `_envelope` answer. */
function writeOutcome(
  httpStatus: number,
  raw: Buffer,
  envelope: boolean,
): { status: number; body: unknown } | undefined {
  let body: unknown = null;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = null;
  }
  if (!envelope) return { status: httpStatus, body };
  const env = body as { status?: unknown; body?: unknown } | null;
  return env && typeof env.status === 'number' ? { status: env.status, body: env.body ?? null } : undefined;
}

/** Per-connection headers, which Node writes itself for the client's connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The answer's headers (as settled) in the service's spelling, with the length of a body read whole. */
function answerHeaders(proxyRes: IncomingMessage, length: number | undefined): string[] {
  const head = headerPairs(proxyRes, HOP_BY_HOP);
  if (length !== undefined) head.push('Content-Length', String(length));
  return head;
}
