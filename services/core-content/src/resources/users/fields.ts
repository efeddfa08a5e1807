/** WordPress's checks and sanitizers for user fields (is_email, esc_url_raw, the description filter). */

/** is_email(): WordPress's (deliberately simple) address check; also what tells an email from a login. */
export function isEmail(value: string): boolean {
  if (value.length < 6) return false;
  const at = value.indexOf('@', 1);
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2}/.test(domain) || domain.replace(/^[\s.-]+|[\s.-]+$/g, '') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => /^[a-z0-9-]+$/i.test(sub) && !/^-|-$/.test(sub.trim()));
}

/** esc_url_raw(): one definition, in the contracts (menu item URLs use it too). */
export { sanitizeUrl } from '@loom/contracts';

/**
 * The description filter for callers without unfiltered_html. WordPress runs wp_filter_kses (a small allow-list
 * of inline tags); Loom removes markup altogether, which is stricter and safe for any client that renders it.
 */
export function stripTags(value: string): string {
  return value
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
}

/** esc_html() for values echoed inside WordPress's HTML error messages. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!,
  );
}
