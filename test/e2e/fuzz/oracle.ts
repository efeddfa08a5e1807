/**
 * What every answer must satisfy: no 5xx but WordPress's own, every error as `{code, message, data: {status}}`
 * (also inside `_envelope` answers and batch entries), JSON under /rest, and no response header named after
 * the pollution marker (Express copies inherited properties into headers, so a polluted prototype shows there).
 */
import type { Outcome } from './client';
import { POLLUTION_MARKER } from './values';

/**
 * 5xx answers that are WordPress's (or its plugins') own, by (status, code). Anything else >= 500 is a defect.
 */
export const WORDPRESS_5XX: ReadonlyArray<readonly [number, string, string, 'data may be null'?]> = [
  // DELETE without force on what cannot be trashed: terms, revisions, users (reference wp-rest-conventions.md, "Delete").
  [501, 'rest_trash_not_supported', 'WP_REST_*_Controller::delete_item without force'],
  // A term update to a slug in use: wp_update_term's WP_Error carries no status, so REST answers 500 (wp-rest-conventions.md).
  [500, 'duplicate_term_slug', 'wp_update_term, no status in the error data'],
  // The delete itself failed after the permission passed, e.g. the default category (wp-rest-conventions.md, "Delete").
  [500, 'rest_cannot_delete', 'delete failure after permission'],
  // A term insert that failed in the store (WordPress answers its db_insert_error with 500 likewise).
  [500, 'rest_cannot_create', 'wp_insert_term failure'],
  // WP_REST_Application_Passwords_Controller::get_application_password uses status 500 for a missing uuid.
  [500, 'rest_application_password_not_found', 'class-wp-rest-application-passwords-controller.php'],
  // The Events Calendar: trashing an event failed (reference plugins-events-forms.md, A.4 Errors).
  [500, 'could-not-delete-event', 'Tribe REST V1 events DELETE'],
  // Contact Form 7: saving or deleting a form failed (reference plugins-events-forms.md).
  [500, 'wpcf7_cannot_save', 'Contact Form 7 REST create/update'],
  [500, 'wpcf7_cannot_delete', 'Contact Form 7 REST delete'],
  // wp_insert_user/wp_update_user refusals: WP_Error without data, which the users controller returns as is, so
  // 500 with `"data": null` (wp-rest-conventions.md: "data can be null when the error has no data (then status 500)").
  [500, 'existing_user_login', 'wp_insert_user', 'data may be null'],
  [500, 'existing_user_email', 'wp_insert_user', 'data may be null'],
  [500, 'user_login_too_long', 'wp_insert_user', 'data may be null'],
  [500, 'user_nicename_too_long', 'wp_insert_user', 'data may be null'],
  [500, 'user_url_too_long', 'wp_insert_user', 'data may be null'],
  // A menu renamed to another menu's name: the menus update route returns wp_update_nav_menu_object's WP_Error as is.
  [500, 'menu_exists', 'WP_REST_Menus_Controller::update_item', 'data may be null'],
];

const wordPress5xx = (status: number, code: unknown) => WORDPRESS_5XX.find(([s, c]) => s === status && c === code);

export interface Problem {
  kind: string;
  detail: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A WordPress error body for `status`, or what is wrong with it. */
function errorShape(body: unknown, status: number): string | null {
  if (!isObject(body)) return `error body is ${Array.isArray(body) ? 'an array' : typeof body}`;
  if (typeof body.code !== 'string' || body.code === '') return 'error without a string code';
  if (typeof body.message !== 'string') return 'error without a string message';
  if (!isObject(body.data)) return 'error without a data object';
  if (body.data.status !== status) return `error data.status ${JSON.stringify(body.data.status)} for HTTP ${status}`;
  return null;
}

/** Problems of one answer (status, body) wherever it sits: the response, an envelope, a batch entry. */
function checkAnswer(status: number, body: unknown, where: string, out: Problem[]): void {
  const code = isObject(body) ? body.code : undefined;
  const own = status >= 500 ? wordPress5xx(status, code) : undefined;
  if (status >= 500 && !own) out.push({ kind: '5xx', detail: `${where}${status} ${String(code ?? '(no code)')}` });
  if (own?.[3] && isObject(body) && body.data === null && typeof body.message === 'string') return;
  if (status >= 400) {
    const wrong = errorShape(body, status);
    if (wrong) out.push({ kind: 'error shape', detail: `${where}${status}: ${wrong}` });
  }
}

const looksLikeEnvelope = (b: unknown): b is { body: unknown; status: number; headers: unknown } =>
  isObject(b) && typeof b.status === 'number' && 'body' in b && 'headers' in b && Object.keys(b).length === 3;

export function check(method: string, path: string, outcome: Outcome): Problem[] {
  if (!outcome.ok) return outcome.error.startsWith('unsendable') ? [] : [{ kind: 'no answer', detail: outcome.error }];
  const { res } = outcome;
  const out: Problem[] = [];
  const marker = POLLUTION_MARKER.toLowerCase();
  if (Object.keys(res.headers).some((h) => h.toLowerCase().includes(marker)))
    out.push({ kind: 'pollution', detail: 'a response header is named after the pollution marker' });
  const text = res.body.toString('utf8');
  // No body by definition: HEAD, 204, and 304 (Express answers `If-None-Match: *` on a GET so, as HTTP allows).
  if (method === 'HEAD' || ((res.status === 204 || res.status === 304) && text === '')) {
    if (res.status >= 500) out.push({ kind: '5xx', detail: `${res.status} (no body to name the code)` });
    return out;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    out.push({
      kind: res.status >= 400 ? 'error shape' : 'not JSON',
      detail: `${res.status} ${String(res.headers['content-type'] ?? '(no content-type)')}: ${text.slice(0, 80) || '(empty body)'}`,
    });
    if (res.status >= 500) out.push({ kind: '5xx', detail: `${res.status} (not JSON)` });
    return out;
  }
  const envelope = res.status === 200 && /[?&]_envelope/.test(path) && looksLikeEnvelope(body) ? body : null;
  const [status, inner] = envelope ? [envelope.status, envelope.body] : [res.status, body];
  checkAnswer(status, inner, envelope ? 'envelope ' : '', out);
  if (
    envelope &&
    isObject(envelope.headers) &&
    Object.keys(envelope.headers).some((h) => h.toLowerCase().includes(marker))
  )
    out.push({ kind: 'pollution', detail: 'an envelope header is named after the pollution marker' });

  // Batch answers: every entry is itself an answer (or null, in a failed require-all-validate).
  if (/^\/rest\/batch\/v1(\?|$)/.test(path) && !path.includes('_fields') && status === 207 && isObject(inner)) {
    const entries = inner.responses;
    if (!Array.isArray(entries)) out.push({ kind: 'batch shape', detail: '207 without a responses list' });
    else
      entries.forEach((e, i) => {
        if (e === null && inner.failed === 'validation') return;
        if (inner.failed === 'validation' && isObject(e) && typeof e.code === 'string')
          return checkAnswer(
            isObject(e.data) && typeof e.data.status === 'number' ? e.data.status : 0,
            e,
            `batch #${i} `,
            out,
          );
        if (!isObject(e) || typeof e.status !== 'number')
          return void out.push({ kind: 'batch shape', detail: `entry #${i} is not {body, status, headers}` });
        checkAnswer(e.status, e.body, `batch #${i} `, out);
        if (isObject(e.headers) && Object.keys(e.headers).some((h) => h.toLowerCase().includes(marker)))
          out.push({ kind: 'pollution', detail: `batch #${i} header named after the marker` });
      });
  }
  return out;
}
