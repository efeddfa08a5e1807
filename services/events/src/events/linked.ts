/**
 * An event's `venue` and `organizer` as written (the plugin's is_venue_id_or_entry_or_empty validation, then
 * Linked_Post_Base::insert): an id, `{id}`, the fields of a new venue/organizer, or (organizers, and venues too) a
 * list of those. An id or `{id}` that names no post of the type, or fields its create route would refuse (its
 * name missing included), make the argument invalid: `rest_invalid_param` naming `venue` / `organizer`. Fields
 * are matched to an existing post with the same data (the plugin avoids duplicates) or created, which needs the
 * right to create one.
 */
import { createHash } from 'node:crypto';
import { CREATABLE, endpoint, type EndpointDef } from '@loom/contracts';
import * as events from '../contracts';
import { can, forbidden, parseArgs, WpError, type RestRequest } from '@loom/service-kit';
import { checkImage } from '../images';
import { createLinkedPost } from '../linked-posts/handlers';
import type { LinkedPostDoc } from '../linked-posts/repository';
import { metaOf, type LinkedPostType } from '../linked-posts/type';
import { invalidParams } from '../messages';
import { capsOfType } from '../posts/bindings';
import { POSTS } from '../posts/repository';

/**
 * Ids to store for the event's `venue` or `organizer` from what the client wrote. With `dryRun` everything is
 * checked and nothing created (the ids of posts still to create are left out).
 */
export async function resolveLinked(
  req: RestRequest,
  type: LinkedPostType,
  value: unknown,
  dryRun = false,
): Promise<number[]> {
  const items = Array.isArray(value) ? value : [value];
  const invalid = () => invalidParams([type.spec.name]);
  const out: number[] = [];
  for (const item of items) {
    if (item === 0 || item === '' || item === null) continue;
    const id =
      typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : undefined;
    if (id !== undefined) {
      if (!(await linkedPost(req, type, id))) throw invalid();
      out.push(id);
    } else if (item && typeof item === 'object') {
      const id = await fromObject(req, type, item as Record<string, unknown>, dryRun);
      if (id) out.push(id);
    } else {
      throw invalid();
    }
  }
  return [...new Set(out)];
}

/**
 * The venue/organizer create arguments, read from an inline object with the same coercion as a request's; the
 * plugin checks an inline entry with the arguments' validate callbacks only, so its flags may be booleans too.
 */
const inlineArgs = new Map<string, EndpointDef>();
function parseInline(type: LinkedPostType, data: Record<string, unknown>): Record<string, unknown> {
  const { spec } = type;
  let args = inlineArgs.get(spec.type);
  if (!args) inlineArgs.set(spec.type, (args = endpoint(CREATABLE, events.linkedWriteArgs(spec, true, true))));
  try {
    const { params } = parseArgs(args, { json: data, form: null, query: {}, path: {} });
    if (String(params[spec.name] ?? '').trim()) return params;
  } catch (e) {
    if (!(e instanceof WpError)) throw e;
  }
  throw invalidParams([spec.name]);
}

async function linkedPost(req: RestRequest, type: LinkedPostType, id: number): Promise<LinkedPostDoc | null> {
  return req.store.collection<LinkedPostDoc>(POSTS).findOne({ id, type: type.spec.type, status: { $ne: 'trash' } });
}

async function fromObject(
  req: RestRequest,
  type: LinkedPostType,
  data: Record<string, unknown>,
  dryRun: boolean,
): Promise<number> {
  const { spec } = type;
  if (data.id !== undefined) {
    const id = Number(data.id);
    if (!Number.isInteger(id) || !(await linkedPost(req, type, id))) throw invalidParams([spec.name]);
    return id;
  }
  const fields = parseInline(type, data);
  const meta = metaOf(type, fields);

  // Same name and same given fields: the existing post is linked instead of a duplicate.
  const matched = Object.keys(meta);
  const candidates = await req.store
    .collection<LinkedPostDoc>(POSTS)
    .find({ type: spec.type, name: fields[spec.name], status: { $ne: 'trash' } });
  const same = candidates.find((c) => matched.every((f) => c.meta[f] === meta[f]));
  if (same) return same.id;

  if (!can(req.user, capsOfType(spec.type).edit_posts)) throw forbidden(req.user);
  if (dryRun) {
    if (fields.image !== undefined) await checkImage(req, fields.image as number | string);
    return 0;
  }
  // Concurrent writes naming the same new post race past the look-up above: the key of what was matched on lets
  // the store keep one, and the others link it.
  const key = createHash('sha256')
    .update(JSON.stringify([spec.type, fields[spec.name], matched.map((f) => [f, meta[f]])]))
    .digest('base64url');
  return (await createLinkedPost(req, type, fields, key)).id;
}
