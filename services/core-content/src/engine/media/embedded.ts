/**
 * `_embed` of `core/v2/media/<id>` (a post's `wp:featuredmedia`): every attachment of a page of results in one
 * query, their parents (who decides an `inherit` attachment's readability) in one more, prepared together in the
 * embed context. What the caller may not read embeds as the item route's rest_forbidden, what is gone as its 404.
 */
import { forbidden, wpError, type Embedder } from '@loom/service-kit';
import { POST_TYPE_BEHAVIOURS } from '../registry';
import { siteClock } from '../dates';
import { POSTS, type PostDoc } from '../repository';
import { PostPresenter } from '../presenter';
import { readableAttachments } from './readable';

/** The attachment type's behaviour, from the registry at call time (post-types/attachment.ts is not imported here: no import cycle). */
const attachment = () => POST_TYPE_BEHAVIOURS().get('attachment')!;

const idOf = (url: URL): number | null => {
  const m = /^\/rest\/core\/v2\/media\/(\d+)$/.exec(url.pathname);
  return m && [...url.searchParams.keys()].every((k) => k === 'context') ? Number(m[1]) : null;
};

export const mediaItemEmbedder: Embedder = {
  match: (url) => idOf(url) !== null,
  async load(urls, req) {
    const ids = [...new Set(urls.map((u) => idOf(u)!))];
    const found = await req.store.collection<PostDoc>(POSTS).find({ id: { $in: ids }, type: 'attachment' });
    const readable = await readableAttachments(req, found);
    const prepared = await new PostPresenter(req, attachment(), siteClock(req.config)).prepare(readable, {
      context: 'embed',
    });
    const bodies = new Map(readable.map((p, i) => [p.id, prepared[i]]));
    return new Map<string, unknown>(
      urls.map((u): [string, unknown] => {
        const id = idOf(u)!;
        if (bodies.has(id)) return [u.href, bodies.get(id)];
        if (found.some((p) => p.id === id)) return [u.href, forbidden(req.user).toBody()];
        return [u.href, wpError('rest_post_invalid_id').toBody()];
      }),
    );
  },
};
