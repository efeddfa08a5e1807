/**
 * Comment notification mail as WordPress sent it: recorded from a reference WordPress (6.1, whose
 * wp_notify_postauthor() and wp_notify_moderator() texts are 6.4.3's word for word) through an SMTP sink, as the raw
 * messages (headers and body, CRLF line ends). Site "Loom Reference" at http://127.0.0.1:8089, admin_email
 * admin@example.com.
 *
 * - Post 65 "Mail check: Tea & Cake" by `cm-author` (an author), post 71 "Mail check: contributor post" by
 *   `cm-contributor` (a contributor; both published by the administrator).
 * - Comment 4 on post 65, by a visitor through the site's comment form: held (a first comment), so the moderators
 *   were mailed; then approved by the administrator through `POST /wp-json/wp/v2/comments/4 {"status":"approved"}`,
 *   so the post's author was.
 * - Comment 7: the same visitor's reply to comment 4, held.
 * - Comment 13 on post 71, held, then approved as comment 4 was.
 * Creating comments through `POST /wp-json/wp/v2/comments` (approved or held) sent nothing.
 */
import type { NotifyComment } from '../../src/resources/comments/notify';

export interface RecordedMail {
  /** The SMTP envelope's recipients. */
  to: string[];
  /** The message as the sink received it. */
  raw: string;
}

export const RECORDED: Record<string, RecordedMail> = {
  heldToAdmin: {
    to: ['admin@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:27:19 +0000\r\nTo: admin@example.com\r\nFrom: WordPress <wordpress@127.0.0.1>\r\nSubject: [Loom Reference] Please moderate: "Mail check: Tea & Cake"\r\nMessage-ID: <dMnhInaPJ28hTl0x473j6UKEuSbS17erBs16TNWxU@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nA new comment on the post "Mail check: Tea & Cake" is waiting for your approval\r\nhttp://127.0.0.1:8089/mail-check-tea-cake/\r\n\r\nAuthor: Ada "Al" Lovelace (IP address: 127.0.0.1, localhost)\r\nEmail: ada@example.org\r\nURL: https://ada.example.org\r\nComment: \r\nLovely & warm <b>bold</b> x 1 < 2\r\n\r\nApprove it: http://127.0.0.1:8089/wp-admin/comment.php?action=approve&c=4#wpbody-content\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=4#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=4#wpbody-content\r\nCurrently 2 comments are waiting for approval. Please visit the moderation panel:\r\nhttp://127.0.0.1:8089/wp-admin/edit-comments.php?comment_status=moderated#wpbody-content\r\n',
  },
  heldToPostAuthor: {
    to: ['cm-author@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:27:19 +0000\r\nTo: cm-author@example.com\r\nFrom: WordPress <wordpress@127.0.0.1>\r\nSubject: [Loom Reference] Please moderate: "Mail check: Tea & Cake"\r\nMessage-ID: <7qZJhQOgkF106BpGElmw1lHVkxGDXYePCj9e5zOtg@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nA new comment on the post "Mail check: Tea & Cake" is waiting for your approval\r\nhttp://127.0.0.1:8089/mail-check-tea-cake/\r\n\r\nAuthor: Ada "Al" Lovelace (IP address: 127.0.0.1, localhost)\r\nEmail: ada@example.org\r\nURL: https://ada.example.org\r\nComment: \r\nLovely & warm <b>bold</b> x 1 < 2\r\n\r\nApprove it: http://127.0.0.1:8089/wp-admin/comment.php?action=approve&c=4#wpbody-content\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=4#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=4#wpbody-content\r\nCurrently 2 comments are waiting for approval. Please visit the moderation panel:\r\nhttp://127.0.0.1:8089/wp-admin/edit-comments.php?comment_status=moderated#wpbody-content\r\n',
  },
  approvedToPostAuthor: {
    to: ['cm-author@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:27:23 +0000\r\nTo: cm-author@example.com\r\nFrom: Ada Al Lovelace <wordpress@127.0.0.1>\r\nReply-To: "\\"ada@example.org\\"" <ada@example.org>\r\nSubject: [Loom Reference] Comment: "Mail check: Tea & Cake"\r\nMessage-ID: <ebXkCpKm02f09GiJ9XKQPzPAk5zapMF8KUjGM67FW8@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nNew comment on your post "Mail check: Tea & Cake"\r\nAuthor: Ada "Al" Lovelace (IP address: 127.0.0.1, localhost)\r\nEmail: ada@example.org\r\nURL: https://ada.example.org\r\nComment: \r\nLovely & warm <b>bold</b> x 1 < 2\r\n\r\nYou can see all comments on this post here:\r\nhttp://127.0.0.1:8089/mail-check-tea-cake/#comments\r\n\r\nPermalink: http://127.0.0.1:8089/mail-check-tea-cake/#comment-4\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=4#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=4#wpbody-content\r\n',
  },
  replyHeldToAdmin: {
    to: ['admin@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:27:54 +0000\r\nTo: admin@example.com\r\nFrom: WordPress <wordpress@127.0.0.1>\r\nSubject: [Loom Reference] Please moderate: "Mail check: Tea & Cake"\r\nMessage-ID: <fuOATKtCJlwK8bLxQrscYgXlimRpFlsppYaagJUJ2M@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nA new comment on the post "Mail check: Tea & Cake" is waiting for your approval\r\nhttp://127.0.0.1:8089/mail-check-tea-cake/\r\n\r\nAuthor: Ada "Al" Lovelace (IP address: 127.0.0.1, localhost)\r\nEmail: ada@example.org\r\nURL: https://ada.example.org\r\nIn reply to: http://127.0.0.1:8089/wp-admin/comment.php?action=editcomment&c=4#wpbody-content\r\nComment: \r\nA reply, with & an entity\r\n\r\nApprove it: http://127.0.0.1:8089/wp-admin/comment.php?action=approve&c=7#wpbody-content\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=7#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=7#wpbody-content\r\nCurrently 3 comments are waiting for approval. Please visit the moderation panel:\r\nhttp://127.0.0.1:8089/wp-admin/edit-comments.php?comment_status=moderated#wpbody-content\r\n',
  },
  replyHeldToPostAuthor: {
    to: ['cm-author@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:27:54 +0000\r\nTo: cm-author@example.com\r\nFrom: WordPress <wordpress@127.0.0.1>\r\nSubject: [Loom Reference] Please moderate: "Mail check: Tea & Cake"\r\nMessage-ID: <V51IAIPuKLdd5bCuoVnEntUEYthoXqX32jceNU1Co@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nA new comment on the post "Mail check: Tea & Cake" is waiting for your approval\r\nhttp://127.0.0.1:8089/mail-check-tea-cake/\r\n\r\nAuthor: Ada "Al" Lovelace (IP address: 127.0.0.1, localhost)\r\nEmail: ada@example.org\r\nURL: https://ada.example.org\r\nIn reply to: http://127.0.0.1:8089/wp-admin/comment.php?action=editcomment&c=4#wpbody-content\r\nComment: \r\nA reply, with & an entity\r\n\r\nApprove it: http://127.0.0.1:8089/wp-admin/comment.php?action=approve&c=7#wpbody-content\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=7#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=7#wpbody-content\r\nCurrently 3 comments are waiting for approval. Please visit the moderation panel:\r\nhttp://127.0.0.1:8089/wp-admin/edit-comments.php?comment_status=moderated#wpbody-content\r\n',
  },
  heldOnContributorPostToAdmin: {
    to: ['admin@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:28:57 +0000\r\nTo: admin@example.com\r\nFrom: WordPress <wordpress@127.0.0.1>\r\nSubject: [Loom Reference] Please moderate: "Mail check: contributor post"\r\nMessage-ID: <8TbFEPfmsQW58eHXbMg9aVNvPHSgsHIaWwBpQ54CPF4@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nA new comment on the post "Mail check: contributor post" is waiting for your approval\r\nhttp://127.0.0.1:8089/mail-check-contributor-post/\r\n\r\nAuthor: Grace (IP address: 127.0.0.1, localhost)\r\nEmail: grace@example.org\r\nURL: \r\nComment: \r\nFirst!\r\n\r\nApprove it: http://127.0.0.1:8089/wp-admin/comment.php?action=approve&c=13#wpbody-content\r\nTrash it: http://127.0.0.1:8089/wp-admin/comment.php?action=trash&c=13#wpbody-content\r\nSpam it: http://127.0.0.1:8089/wp-admin/comment.php?action=spam&c=13#wpbody-content\r\nCurrently 7 comments are waiting for approval. Please visit the moderation panel:\r\nhttp://127.0.0.1:8089/wp-admin/edit-comments.php?comment_status=moderated#wpbody-content\r\n',
  },
  approvedToContributor: {
    to: ['cm-contributor@example.com'],
    raw: 'Date: Sat, 28 Nov 2026 08:29:01 +0000\r\nTo: cm-contributor@example.com\r\nFrom: Grace <wordpress@127.0.0.1>\r\nReply-To: "\\"grace@example.org\\"" <grace@example.org>\r\nSubject: [Loom Reference] Comment: "Mail check: contributor post"\r\nMessage-ID: <72jCZNYklAZk35jwlMBW4Q5Bp9YWAkpxg5pIumLd4@127.0.0.1>\r\nX-Mailer: PHPMailer 6.6.5 (https://github.com/PHPMailer/PHPMailer)\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nNew comment on your post "Mail check: contributor post"\r\nAuthor: Grace (IP address: 127.0.0.1, localhost)\r\nEmail: grace@example.org\r\nURL: \r\nComment: \r\nFirst!\r\n\r\nYou can see all comments on this post here:\r\nhttp://127.0.0.1:8089/mail-check-contributor-post/#comments\r\n\r\nPermalink: http://127.0.0.1:8089/mail-check-contributor-post/#comment-13\r\n',
  },
};

// The comments as WordPress stored them (GET /wp/v2/comments/<id>?context=edit: content.raw is kses'ed).
export const ADA: NotifyComment = {
  id: 4,
  post: 65,
  parent: 0,
  author: 0,
  author_name: 'Ada "Al" Lovelace',
  author_email: 'ada@example.org',
  author_url: 'https://ada.example.org',
  author_ip: '127.0.0.1',
  content: 'Lovely &amp; warm <b>bold</b> x 1 &lt; 2',
  status: '0',
  type: 'comment',
  date: '2026-11-28T08:27:19',
};
