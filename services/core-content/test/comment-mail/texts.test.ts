/**
 * The notification texts against WordPress: each recorded mail (recorded.ts) composed again from the same comment
 * and post, subject, body, sender and Reply-To alike; then the branches the recording has no case of, against
 * wp_notify_postauthor() and wp_notify_moderator() in 6.4.3's pluggable.php.
 */
import {
  moderatorNotification,
  postAuthorNotification,
  type MailSite,
  type NotificationText,
} from '../../src/resources/comments/notify/texts';
import type { NotifyComment, NotifyPost } from '../../src/resources/comments/notify/types';
import { ADA, RECORDED, type RecordedMail } from './recorded';

const SITE: MailSite = {
  name: 'Loom Reference',
  homeUrl: 'http://127.0.0.1:8089',
  adminUrl: 'http://127.0.0.1:8089/wp-admin/',
};
const TEA: NotifyPost = {
  id: 65,
  title: 'Mail check: Tea & Cake',
  author: 4,
  status: 'publish',
  type: 'post',
  link: 'http://127.0.0.1:8089/mail-check-tea-cake/',
};
const CONTRIBUTED: NotifyPost = {
  id: 71,
  title: 'Mail check: contributor post',
  author: 3,
  status: 'publish',
  type: 'post',
  link: 'http://127.0.0.1:8089/mail-check-contributor-post/',
};
const REPLY: NotifyComment = { ...ADA, id: 7, parent: 4, content: 'A reply, with &amp; an entity' };
const GRACE: NotifyComment = {
  ...ADA,
  id: 13,
  post: 71,
  author_name: 'Grace',
  author_email: 'grace@example.org',
  author_url: '',
  content: 'First!',
};
const input = { site: SITE, authorDomain: 'localhost' };

/** A recorded message's parts: headers by lower-case name, and the body. */
function parse(recorded: RecordedMail) {
  const at = recorded.raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of recorded.raw.slice(0, at).split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: recorded.raw.slice(at + 4) };
}

/** A mailbox as a header shows it (`Name <address>`, the name quoted with escapes when it needs to be). */
const mailbox = (m: { name?: string; address: string }) =>
  m.name === undefined
    ? m.address
    : /^[\w .-]*$/.test(m.name)
      ? `${m.name} <${m.address}>`
      : `"${m.name.replace(/["\\]/g, '\\$&')}" <${m.address}>`;

function expectRecorded(mail: NotificationText, recorded: RecordedMail) {
  const { headers, body } = parse(recorded);
  expect(mail.subject).toBe(headers.get('subject'));
  expect(mail.text).toBe(body);
  expect(mailbox(mail.from)).toBe(headers.get('from'));
  expect(mail.replyTo.map(mailbox).join(', ') || undefined).toBe(headers.get('reply-to'));
}

describe('as WordPress sent them', () => {
  test.each([
    ['a held comment, to the administrator', 'heldToAdmin', ADA, TEA, 2],
    ['a held comment, to the post author who may moderate it', 'heldToPostAuthor', ADA, TEA, 2],
    ['a held reply: "In reply to"', 'replyHeldToAdmin', REPLY, TEA, 3],
    ['the same, to the post author', 'replyHeldToPostAuthor', REPLY, TEA, 3],
    ['a held comment on a contributor’s post, no URL', 'heldOnContributorPostToAdmin', GRACE, CONTRIBUTED, 7],
  ])('wp_notify_moderator: %s', (_, name, comment, post, waiting) => {
    expectRecorded(moderatorNotification({ ...input, comment, post, waiting }), RECORDED[name]!);
  });

  test('wp_notify_postauthor: an approved comment, to an author who may edit it (Trash it, Spam it)', () => {
    const mail = postAuthorNotification({ ...input, comment: { ...ADA, status: '1' }, post: TEA, authorCanEdit: true });
    expectRecorded(mail, RECORDED.approvedToPostAuthor!);
  });

  test('wp_notify_postauthor: to a contributor, who may not edit comments on their published post (no links)', () => {
    const mail = postAuthorNotification({
      ...input,
      comment: { ...GRACE, status: '1' },
      post: CONTRIBUTED,
      authorCanEdit: false,
    });
    expectRecorded(mail, RECORDED.approvedToContributor!);
  });
});

describe("6.4.3's other branches", () => {
  const approved = { ...REPLY, status: '1' };

  test('a reply to an author who may edit comments says which comment it answers', () => {
    const { text } = postAuthorNotification({ ...input, comment: approved, post: TEA, authorCanEdit: true });
    expect(text).toContain(
      'URL: https://ada.example.org\r\nIn reply to: http://127.0.0.1:8089/wp-admin/comment.php?action=editcomment&c=4#wpbody-content\r\nComment: \r\n',
    );
    expect(postAuthorNotification({ ...input, comment: approved, post: TEA, authorCanEdit: false }).text).not.toContain(
      'In reply to',
    );
  });

  test('a comment without a name is sent as the site, Reply-To its bare address; without an address, no Reply-To', () => {
    const nameless = postAuthorNotification({
      ...input,
      comment: { ...approved, author_name: '' },
      post: TEA,
      authorCanEdit: true,
    });
    expect(nameless.from).toEqual({ name: 'Loom Reference', address: 'wordpress@127.0.0.1' });
    expect(nameless.replyTo).toEqual([{ address: 'ada@example.org' }]);
    const anonymous = postAuthorNotification({
      ...input,
      comment: { ...approved, author_email: '' },
      post: TEA,
      authorCanEdit: true,
    });
    expect(anonymous.replyTo).toEqual([]);
    expect(anonymous.text).toContain('\r\nEmail: \r\n');
  });

  test('the site name and the title are decoded in the subject only, the body keeps the stored title', () => {
    const mail = postAuthorNotification({
      site: { ...SITE, name: 'Tom &amp; Jerry&#039;s' },
      authorDomain: '',
      comment: { ...approved, author_ip: '' },
      post: { ...TEA, title: 'Fish &amp; Chips' },
      authorCanEdit: false,
    });
    expect(mail.subject).toBe(`[Tom & Jerry's] Comment: "Fish & Chips"`);
    expect(mail.text.split('\r\n').slice(0, 2)).toEqual([
      'New comment on your post "Fish &amp; Chips"',
      'Author: Ada "Al" Lovelace (IP address: , )',
    ]);
  });

  test('the sender is the home URL’s host without www.', () => {
    const mail = moderatorNotification({
      ...input,
      site: { ...SITE, homeUrl: 'https://www.example.com/blog' },
      comment: ADA,
      post: TEA,
      waiting: 1,
    });
    expect(mail.from).toEqual({ name: 'WordPress', address: 'wordpress@example.com' });
    expect(mail.text).toContain(
      '\r\nCurrently 1 comment is waiting for approval. Please visit the moderation panel:\r\n',
    );
    expect(moderatorNotification({ ...input, comment: ADA, post: TEA, waiting: 1234 }).text).toContain(
      'Currently 1,234 comments are waiting',
    );
  });

  test('pingbacks and trackbacks have their own words', () => {
    const ping = { ...approved, parent: 0, type: 'pingback', author_name: 'Other blog', content: '[...] linked [...]' };
    const toAuthor = postAuthorNotification({ ...input, comment: ping, post: TEA, authorCanEdit: true });
    expect(toAuthor.subject).toBe('[Loom Reference] Pingback: "Mail check: Tea & Cake"');
    expect(toAuthor.text).toBe(
      [
        'New pingback on your post "Mail check: Tea & Cake"',
        'Website: Other blog (IP address: 127.0.0.1, localhost)',
        'URL: https://ada.example.org',
        'Comment: ',
        '[...] linked [...]',
        '',
        'You can see all pingbacks on this post here:',
        'http://127.0.0.1:8089/mail-check-tea-cake/#comments',
        '',
        'Permalink: http://127.0.0.1:8089/mail-check-tea-cake/#comment-7',
        'Trash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=7#wpbody-content',
        'Spam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=7#wpbody-content',
        '',
      ].join('\r\n'),
    );
    const track = { ...ping, type: 'trackback', status: '0' };
    expect(postAuthorNotification({ ...input, comment: track, post: TEA, authorCanEdit: false }).subject).toBe(
      '[Loom Reference] Trackback: "Mail check: Tea & Cake"',
    );
    const held = moderatorNotification({ ...input, comment: track, post: TEA, waiting: 2 });
    expect(held.text.split('\r\n').slice(0, 8)).toEqual([
      'A new trackback on the post "Mail check: Tea & Cake" is waiting for your approval',
      'http://127.0.0.1:8089/mail-check-tea-cake/',
      '',
      'Website: Other blog (IP address: 127.0.0.1, localhost)',
      'URL: https://ada.example.org',
      'Trackback excerpt: ',
      '[...] linked [...]',
      '',
    ]);
  });

  test('a header never carries a line break from the title or the name', () => {
    const mail = postAuthorNotification({
      ...input,
      comment: { ...approved, author_name: 'Eve\r\nBcc: x@example.com' },
      post: { ...TEA, title: 'Line\nbreak' },
      authorCanEdit: false,
    });
    expect(mail.subject).toBe('[Loom Reference] Comment: "Linebreak"');
    expect(mail.from.name).toBe('EveBcc: x@example.com');
  });
});
