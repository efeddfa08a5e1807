/**
 * The one place a comment's life is announced inside core-content, after the change is stored: a comment was
 * created (whatever status it got), approved, held, marked as spam, trashed, or deleted for good. WordPress hangs
 * its mails here (comment_post → wp_new_comment_notify_moderator / _postauthor, wp_set_comment_status →
 * wp_new_comment_notify_postauthor), and so does Loom's. It must not throw, and
 * must not make the request wait on anything slower than a store write.
 */
import type { KitConfig, Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { permalink } from '../../engine/permalinks';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { ancestorsOf, type PostDoc } from '../../engine/repository';
import type { DiscussionSettings } from './discussion';
import { notifyComment, type NotifyComment } from './notify';
import { mailsFor } from './notify/recipients';
import { commentAuthorship, COMMENTS, type CommentDoc } from './repository';

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

/**
 * Called after every stored change listed above: WordPress's comment mails (notify/), handed over without waiting
 * (notifyComment never rejects). A comment whose post is gone mails no one.
 */
export async function onCommentEvent(ctx: CommentEventContext, event: CommentEvent): Promise<void> {
  const { comment: c, post } = event;
  if (!post) return;
  const comment: NotifyComment = {
    ...commentAuthorship(c),
    content: c.content,
    status: c.approved,
    type: c.type,
    date: c.date,
  };
  // Most changes mail no one (mailsFor decides, as notifyComment will): then the permalink is not worth a read.
  if (!mailsFor({ kind: event.kind, comment }, ctx.discussion).length) return;
  const rules = POST_TYPE_BEHAVIOURS().get(post.type);
  const link = rules
    ? permalink(post, {
        homeUrl: ctx.config.homeUrl,
        rules,
        ancestors: (await ancestorsOf(ctx.store, [post])).get(post.id) ?? [],
        canRead: true,
      })
    : ctx.config.homeUrl;
  void notifyComment(
    {
      config: ctx.config,
      store: ctx.store,
      log: ctx.log,
      countAwaiting: () => ctx.store.collection<CommentDoc>(COMMENTS).count({ approved: '0' }),
    },
    {
      kind: event.kind,
      comment,
      post: {
        id: post.id,
        title: post.title,
        author: post.author,
        status: post.status,
        type: post.type,
        trashed_from: post.trashed_from,
        link,
      },
      actor: event.by,
    },
  );
}
