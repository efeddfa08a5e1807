/**
 * An event's `venue` and `organizer` as written (Linked_Post_Base::insert): an id, `{id}`, the fields of a new
 * venue/organizer, or (organizers, and venues too) a list of those. Ids must name a post of the type; `{id}`
 * naming anything else is `invalid-linked-post-id`; fields are matched to an existing post with the same data
 * (the plugin avoids duplicates) or created, which needs the name and the right to create one.
 */
import { createHash } from 'node:crypto';
import { CREATABLE, endpoint, events, type EndpointDef } from '@loom/contracts';
import { can, capabilityType, forbidden, parseArgs, WpError, type RestRequest } from '@loom/service-kit';
import { checkImage } from '../images';
import { createLinkedPost } from '../linked-posts/handlers';
import type { LinkedPostDoc } from '../linked-posts/repository';
import { invalidParam as invalid, tecError } from '../messages';
import { POSTS } from '../posts/repository';

/**
 * Ids to store for the event's `venue` or `organizer` from what the client wrote. With `dryRun` everything is
 * checked and nothing created (the ids of posts still to create are left out).
 */
export async function resolveLinked(req: RestRequest, spec: events.LinkedPostSpec, value: unknown, dryRun = false): Promise<number[]> {
  const items = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const item of items) {
    if (item === 0 || item === '' || item === null) continue;
    const id = typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : undefined;
    if (id !== undefined) {
      if (!(await linkedPost(req, spec, id))) throw invalid(spec.name);
      out.push(id);
    } else if (item && typeof item === 'object') {
      const id = await fromObject(req, spec, item as Record<string, unknown>, dryRun);
      if (id) out.push(id);
    } else {
      throw invalid(spec.name);
    }
  }
  return [...new Set(out)];
}

/** The venue/organizer create arguments, read from an inline object with the same coercion as a request's. */
const inlineArgs = new Map<string, EndpointDef>();
function parseInline(spec: events.LinkedPostSpec, data: Record<string, unknown>): Record<string, unknown> {
  let args = inlineArgs.get(spec.type);
  if (!args) inlineArgs.set(spec.type, (args = endpoint(CREATABLE, events.linkedWriteArgs(spec, true))));
  try {
    const { params } = parseArgs(args, { json: data, form: null, query: {}, path: {} });
    if (String(params[spec.name] ?? '').trim()) return params;
  } catch (e) {
    if (!(e instanceof WpError)) throw e;
  }
  throw tecError(`could-not-create-${spec.name}`, 400);
}

async function linkedPost(req: RestRequest, spec: events.LinkedPostSpec, id: number): Promise<LinkedPostDoc | null> {
  return req.store.collection<LinkedPostDoc>(POSTS).findOne({ id, type: spec.type, status: { $ne: 'trash' } });
}

async function fromObject(req: RestRequest, spec: events.LinkedPostSpec, data: Record<string, unknown>, dryRun: boolean): Promise<number> {
  if (data.id !== undefined) {
    const id = Number(data.id);
    if (!Number.isInteger(id) || !(await linkedPost(req, spec, id))) throw tecError('invalid-linked-post-id', 400);
    return id;
  }
  const fields = parseInline(spec, data);

  // Same name and same given fields: the existing post is linked instead of a duplicate.
  const matched = [...spec.strings, ...spec.booleans].filter((f) => fields[f] !== undefined);
  const candidates = await req.store.collection<LinkedPostDoc>(POSTS).find({ type: spec.type, name: fields[spec.name], status: { $ne: 'trash' } });
  const same = candidates.find((c) => matched.every((f) => c.meta[f] === fields[f]));
  if (same) return same.id;

  if (!can(req.user, capabilityType(`${spec.type}s`).edit_posts)) throw forbidden(req.user);
  if (dryRun) {
    if (fields.image !== undefined) await checkImage(req, fields.image as number | string);
    return 0;
  }
  // Concurrent writes naming the same new post race past the look-up above: the key of what was matched on lets
  // the store keep one, and the others link it.
  const key = createHash('sha256')
    .update(JSON.stringify([spec.type, fields[spec.name], matched.map((f) => [f, fields[f]])]))
    .digest('base64url');
  return (await createLinkedPost(req, spec, fields, key)).id;
}
