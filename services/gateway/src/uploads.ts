/**
 * Uploaded files (`${LOOM_BASE_URL}/uploads/<name>`, media's `source_url`) and the theme's public files
 * (`/wp-content/themes/<stylesheet>/...`) are core-content's: GET and HEAD of them go there unchanged, streamed both ways, with the conditional and range headers the
 * client sent. They are public files: credentials, cookies and identity or internal headers are not passed on.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '@loom/service-kit';
import { publicPages } from './public-pages';

export const UPLOADS_PREFIX = '/uploads/';
/** The active theme's public files (its stylesheet, screenshot, fonts), core-content's too (site/theme/files.ts). */
export const THEME_FILES_PREFIX = '/wp-content/themes/';

export function uploads(opts: {
  target: string;
  timeoutMs: number;
  log: Logger;
  usable?: () => boolean;
}): RequestHandler {
  return publicPages({
    ...opts,
    matches: (path) => path.startsWith(UPLOADS_PREFIX) || path.startsWith(THEME_FILES_PREFIX),
    failure: 'core-content did not answer an uploaded file',
    unavailable: {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: 'Service Unavailable\n',
    },
  });
}
