/**
 * Attachments by id for other parts of core-content (featured media, _embed, galleries): the REST shape each
 * caller may read, loaded with two queries (the attachments, their parents), keyed by id (ids that name no readable attachment are absent).
 */
import type { Context } from '@loom/contracts';
import type { RestRequest } from '@loom/service-kit';

// The registry first: it loads every type's file in order (attachment.ts needs the post-types modules loaded).
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { siteClock } from '../../engine/dates';
import { POSTS, type PostDoc } from '../../engine/repository';
import { PostPresenter } from '../../engine/presenter';
import { readableAttachments } from '../../engine/media/readable';

/** The attachment type's behaviour (post-types/attachment.ts), from the registry. */
const attachment = () => POST_TYPE_BEHAVIOURS().get('attachment')!;

export async function attachmentsByIds(
  req: RestRequest,
  ids: number[],
  context: Context = 'embed',
): Promise<Map<number, Record<string, unknown>>> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!unique.length) return new Map();
  const found = await req.store.collection<PostDoc>(POSTS).find({ id: { $in: unique }, type: 'attachment' });
  // Their parents in one more query (readableAttachments), whatever the number of ids.
  const readable = await readableAttachments(req, found);
  const shaped = await new PostPresenter(req, attachment(), siteClock(req.config)).prepare(readable, { context });
  return new Map(readable.map((p, i) => [p.id, shaped[i]!]));
}
