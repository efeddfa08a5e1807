/**
 * Who may see and change a comment (WP_REST_Comments_Controller's check_read_post_permission,
 * check_read_permission and check_edit_permission, map_meta_cap's edit_comment), and the same rules as a filter
 * over stored comments, so a collection and its total hold only what the caller may see.
 */
import type { Identity } from '@loom/contracts';
import { can, type RestRequest } from '@loom/service-kit';
import type { Filter } from '@loom/store';
import { canReadPost } from '../../engine/access';
import { postCan } from '../../engine/behaviour';
import * as core from '../../engine/contract';
import { STATUSES } from '../../engine/contract/statuses';
import type { PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import type { CommentDoc } from './repository';

export const moderates = (user: Identity | null): boolean => can(user, 'moderate_comments');

/** map_meta_cap's edit_comment: editing the comment's post (edit_posts for a comment without one). */
export const canEditComment = (user: Identity | null, post: PostDoc | null): boolean =>
  post ? postCan(user, 'edit_post', post) : can(user, 'edit_posts');

/**
 * can_access_password_content(): a protected post's text (and its comments) is open to the one request that names
 * the post with its password, or asks in edit context as someone who may edit it.
 */
export function passwordGiven(req: RestRequest, post: PostDoc, password: unknown): boolean {
  if (!post.password) return false;
  if (req.params.context === 'edit' && postCan(req.user, 'edit_post', post)) return true;
  return typeof password === 'string' && password !== '' && password === post.password;
}

/**
 * check_read_post_permission(): a protected post's comments need its password (`unlocked`) or the right to edit it;
 * otherwise the post's own read rule (its type's, e.g. an attachment's parent).
 */
export async function canReadPostOf(req: RestRequest, post: PostDoc, unlocked: boolean): Promise<boolean> {
  if (post.password && !unlocked) return postCan(req.user, 'edit_post', post);
  const own = POST_TYPE_BEHAVIOURS().get(post.type)?.hooks.canRead;
  return own ? own(req, post) : canReadPost(req.user, post);
}

/** check_read_permission(): an approved comment on a readable post, one's own, or one on a post one may edit. */
export async function canReadComment(
  req: RestRequest,
  comment: CommentDoc,
  post: PostDoc | null,
  unlocked: boolean,
): Promise<boolean> {
  if (post && comment.approved === '1' && (await canReadPostOf(req, post, unlocked))) return true;
  if (!req.user) return false;
  if (!post && !moderates(req.user)) return false;
  if (comment.user_id && comment.user_id === req.user.id) return true;
  return canEditComment(req.user, post);
}

/** check_edit_permission(): signed in, and a moderator or allowed to edit the comment's post. */
export const canChangeComment = (user: Identity | null, post: PostDoc | null): boolean =>
  !!user && (moderates(user) || canEditComment(user, post));

/** The types comments can be on (those supporting them) and every status their posts can have. */
const commentableTypes = () => core.allPostTypes().filter((t) => core.supports(t, 'comments'));

/**
 * The posts a meta capability (read_post or edit_post) allows, over the copy of them each comment keeps: per type,
 * the statuses allowed for others' posts, and those allowed for the caller's own.
 */
function postsAllowed(user: Identity | null, meta: 'read_post' | 'edit_post'): Filter[] {
  const out: Filter[] = [];
  for (const t of commentableTypes()) {
    const anyone: string[] = [];
    const own: string[] = [];
    for (const { name: status } of STATUSES) {
      const target = (author: number) => ({ type: t.name, status, author });
      const readable = meta === 'read_post' && canReadPost(user, target(-1));
      if (readable || postCan(user, meta, target(-1))) anyone.push(status);
      else if (user && postCan(user, meta, target(user.id))) own.push(status);
    }
    if (anyone.length) out.push({ post_type: t.name, post_status: { $in: anyone } });
    if (own.length && user) out.push({ post_type: t.name, post_status: { $in: own }, post_author: user.id });
  }
  return out;
}

/**
 * check_read_permission() as a filter, for lists over many posts (no password applies there): approved comments
 * on posts the caller may read and that have no password; the caller's own; any on posts the caller may edit.
 */
export function visibilityFilter(user: Identity | null): Filter {
  const readable = postsAllowed(user, 'read_post');
  const alternatives: Filter[] = [];
  if (readable.length) alternatives.push({ approved: '1', post_protected: false, $or: readable });
  if (user) {
    alternatives.push({ user_id: user.id });
    const editable = postsAllowed(user, 'edit_post');
    if (editable.length) alternatives.push({ $or: editable });
  }
  return alternatives.length ? { $or: alternatives } : { id: { $in: [] } };
}

/** The same for a list of one post the caller may read (its password given, if it has one). */
export function visibilityOnPost(user: Identity | null, post: PostDoc): Filter | undefined {
  if (canEditComment(user, post) && user) return undefined;
  return { $or: [{ approved: '1' }, ...(user ? [{ user_id: user.id }] : [])] };
}
