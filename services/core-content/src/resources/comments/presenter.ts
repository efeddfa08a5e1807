/**
 * Comments as WP_REST_Comments_Controller prepares them (prepare_item_for_response, prepare_links), a page at a
 * time: the posts, their ancestors (for permalinks) and which comments have replies are loaded once for all.
 */
import type { Context } from '@loom/contracts';
import { renderCommentText } from '@loom/rendering';
import { filterByContext, links, type Link, type RestRequest } from '@loom/service-kit';
import { postCan } from '../../engine/behaviour';
import { permalink } from '../../engine/permalinks';
import { ancestorsOf, POSTS, type PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { avatarUrls } from '../users/presenter';
import { commentResource } from './contract';
import { commentAuthorship, CommentRepository, type Approval, type CommentDoc } from './repository';

/** prepare_status_response(): `1` approved, `0` hold, the others by name. */
export const statusName = (approved: Approval): string =>
  approved === '1' ? 'approved' : approved === '0' ? 'hold' : approved;

export async function prepareComments(
  req: RestRequest,
  comments: CommentDoc[],
  context: Context,
): Promise<Record<string, unknown>[]> {
  if (!comments.length) return [];
  const postIds = [...new Set(comments.map((c) => c.post))];
  const posts = await req.store.collection<PostDoc>(POSTS).find({ id: { $in: postIds } });
  const ancestors = await ancestorsOf(req.store, posts);
  const parents = await new CommentRepository(req.store).withChildren(comments.map((c) => c.id));
  const rest = `${req.config.restUrl}/core/v2`;

  const postLink = new Map<number, { link: string; up: Link | undefined }>();
  for (const post of posts) {
    const rules = POST_TYPE_BEHAVIOURS().get(post.type);
    if (!rules) continue;
    const link = permalink(post, {
      homeUrl: req.config.homeUrl,
      rules,
      ancestors: ancestors.get(post.id) ?? [],
      canRead: postCan(req.user, 'read_post', post),
    });
    const up = { embeddable: true, post_type: post.type, href: `${rest}/${rules.object.restBase}/${post.id}` };
    postLink.set(post.id, { link, up });
  }

  return comments.map((c) => {
    const ofPost = postLink.get(c.post);
    const data = {
      ...commentAuthorship(c),
      author_user_agent: c.agent,
      date: c.date,
      date_gmt: c.date_gmt,
      content: { rendered: renderCommentText(c.content, req.config.homeUrl), raw: c.content },
      // get_comment_link(): the post's permalink and the comment's anchor (comments are not paged by default).
      link: `${ofPost?.link ?? `${req.config.homeUrl}/?p=${c.post}`}#comment-${c.id}`,
      status: statusName(c.approved),
      type: c.type,
      author_avatar_urls: avatarUrls(c.author_email),
      // WordPress registers no comment meta: an empty PHP array.
      meta: [],
      _links: links({
        self: `${rest}/comments/${c.id}`,
        collection: `${rest}/comments`,
        author: c.user_id ? { embeddable: true, href: `${rest}/users/${c.user_id}` } : undefined,
        up: ofPost?.up,
        'in-reply-to': c.parent ? { embeddable: true, href: `${rest}/comments/${c.parent}` } : undefined,
        children: parents.has(c.id) ? { embeddable: true, href: `${rest}/comments?parent=${c.id}` } : undefined,
      }),
    };
    return filterByContext(commentResource, data, context);
  });
}
