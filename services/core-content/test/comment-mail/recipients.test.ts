/**
 * Who gets which mail, as WordPress 6.4 decides it (comment.php's wp_new_comment_notify_* and wp_set_comment_status,
 * pluggable.php's wp_notify_postauthor and wp_notify_moderator), and the reference site's answers where it gave one
 * (recorded.ts: a held comment mailed the administrator and the post's author, an author; on a contributor's post,
 * the administrator alone; approving mailed the post's author).
 */
import '@loom/core-content'; // registers the post types user_can() reads
import {
  canEditComments,
  mailsFor,
  moderatorRecipients,
  postAuthorRecipients,
  type MailUser,
} from '../../src/resources/comments/notify/recipients';
import type { CommentChange, NotifyComment, NotifyPost } from '../../src/resources/comments/notify/types';

const ON = { commentsNotify: true, moderationNotify: true };
const user = (id: number, role: MailUser['roles'][number], email = `${role}@example.com`): MailUser => ({
  id,
  email,
  roles: [role],
});
const POST: NotifyPost = { id: 9, title: 'T', author: 4, status: 'publish', type: 'post', link: 'http://x.test/t/' };
const COMMENT: NotifyComment = {
  id: 1,
  post: 9,
  parent: 0,
  author: 0,
  author_name: 'Ada',
  author_email: 'ada@example.org',
  author_url: '',
  author_ip: '127.0.0.1',
  content: 'Hi',
  status: '1',
  type: 'comment',
  date: '2026-01-01T00:00:00',
};

describe('which mails a change makes', () => {
  test.each<[CommentChange, string, string[]]>([
    ['created', '0', ['moderator']],
    ['created', '1', ['postauthor']],
    ['created', 'spam', []],
    ['approved', '1', ['postauthor']],
    ['held', '0', []],
    ['spammed', 'spam', []],
    ['trashed', 'trash', []],
    ['deleted', '1', []],
  ])('%s, status %s → %j', (kind, status, mails) => {
    expect(mailsFor({ kind, comment: { ...COMMENT, status } }, ON)).toEqual(mails);
  });

  test('each under its option', () => {
    const held = { kind: 'created' as const, comment: { ...COMMENT, status: '0' } };
    const approved = { kind: 'approved' as const, comment: COMMENT };
    expect(mailsFor(held, { ...ON, moderationNotify: false })).toEqual([]);
    expect(mailsFor(approved, { ...ON, commentsNotify: false })).toEqual([]);
    expect(mailsFor(held, { ...ON, commentsNotify: false })).toEqual(['moderator']);
  });
});

describe('the post author', () => {
  const event = { comment: COMMENT, post: POST };
  const author = user(4, 'author');

  test('is mailed about a visitor’s comment, at their address', () => {
    expect(postAuthorRecipients({ author, event, actor: 0 })).toEqual(['author@example.com']);
  });

  test('not about their own comment, nor one they approved themselves', () => {
    expect(postAuthorRecipients({ author, event: { ...event, comment: { ...COMMENT, author: 4 } }, actor: 4 })).toEqual(
      [],
    );
    expect(postAuthorRecipients({ author, event, actor: 4 })).toEqual([]);
    expect(postAuthorRecipients({ author, event, actor: 1 })).toEqual(['author@example.com']);
  });

  test('not when the account is gone or may no longer read the post', () => {
    expect(postAuthorRecipients({ author: null, event, actor: 0 })).toEqual([]);
    expect(postAuthorRecipients({ author: { ...author, roles: [] }, event, actor: 0 })).toEqual([]);
    // A private post stays readable by its author.
    const privatePost = { ...POST, status: 'private' };
    expect(postAuthorRecipients({ author, event: { ...event, post: privatePost }, actor: 0 })).toEqual([
      'author@example.com',
    ]);
  });

  test('may edit the comments of their post as edit_post says: a contributor not once it is published', () => {
    expect(canEditComments(author, POST)).toBe(true);
    expect(canEditComments(user(3, 'contributor'), { ...POST, author: 3 })).toBe(false);
    expect(canEditComments(user(3, 'contributor'), { ...POST, author: 3, status: 'draft' })).toBe(true);
    expect(canEditComments(user(2, 'subscriber'), { ...POST, author: 2 })).toBe(false);
    expect(canEditComments(user(5, 'editor'), POST)).toBe(true);
    expect(canEditComments(null, POST)).toBe(false);
  });
});

describe('the moderators', () => {
  test('the admin e-mail, and the post author who may edit the comment', () => {
    expect(moderatorRecipients({ adminEmail: 'admin@example.com', author: user(4, 'author'), post: POST })).toEqual([
      'admin@example.com',
      'author@example.com',
    ]);
  });

  test('a contributor’s published post: the admin e-mail alone', () => {
    const post = { ...POST, author: 3 };
    expect(moderatorRecipients({ adminEmail: 'admin@example.com', author: user(3, 'contributor'), post })).toEqual([
      'admin@example.com',
    ]);
  });

  test('the author’s address once only, whatever its case', () => {
    const admin = user(4, 'administrator', 'Admin@Example.com');
    expect(moderatorRecipients({ adminEmail: 'admin@example.com', author: admin, post: POST })).toEqual([
      'admin@example.com',
    ]);
    expect(moderatorRecipients({ adminEmail: 'admin@example.com', author: null, post: POST })).toEqual([
      'admin@example.com',
    ]);
  });
});
