import { WP_MIME_TYPES } from '@loom/rendering';
import type { DetectOptions } from './types';

/** get_allowed_mime_types(): extension pattern (`jpg|jpeg|jpe`) → MIME type, html/js only with unfilteredHtml. */
export function allowedMimeTypes(opts: DetectOptions): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [exts, mime] of WP_MIME_TYPES) {
    if (exts === 'swf' || exts === 'exe') continue;
    if (!opts.unfilteredHtml && (exts === 'htm|html' || exts === 'js')) continue;
    out[exts] = mime;
  }
  return out;
}

/** Every extension WordPress knows (wp_get_mime_types), for sanitize_file_name's checks. */
export function knownExtension(ext: string, opts: DetectOptions | null): string | null {
  const lower = ext.toLowerCase();
  const list = opts ? Object.entries(allowedMimeTypes(opts)) : WP_MIME_TYPES;
  for (const [exts, mime] of list) if (exts.split('|').includes(lower)) return mime;
  return null;
}
