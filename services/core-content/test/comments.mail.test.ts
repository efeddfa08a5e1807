/**
 * Issue 28: the comment routes mail as WordPress does, through the forms service's outbox: a new comment held for
 * moderation mails the moderators (wp_notify_moderator), and approving it mails the post's author
 * (wp_notify_postauthor). The real core-content and forms apps, the gateway in front, and a real SMTP listener: what
 * is asserted is what arrives over SMTP. (The texts themselves are checked in comment-mail/.)
 */
import {
  basicFor,
  createUser,
  eventually,
  FAST_MAIL_ENV,
  restClient,
  startCore,
  startForms,
  startGateway,
  startSmtp,
  type RunningService,
  type SmtpSink,
} from '@loom/testing';
import type { Gateway } from '@loom/gateway';

jest.setTimeout(60_000);

let smtp: SmtpSink;
let forms: RunningService;
let core: RunningService;
let gw: Gateway;
const client = (auth: Record<string, string>) => restClient(gw.app, auth);

beforeAll(async () => {
  smtp = await startSmtp();
  forms = await startForms({ ...FAST_MAIL_ENV, SMTP_URL: smtp.url });
  core = await startCore({
    FORMS_URL: forms.url,
    LOOM_SITE_NAME: 'Loom Mail',
    LOOM_MAIL_HANDOFF_RETRY_BASE_MS: '100',
    LOOM_MAIL_HANDOFF_RETRY_MAX_MS: '200',
    LOOM_MAIL_HANDOFF_POLL_MS: '50',
  });
  gw = await startGateway({ upstreams: { 'core-content': core.url } });
});
afterAll(async () => {
  gw?.close();
  await core?.close();
  await forms?.close();
  await smtp?.down();
});

test('a held comment mails the moderators; approving it mails the post’s author, once each', async () => {
  const author = await createUser(core.url, 'author', 'mail-author');
  const commenter = await createUser(core.url, 'subscriber', 'mail-commenter');
  const post = await client(await basicFor(core.url, author)).post('/core/v2/posts', {
    title: 'Tea & Cake',
    status: 'publish',
  });
  expect(post.status).toBe(201);
  // A first-time commenter's comment waits (comment_previously_approved).
  const made = await client(await basicFor(core.url, commenter)).post('/core/v2/comments', {
    post: post.body.id,
    content: 'Lovely cake.',
  });
  expect([made.status, made.body.status]).toEqual([201, 'hold']);
  await eventually(async () => smtp.messages.some((m) => /Please moderate/.test(m.parsed.subject ?? '')), 15_000);
  const moderation = smtp.messages.filter((m) => /Please moderate/.test(m.parsed.subject ?? ''));
  expect(moderation.map((m) => m.parsed.subject)).toEqual(
    expect.arrayContaining(['[Loom Mail] Please moderate: "Tea & Cake"']),
  );
  expect(moderation.flatMap((m) => m.to)).toContain('administrator@loom.test');
  expect(moderation[0]!.parsed.text).toContain('Lovely cake.');

  const editor = await createUser(core.url, 'editor', 'mail-editor');
  const approved = await client(await basicFor(core.url, editor)).post(`/core/v2/comments/${made.body.id}`, {
    status: 'approved',
  });
  expect([approved.status, approved.body.status]).toEqual([200, 'approved']);
  await eventually(async () => smtp.messages.some((m) => /\] Comment: /.test(m.parsed.subject ?? '')), 15_000);
  await new Promise((r) => setTimeout(r, 500));
  const notify = smtp.messages.filter((m) => /\] Comment: /.test(m.parsed.subject ?? ''));
  expect(notify.map((m) => [m.parsed.subject, m.to])).toEqual([
    ['[Loom Mail] Comment: "Tea & Cake"', ['mail-author@loom.test']],
  ]);
});
