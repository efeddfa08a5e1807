/**
 * check_read_permission for many attachments at once: an attachment the caller may read itself (read_post, public
 * status), or an `inherit` one whose parent the caller may read, or that has none (or whose parent is gone). The
 * parents come in one query for the whole set, so a page of posts costs the same two queries whatever its size.
 */
import type { RestRequest } from '@loom/service-kit';
import { canReadPost } from '../access';
import { POSTS, type PostDoc } from '../repository';

/** The posts with these ids (those in `known` are not read again), in one query. */
export async function postsById(
  req: Pick<RestRequest, 'store'>,
  ids: number[],
  known: PostDoc[] = [],
): Promise<Map<number, PostDoc>> {
  const out = new Map<number, PostDoc>(known.map((p) => [p.id, p]));
  const missing = [...new Set(ids)].filter((id) => id > 0 && !out.has(id));
  if (missing.length)
    for (const p of await req.store.collection<PostDoc>(POSTS).find({ id: { $in: missing } })) out.set(p.id, p);
  return out;
}

/** The attachments among `docs` the caller may read; `known` posts (the page being prepared) save their lookups. */
export async function readableAttachments(
  req: Pick<RestRequest, 'store' | 'user'>,
  docs: PostDoc[],
  known: PostDoc[] = [],
): Promise<PostDoc[]> {
  const parents = await postsById(
    req,
    docs.filter((a) => a.status === 'inherit').map((a) => a.parent),
    known,
  );
  return docs.filter((a) => {
    if (a.type !== 'attachment') return false;
    if (canReadPost(req.user, a)) return true;
    if (a.status !== 'inherit' || !a.parent) return a.status === 'inherit';
    const parent = parents.get(a.parent);
    return !parent || parent.id === a.id || canReadPost(req.user, parent);
  });
}
