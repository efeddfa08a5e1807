/**
 * WordPress's text sanitizers, used as zod transforms on write parameters (WordPress runs them as the
 * args' sanitize callbacks), so stored values look like what WordPress would store.
 */
import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** PHP's trim() character set: JavaScript's trim() also removes NBSP and other Unicode spaces, PHP's doesn't. */
export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
}

/** sanitize_text_field: no tags, no line breaks or tabs, single spaces, trimmed. */
export function sanitizeTextField(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** remove_accents, approximately: decompose and drop the combining marks (é → e, ß → ss). */
function removeAccents(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o');
}

/**
 * sanitize_title_with_dashes: lowercase ASCII letters, digits, `_` and `-`; other characters are
 * percent-encoded (UTF-8, lowercase hex) the way WordPress keeps non-Latin slugs; spaces become dashes.
 */
export function sanitizeTitle(value: string): string {
  let s = removeAccents(value.replace(/<[^>]*>/g, '')).toLowerCase();
  s = s.replace(/&[a-z0-9#]+;/g, '');
  s = [...s].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch : encodeURIComponent(ch).toLowerCase())).join('');
  s = s.replace(/\./g, '-');
  s = s.replace(/[^%a-z0-9 _-]/g, '');
  s = s
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s;
}

/** sanitize_key: lower-case letters, digits, `_` and `-` only. */
export function sanitizeKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/** wp_allowed_protocols(): the schemes esc_url_raw() and kses let through (one list for every service and lib). */
export const WP_ALLOWED_PROTOCOLS: readonly string[] = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/**
 * A sanitize callback's WP_Error inside a zod transform: the kit reports it as WordPress does, `rest_invalid_param`
 * with this message under `params` and `{code, message, data}` under `details`.
 */
export function sanitizeError(ctx: z.RefinementCtx, code: ErrorCode, message: string): typeof z.NEVER {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, params: { wp: { code, message, data: { status: 400 } } } });
  return z.NEVER;
}

/** The editable form of a slug (WordPress's editable_slug filter, urldecode): percent-encoded characters decoded. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
