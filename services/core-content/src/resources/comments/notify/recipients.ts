/**
 * Who gets which mail, as WordPress 6.4 decides (wp_new_comment_notify_*, wp_set_comment_status,
 * wp_notify_postauthor, wp_notify_moderator), as pure functions of the comment, the post and its author's account.
 */
import type { Role } from '@loom/contracts';
import { postCan } from '../../../engine/behaviour';
import type { CommentEvent, NotifyPost } from './types';

/** The post author's account: what user_can() and the mail need. */
export interface MailUser {
  id: number;
  email: string;
  roles: Role[];
}

export interface NotifyOptions {
  /** comments_notify: mail the post's author about new and approved comments (WordPress's default: on). */
  commentsNotify: boolean;
  /** moderation_notify: mail the moderators about held comments (default: on). */
  moderationNotify: boolean;
}

/**
 * Which mails a change makes. A new comment: held → the moderators (wp_new_comment_notify_moderator), approved → the
 * post's author (wp_new_comment_notify_postauthor); one approved later → the post's author (wp_set_comment_status).
 * Holding, spamming, trashing and deleting mail no one. The moderators' mail goes first, as WordPress sends it.
 */
export function mailsFor(
  event: Pick<CommentEvent, 'kind' | 'comment'>,
  options: NotifyOptions,
): Array<'moderator' | 'postauthor'> {
  const status = event.comment.status;
  if (event.kind === 'created' && status === '0' && options.moderationNotify) return ['moderator'];
  if ((event.kind === 'created' || event.kind === 'approved') && status === '1' && options.commentsNotify)
    return ['postauthor'];
  return [];
}

/** user_can( $user, $cap, $post ) for a user who is not the caller. */
const userCan = (user: MailUser, cap: 'read_post' | 'edit_post', post: NotifyPost) =>
  postCan({ id: user.id, login: '', name: '', roles: user.roles, iat: 0 }, cap, post);

/** user_can( $user, 'edit_comment', $comment ): edit_comment is edit_post of the comment's post. */
export const canEditComments = (user: MailUser | null, post: NotifyPost): boolean =>
  !!user && userCan(user, 'edit_post', post);

/**
 * wp_notify_postauthor()'s recipients: the post's author, unless they wrote the comment, made the change
 * themselves (`actor`), or may no longer read the post.
 */
export function postAuthorRecipients(a: {
  author: MailUser | null;
  event: Pick<CommentEvent, 'comment' | 'post'>;
  actor: number;
}): string[] {
  const { author, event } = a;
  if (!author || author.email === '') return [];
  if (event.comment.author === event.post.author) return [];
  if (a.actor === event.post.author) return [];
  if (!userCan(author, 'read_post', event.post)) return [];
  return [author.email];
}

/**
 * wp_notify_moderator()'s recipients: the site's admin e-mail, and the post's author when they may edit the
 * comment and their address is another one (compared ignoring case).
 */
export function moderatorRecipients(a: { adminEmail: string; author: MailUser | null; post: NotifyPost }): string[] {
  const emails = [a.adminEmail];
  const { author } = a;
  if (author && author.email !== '' && canEditComments(author, a.post))
    if (author.email.toLowerCase() !== a.adminEmail.toLowerCase()) emails.push(author.email);
  return emails;
}
