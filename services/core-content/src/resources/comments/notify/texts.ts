/**
 * WordPress 6.4's comment notification mails, as pure functions: wp_notify_postauthor() (a new or approved comment,
 * to the post's author) and wp_notify_moderator() (a comment held for moderation), in the site's language en_US.
 * Lines end with CRLF as WordPress writes them; the sender and Reply-To are what wp_mail() makes of the headers
 * those functions give it.
 */
import { wpSpecialcharsDecode } from '@loom/rendering';
import type { NotifyComment, NotifyPost } from './types';

export interface Mailbox {
  name?: string;
  address: string;
}

export interface MailSite {
  /** blogname. */
  name: string;
  /** network_home_url(): the sender's address is `wordpress@` its host, without `www.`. */
  homeUrl: string;
  /** admin_url(): `<site url>/wp-admin/`. */
  adminUrl: string;
}

export interface NotificationText {
  subject: string;
  text: string;
  from: Mailbox;
  replyTo: Mailbox[];
}

/** What both mails show of the comment; `authorDomain` is gethostbyaddr() of its IP ('' when it is none). */
export interface NotificationInput {
  site: MailSite;
  comment: NotifyComment;
  post: NotifyPost;
  authorDomain: string;
}

const CRLF = '\r\n';

/** PHP's sprintf with WordPress's `%s` and `%1$s` placeholders. */
const sprintf = (format: string, ...args: Array<string | number>) => {
  let next = 0;
  return format.replace(/%(?:(\d+)\$)?s/g, (_, n: string | undefined) => String(args[n ? Number(n) - 1 : next++]));
};

const adminLink = (site: MailSite, path: string) => `${site.adminUrl}${path}`;
const commentAction = (site: MailSite, action: string, id: number) =>
  adminLink(site, `comment.php?action=${action}&c=${id}#wpbody-content`);

/** `wordpress@` and the home URL's host without `www.` (wp_mail's default sender, and these mails'). */
export function wordpressAddress(homeUrl: string): string {
  return `wordpress@${new URL(homeUrl).hostname.replace(/^www\./, '')}`;
}

/** get_comment_link() with comments on one page: the permalink and the comment's anchor. */
export const commentLink = (post: NotifyPost, comment: NotifyComment): string => `${post.link}#comment-${comment.id}`;

/** PHPMailer's secureHeader(): a header's text on one line. */
const oneLine = (s: string) => s.replace(/[\r\n]/g, '').trim();

/** wp_mail()'s reading of `From: "<name>" <address>`: the text before `<`, quotes removed, trimmed. */
const fromName = (name: string) => {
  const bracket = name.indexOf('<');
  return oneLine((bracket >= 0 ? name.slice(0, bracket) : name).replace(/"/g, ''));
};

/** is_email() at the least (a dot in the domain too): what PHPMailer would refuse, wp_mail() leaves out. */
export const looksLikeAddress = (s: string): boolean => /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(s);

/** The lines of the comment's author: a comment's name, e-mail and URL, or a pingback's website. */
function authorLines(input: NotificationInput, label: 'Author' | 'Website'): string {
  const { comment, authorDomain } = input;
  let out = sprintf(`${label}: %1$s (IP address: %2$s, %3$s)`, comment.author_name, comment.author_ip, authorDomain);
  out += CRLF;
  if (label === 'Author') out += sprintf('Email: %s', comment.author_email) + CRLF;
  out += sprintf('URL: %s', comment.author_url) + CRLF;
  return out;
}

/**
 * wp_notify_postauthor(): "New comment on your post", the comment, its links. `authorCanEdit`: whether the post's
 * author may edit the comment (user_can edit_comment): then the mail has "In reply to", "Trash it" and "Spam it".
 */
export function postAuthorNotification(input: NotificationInput & { authorCanEdit: boolean }): NotificationText {
  const { site, comment, post } = input;
  const blogname = wpSpecialcharsDecode(site.name, true);
  const content = wpSpecialcharsDecode(comment.content);
  let text: string;
  let subject: string;
  if (comment.type === 'trackback' || comment.type === 'pingback') {
    const Kind = comment.type === 'trackback' ? 'Trackback' : 'Pingback';
    text = sprintf(`New ${comment.type} on your post "%s"`, post.title) + CRLF;
    text += authorLines(input, 'Website');
    text += sprintf('Comment: %s', CRLF + content) + CRLF + CRLF;
    text += `You can see all ${comment.type}s on this post here:` + CRLF;
    subject = sprintf(`[%1$s] ${Kind}: "%2$s"`, blogname, post.title);
  } else {
    text = sprintf('New comment on your post "%s"', post.title) + CRLF;
    text += authorLines(input, 'Author');
    // A reply's parent is on the same post: the author may edit it exactly when they may edit this comment.
    if (comment.parent && input.authorCanEdit)
      text += sprintf('In reply to: %s', commentAction(site, 'editcomment', comment.parent)) + CRLF;
    text += sprintf('Comment: %s', CRLF + content) + CRLF + CRLF;
    text += 'You can see all comments on this post here:' + CRLF;
    subject = sprintf('[%1$s] Comment: "%2$s"', blogname, post.title);
  }
  text += `${post.link}#comments` + CRLF + CRLF;
  text += sprintf('Permalink: %s', commentLink(post, comment)) + CRLF;
  if (input.authorCanEdit) {
    // EMPTY_TRASH_DAYS is on (Loom keeps a trash): "Trash it", never "Delete it".
    text += sprintf('Trash it: %s', commentAction(site, 'trash', comment.id)) + CRLF;
    text += sprintf('Spam it: %s', commentAction(site, 'spam', comment.id)) + CRLF;
  }
  const email = comment.author_email;
  const replyTo: Mailbox[] = [];
  // `Reply-To: "<email>" <email>`: wp_mail keeps the quotes in the name.
  if (email !== '' && looksLikeAddress(email))
    replyTo.push(comment.author_name === '' ? { address: email } : { name: `"${email}"`, address: email });
  const name = fromName(comment.author_name === '' ? blogname : comment.author_name);
  return {
    subject: oneLine(wpSpecialcharsDecode(subject)),
    text,
    from: { ...(name ? { name } : {}), address: wordpressAddress(site.homeUrl) },
    replyTo,
  };
}

/**
 * wp_notify_moderator(): "is waiting for your approval", the comment, the moderation links and how many comments
 * wait (`waiting`: every held comment of the site, this one included).
 */
export function moderatorNotification(input: NotificationInput & { waiting: number }): NotificationText {
  const { site, comment, post } = input;
  const blogname = wpSpecialcharsDecode(site.name, true);
  const content = wpSpecialcharsDecode(comment.content);
  let text: string;
  if (comment.type === 'trackback' || comment.type === 'pingback') {
    const Kind = comment.type === 'trackback' ? 'Trackback' : 'Pingback';
    text = sprintf(`A new ${comment.type} on the post "%s" is waiting for your approval`, post.title) + CRLF;
    text += post.link + CRLF + CRLF;
    text += authorLines(input, 'Website');
    text += `${Kind} excerpt: ` + CRLF + content + CRLF + CRLF;
  } else {
    text = sprintf('A new comment on the post "%s" is waiting for your approval', post.title) + CRLF;
    text += post.link + CRLF + CRLF;
    text += authorLines(input, 'Author');
    if (comment.parent) text += sprintf('In reply to: %s', commentAction(site, 'editcomment', comment.parent)) + CRLF;
    text += sprintf('Comment: %s', CRLF + content) + CRLF + CRLF;
  }
  text += sprintf('Approve it: %s', commentAction(site, 'approve', comment.id)) + CRLF;
  text += sprintf('Trash it: %s', commentAction(site, 'trash', comment.id)) + CRLF;
  text += sprintf('Spam it: %s', commentAction(site, 'spam', comment.id)) + CRLF;
  text +=
    sprintf(
      input.waiting === 1
        ? 'Currently %s comment is waiting for approval. Please visit the moderation panel:'
        : 'Currently %s comments are waiting for approval. Please visit the moderation panel:',
      input.waiting.toLocaleString('en-US'),
    ) + CRLF;
  text += adminLink(site, 'edit-comments.php?comment_status=moderated#wpbody-content') + CRLF;
  return {
    subject: oneLine(wpSpecialcharsDecode(sprintf('[%1$s] Please moderate: "%2$s"', blogname, post.title))),
    text,
    // No headers: wp_mail's default sender.
    from: { name: 'WordPress', address: wordpressAddress(site.homeUrl) },
    replyTo: [],
  };
}
