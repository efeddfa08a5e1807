/**
 * Public pages the gateway forwards unchanged, outside /rest: uploaded files (uploads.ts) and oEmbed's embed pages
 * (embed-pages.ts). GET and HEAD of a matching path go to the owning service over kept-alive connections, streamed
 * both ways; they are public, so the caller's credentials, cookies and identity or internal headers are not passed
 * on. A service that does not answer gets the page's own small 503.
 */
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { IDENTITY_HEADER, INTERNAL_HEADER, SITE_REV_HEADER } from '@loom/contracts';
import { AGENT_IDLE_MS, type Logger } from '@loom/service-kit';

export interface PublicPages {
  target: string;
  timeoutMs: number;
  log: Logger;
  /** Whether a request path is one of these pages. */
  matches(path: string): boolean;
  /** The route label of every such request (metrics, logs), when the paths are too many to label one by one. */
  route?: string;
  /** Logged when the service does not answer ("core-content did not answer an uploaded file"). */
  failure: string;
  /** The 503's headers and body. */
  unavailable: { headers: Record<string, string>; body: string };
  /** False while the target is another stack's (route-index.ts): the page is then the 503, nothing is forwarded. */
  usable?: () => boolean;
}

export function publicPages(opts: PublicPages): RequestHandler {
  const proxy = createProxyMiddleware({
    target: opts.target,
    // Kept-alive connections: a new connection per page costs more than serving a small one.
    agent: new Agent({ keepAlive: true, maxSockets: 256, timeout: AGENT_IDLE_MS }),
    changeOrigin: true,
    proxyTimeout: opts.timeoutMs,
    on: {
      // The services' word to the gateway (which site options made the answer) is not for the client.
      proxyRes: (proxyRes: IncomingMessage) => void delete proxyRes.headers[SITE_REV_HEADER],
      error: (err: Error & { code?: string }, _req: IncomingMessage, res: ServerResponse | Socket) => {
        opts.log.warn({ err: err.code ?? err.message }, opts.failure);
        if (!('writeHead' in res) || res.headersSent) return void res.destroy();
        unavailable(res);
      },
    },
  });
  const unavailable = (res: ServerResponse) =>
    res.writeHead(503, { ...opts.unavailable.headers, 'Cache-Control': 'no-store' }).end(opts.unavailable.body);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !opts.matches(req.path)) return next();
    if (opts.usable && !opts.usable()) return void unavailable(res);
    for (const h of ['authorization', 'cookie', IDENTITY_HEADER, INTERNAL_HEADER]) delete req.headers[h];
    if (opts.route) res.locals.route = opts.route;
    void proxy(req, res, next);
  };
}
