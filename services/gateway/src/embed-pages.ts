/**
 * The embed pages oEmbed iframes show (`<permalink>embed/`, see the oembed service's embed-page.ts) live beside the
 * site's permalinks, outside /rest: GET and HEAD of a path ending in `/embed` or `/embed/` (and not under /rest or
 * /admin) go to the oembed service unchanged. They are public pages: the caller's credentials, cookies and any
 * identity or internal header are not passed on. A service that does not answer is a small 503 page.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '@loom/service-kit';
import { publicPages } from './public-pages';

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

const UNAVAILABLE =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Unavailable</title></head><body><p>This embed cannot be shown right now.</p></body></html>\n';

export const EMBED_PAGE_ROUTE = '<permalink>embed/';

export function embedPages(opts: {
  target: string;
  timeoutMs: number;
  log: Logger;
  usable?: () => boolean;
}): RequestHandler {
  return publicPages({
    ...opts,
    matches: isEmbedPagePath,
    route: EMBED_PAGE_ROUTE, // one label for every permalink
    failure: 'oembed did not answer an embed page',
    unavailable: { headers: { 'Content-Type': 'text/html; charset=UTF-8' }, body: UNAVAILABLE },
  });
}
