/**
 * Comment notification mail: after a comment is created or changed, `notifyComment` decides which of WordPress's
 * mails go to whom (recipients.ts), composes them (texts.ts) and hands them to the forms service's outbox through
 * core-content's durable hand-off (site/mail). It never rejects and never waits for forms or SMTP: what it awaits is
 * reading the post's author, the commenter's host name (at most a second) and storing the messages in this
 * service's own store. A route calls it once the write is done, without awaiting it (`void notifyComment(req, …)`),
 * so that its answer waits for none of this.
 */
import { randomUUID } from 'node:crypto';
import { lookupService } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { MailHandoff } from '@loom/contracts';
import type { KitConfig, Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { handOffMail } from '../../../site/mail/handoff';
import { UserRepository } from '../../users/repository';
import { canEditComments, mailsFor, moderatorRecipients, postAuthorRecipients, type MailUser } from './recipients';
import { commentMailSettings } from './settings';
import { looksLikeAddress, moderatorNotification, postAuthorNotification, type NotificationText } from './texts';
import type { CommentEvent } from './types';

export type { CommentEvent, NotifyComment, NotifyPost } from './types';

export interface NotifyDeps {
  config: KitConfig;
  store: Store;
  log: Logger;
  /**
   * How many of the site's comments are held, the new one included (the moderators' mail says it). Default: the
   * documents of the `comments` collection whose `status` is `0`.
   */
  countAwaiting?: () => Promise<number>;
  /** gethostbyaddr(): the name of an IP address, or the address itself when it has none. */
  reverseLookup?: (ip: string) => Promise<string>;
}

const LOOKUP_TIMEOUT_MS = 1000;

/** gethostbyaddr() through the system's resolver (hosts file, then DNS), briefly: the address when no name comes. */
async function systemReverseLookup(ip: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(ip), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      lookupService(ip, 0).then(
        (r) => r.hostname,
        () => ip,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const mailUser = (u: { id: number; email: string; roles: MailUser['roles'] } | null): MailUser | null =>
  u ? { id: u.id, email: u.email, roles: u.roles } : null;

/**
 * Hands over the mails `event` makes, as WordPress sends them: a new comment held for moderation → the moderators
 * (wp_notify_moderator), a new approved comment or one approved later → the post's author (wp_notify_postauthor),
 * each under its option (moderation_notify, comments_notify). Other changes mail no one. Resolves once
 * the messages are stored for hand-over; never rejects (a failure is logged).
 */
export async function notifyComment(deps: NotifyDeps, event: CommentEvent): Promise<void> {
  const { comment, post } = event;
  try {
    const settings = commentMailSettings(deps.config);
    const mails = mailsFor(event, settings);
    if (!mails.length) return;
    const author = mailUser(await new UserRepository(deps.store).get(post.author));
    const ip = comment.author_ip;
    const authorDomain = isIP(ip) ? await (deps.reverseLookup ?? systemReverseLookup)(ip) : '';
    const input = { site: settings.site, comment, post, authorDomain };
    const messages: Array<{ template: string; to: string[]; mail: NotificationText }> = [];
    for (const which of mails) {
      if (which === 'moderator') {
        const waiting = await (
          deps.countAwaiting ?? (() => deps.store.collection('comments').count({ status: '0' }))
        )();
        messages.push({
          template: 'comment_moderation',
          to: moderatorRecipients({ adminEmail: settings.adminEmail, author, post }),
          mail: moderatorNotification({ ...input, waiting }),
        });
      } else {
        const actor = event.actor ?? (event.kind === 'created' ? comment.author : 0);
        messages.push({
          template: 'comment_notify',
          to: postAuthorRecipients({ author, event, actor }),
          mail: postAuthorNotification({ ...input, authorCanEdit: canEditComments(author, post) }),
        });
      }
    }
    // One message per recipient, as WordPress calls wp_mail() once per address.
    for (const { template, to, mail } of messages)
      for (const address of to) {
        if (!looksLikeAddress(address)) {
          deps.log.warn({ comment: comment.id, template }, 'comment mail not sent: the recipient is no e-mail address');
          continue;
        }
        const message: MailHandoff = {
          key: `comment.${comment.id}.${template}.${randomUUID()}`,
          template,
          from: mail.from,
          to: [{ address }],
          reply_to: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
        };
        await handOffMail(deps.config, message);
      }
  } catch (err) {
    deps.log.error({ err, comment: comment?.id, kind: event?.kind }, 'comment mail could not be queued');
  }
}
