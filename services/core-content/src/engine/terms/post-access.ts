/**
 * Who may list the terms of a post (`?post=<id>`, and a post's `wp:term` links): WordPress's
 * check_read_terms_permission_for_post. Without it the term ids of drafts and private posts would leak.
 */
import type { Identity } from '@loom/contracts';
import * as core from '../contract';
import { forbidden, wpError, type WpError } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { postCan } from '../behaviour';
import { POSTS, type TaxonomyRules } from '@loom/terms';

interface PostRef extends Record<string, unknown> {
  id: number;
  type: string;
  status: string;
  author: number;
  trashed_from?: string;
}

/** true when `user` may see the terms of `post`; an error (WordPress's code and status) otherwise. */
export function termsOfPostAccess(user: Identity | null, post: PostRef | null, rules: TaxonomyRules): true | WpError {
  if (!post) return wpError('rest_post_invalid_id', { status: 400 });
  const denied = forbidden(user, 'rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.');
  // is_object_in_taxonomy(): the registry's object types of the taxonomy.
  if (!(core.taxonomyNamed(rules.taxonomy)?.objectType ?? []).includes(post.type)) return denied;
  // is_post_publicly_viewable() (a viewable type's published post: not a block), else read_post.
  const viewable = core.postTypeNamed(post.type)?.viewable === true && post.status === 'publish';
  if (viewable || postCan(user, 'read_post', post)) return true;
  return denied;
}

export async function loadPosts(store: Store, ids: number[]): Promise<PostRef[]> {
  return ids.length ? store.collection<PostRef>(POSTS).find({ id: { $in: ids } }) : [];
}
