/**
 * From one successful write (method, path under /rest, status, response body) to its change notification:
 * namespace (longest NAMESPACES match), resource (first segment after it), item id, action.
 */
import { randomUUID } from 'node:crypto';
import { NAMESPACES, type ChangeHint, type ChangeNotification } from '@loom/contracts';

export type WriteMethod = ChangeNotification['method'];
export const WRITE_METHODS: ReadonlySet<string> = new Set<WriteMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One write that succeeded, as the proxy or a batch item saw it. */
export interface Write {
  method: string;
  /** The path under /rest (`/core/v2/posts/5`), without the query string. */
  path: string;
  status: number;
  /** The response body (for `_envelope` responses: the envelope's `body`). */
  body: unknown;
  /** The acting user's id (0 when anonymous). */
  userId: number;
  requestId: string;
  /** The service's own description of the change (CHANGE_HEADER), when it sent one. */
  hint?: ChangeHint;
}

const BY_LENGTH = [...NAMESPACES].sort((a, b) => b.length - a.length);
/** A path segment naming one item rather than a collection. */
const ITEM_SEGMENT = /^(\d+|me|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asId = (v: unknown): number | string | null =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && v !== '') ? (v as number | string) : null;

/** The namespace and the rest of the path's segments, or null outside every namespace. */
export function splitPath(path: string): { namespace: string; segments: string[] } | null {
  const clean = path.split('?')[0].replace(/\/+$/, '');
  for (const ns of BY_LENGTH) {
    if (clean === `/${ns}` || clean.startsWith(`/${ns}/`))
      return {
        namespace: ns,
        segments: clean
          .slice(ns.length + 2)
          .split('/')
          .filter(Boolean),
      };
  }
  return null;
}

/** The notification for a successful write, or null when it is not one (read, failure, outside every namespace). */
export function toNotification(w: Write, now = new Date()): ChangeNotification | null {
  const method = w.method.toUpperCase();
  if (!WRITE_METHODS.has(method) || w.status < 200 || w.status > 299) return null;
  const split = splitPath(w.path);
  if (!split || split.segments.length === 0) return null;
  const { namespace, segments } = split;
  if (w.hint === 'none') return null;
  const body = isRecord(w.body) ? w.body : undefined;
  const permanent = body?.deleted === true;
  const last = segments[segments.length - 1];
  // events/v1 names items by slug too: `/events/v1/events/by-slug/<slug>`.
  const bySlug = segments.length >= 3 && segments[segments.length - 2] === 'by-slug';
  const toCollection = !bySlug && !ITEM_SEGMENT.test(last);
  let action: ChangeNotification['action'];
  // A trashed item comes back with status `trash` (core posts, events); other deletes are permanent, whether
  // the answer says `deleted: true` (WordPress) or is the item as it was (the events plugin's terms).
  if (method === 'DELETE') action = !permanent && body?.status === 'trash' ? 'trashed' : 'deleted';
  else if (method === 'POST' && (toCollection || w.status === 201)) action = 'created';
  else action = 'updated';
  const previous = permanent && isRecord(body?.previous) ? body.previous : undefined;
  const fromPath = toCollection ? null : /^\d+$/.test(last) ? Number(last) : last === 'me' ? null : last;
  const itemId = asId(previous?.id) ?? asId(body?.id) ?? fromPath;
  const hint = w.hint;
  return {
    event_id: randomUUID(),
    action: hint ? hint.action : action,
    namespace,
    resource: hint ? hint.resource : segments[0],
    item_id: hint ? hint.item_id : itemId,
    path: w.path.split('?')[0],
    method: method as WriteMethod,
    status: w.status,
    user_id: Number.isInteger(w.userId) ? w.userId : 0,
    request_id: w.requestId,
    time: now.toISOString(),
    item: w.body === undefined ? null : w.body,
  };
}
