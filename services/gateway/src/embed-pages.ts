/**
 * The embed pages oEmbed iframes show (`<permalink>embed/`, see the oembed service's embed-page.ts) live beside the
 * site's permalinks, outside /rest: GET and HEAD of a path ending in `/embed` or `/embed/` (and not under /rest or
 * /admin) go to the oembed service unchanged. They are public pages: the caller's credentials, cookies and any
 * identity or internal header are not passed on. A service that does not answer is a small 503 page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { IDENTITY_HEADER, INTERNAL_HEADER } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';

export const EMBED_PAGE_PATH = /^\/(?!rest(?:\/|$)|admin(?:\/|$)).+\/embed\/?$/;

/** Whether a request path is an embed page's, read decoded too (`/rest%2F...` is still under /rest, not a page). */
export function isEmbedPagePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return EMBED_PAGE_PATH.test(path) && EMBED_PAGE_PATH.test(decoded);
}

const UNAVAILABLE = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Unavailable</title></head><body><p>This embed cannot be shown right now.</p></body></html>\n';

export function embedPages(opts: { target: string; timeoutMs: number; log: Logger }): RequestHandler {
  const proxy = createProxyMiddleware({
    target: opts.target,
    changeOrigin: true,
    proxyTimeout: opts.timeoutMs,
    on: {
      error: (err: Error & { code?: string }, _req: IncomingMessage, res: ServerResponse | Socket) => {
        opts.log.warn({ err: err.code ?? err.message }, 'oembed did not answer an embed page');
        if (!('writeHead' in res) || res.headersSent) return void res.destroy();
        res.writeHead(503, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store' }).end(UNAVAILABLE);
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isEmbedPagePath(req.path)) return next();
    for (const h of ['authorization', 'cookie', IDENTITY_HEADER, INTERNAL_HEADER]) delete req.headers[h];
    void proxy(req, res, next);
  };
}
