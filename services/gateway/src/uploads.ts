/**
 * Uploaded files (`${LOOM_BASE_URL}/uploads/<name>`, media's `source_url`) are core-content's (its media/serve.ts):
 * GET and HEAD of `/uploads/...` go there unchanged, streamed both ways, with the conditional and range headers the
 * client sent. They are public files: credentials, cookies and identity or internal headers are not passed on.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '@loom/service-kit';
import { publicPages } from './public-pages';

export const UPLOADS_PREFIX = '/uploads/';

export function uploads(opts: {
  target: string;
  timeoutMs: number;
  log: Logger;
  usable?: () => boolean;
}): RequestHandler {
  return publicPages({
    ...opts,
    matches: (path) => path.startsWith(UPLOADS_PREFIX),
    failure: 'core-content did not answer an uploaded file',
    unavailable: {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: 'Service Unavailable\n',
    },
  });
}
