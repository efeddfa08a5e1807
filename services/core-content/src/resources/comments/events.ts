/**
 * The one place a comment's life is announced inside core-content, after the change is stored: a comment was
 * created (whatever status it got), approved, held, marked as spam, trashed, or deleted for good. WordPress hangs
 * its mails here (comment_post → wp_new_comment_notify_moderator / _postauthor, wp_set_comment_status →
 * wp_new_comment_notify_postauthor); Loom's mail of comments attaches to this function. It must not throw, and
 * must not make the request wait on anything slower than a store write.
 */
import type { KitConfig, Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { PostDoc } from '../../engine/repository';
import type { DiscussionSettings } from './discussion';
import type { CommentDoc } from './repository';

export type CommentEventKind = 'created' | 'approved' | 'held' | 'spammed' | 'trashed' | 'deleted';

export interface CommentEvent {
  kind: CommentEventKind;
  /** The comment as stored after the change (as it was, for `deleted`). */
  comment: CommentDoc;
  /** Its post (null when it is gone). */
  post: PostDoc | null;
  /** The user who made the change (0: anonymous). */
  by: number;
}

export interface CommentEventContext {
  store: Store;
  config: KitConfig;
  log: Logger;
  /** The discussion options in force (comments_notify, moderation_notify...). */
  discussion: DiscussionSettings;
}

/** Called after every stored change listed above. For now it does nothing: the comment mails are built on it. */
export async function onCommentEvent(ctx: CommentEventContext, event: CommentEvent): Promise<void> {
  void ctx;
  void event;
}
