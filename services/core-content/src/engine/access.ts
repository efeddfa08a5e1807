/** Who may read a post: check_read_permission, by the post's type's behaviour. */
import type { Identity } from '@loom/contracts';
import { postCan, statusObject, type CapTarget } from './behaviour';
import { can } from '@loom/service-kit';
import { allPostTypes } from './contract/registry';
import { STORED_POST_TYPE_BEHAVIOURS } from './registry';

/** Whether a status is readable by anyone, for posts of a type (blocks: no status is). */
export const isPublicFor = (type: string, status: string): boolean =>
  (STORED_POST_TYPE_BEHAVIOURS().get(type)?.publicReads ?? true) &&
  (status === 'publish' || statusObject(status)?.public === true);

/** check_read_permission(): a published (or otherwise public) post is readable by anyone, else read_post. */
export const canReadPost = (user: Identity | null, post: CapTarget): boolean =>
  isPublicFor(post.type, post.status) || postCan(user, 'read_post', post);

/**
 * edit_posts, or the edit_posts capability of any post type shown in REST: who may read the editor's registries
 * (block patterns and their categories, the active theme), as their controllers check it.
 */
export const canEditSomePostType = (user: Identity | null): boolean =>
  can(user, 'edit_posts') || allPostTypes().some((t) => can(user, t.cap.edit_posts));
