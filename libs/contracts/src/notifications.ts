/**
 * Change notifications: every write the gateway sees succeed (2xx on POST/PUT/PATCH/DELETE, on its own or
 * inside a batch) is published once on NATS JetStream, for consumers that replay or follow the site.
 */
import { z } from 'zod';

/** The JetStream stream holding every notification (created at gateway start when missing). */
export const CHANGES_STREAM = 'LOOM_CHANGES';
export const CHANGES_SUBJECT_PREFIX = 'loom.changes';

/** NATS subject tokens may not hold `.`, `*`, `>` or spaces: `core/v2` → `core_v2`, `oembed/1.0` → `oembed_1_0`. */
export const subjectToken = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_') || '_';

/** `loom.changes.<namespace>.<resource>`, e.g. `loom.changes.core_v2.categories`. */
export const changeSubject = (namespace: string, resource: string): string =>
  `${CHANGES_SUBJECT_PREFIX}.${subjectToken(namespace)}.${subjectToken(resource)}`;

/** What a write did; a comment's moderation is named by its new status (approved, held, spammed). */
export const changeActions = ['created', 'updated', 'trashed', 'deleted', 'approved', 'held', 'spammed'] as const;

export const changeNotificationSchema = z.object({
  /** Unique per notification (also the JetStream message id, so a retried publish is not stored twice). */
  event_id: z.string().uuid(),
  action: z.enum(changeActions),
  namespace: z.string(),
  /** The route's first segment after the namespace: `posts`, `categories`, `users`... */
  resource: z.string(),
  /** The item's id when the response names one (`id`, or `previous.id` on a permanent delete). */
  item_id: z.union([z.number().int(), z.string()]).nullable(),
  /** The request path under /rest, without the query string. */
  path: z.string(),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  status: z.number().int(),
  /** The acting user's id (0 when anonymous, e.g. a public form submission). */
  user_id: z.number().int(),
  request_id: z.string(),
  /** When the gateway saw the write succeed (ISO 8601, UTC). */
  time: z.string(),
  /** The item as the response returned it. */
  item: z.unknown(),
});
export type ChangeNotification = z.infer<typeof changeNotificationSchema>;

/**
 * A service may describe the change a successful write made when the path alone does not (a form submission is
 * a POST under `/contact-forms/<id>/feedback`, and one that failed validation changes nothing): a response header
 * the gateway reads and removes. `none`: no notification; `<resource> <action> <item_id>` (e.g.
 * `submissions created 42`): the notification's resource, action and item id (the body stays the answer's).
 */
export const CHANGE_HEADER = 'x-loom-change';

export type ChangeHint =
  'none' | { resource: string; action: (typeof changeActions)[number]; item_id: number | string | null };

export function formatChangeHint(hint: ChangeHint): string {
  return hint === 'none' ? 'none' : `${hint.resource} ${hint.action} ${hint.item_id ?? ''}`.trim();
}

/** The hint of a header value, or undefined when it is none of the forms above (then the gateway derives as usual). */
export function parseChangeHint(value: string | undefined): ChangeHint | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'none') return 'none';
  const m = new RegExp(`^([A-Za-z0-9_-]{1,64}) (${changeActions.join('|')})(?: ([A-Za-z0-9_-]{1,64}))?$`).exec(
    value.trim(),
  );
  if (!m) return undefined;
  const id = m[3] === undefined ? null : /^\d{1,15}$/.test(m[3]) ? Number(m[3]) : m[3];
  return { resource: m[1], action: m[2] as (typeof changeActions)[number], item_id: id };
}
