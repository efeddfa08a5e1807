/**
 * notifyComment end to end: the real core-content app (its hand-off queue in its own store), the real forms service
 * (its `/_loom/mail` route and outbox) on its own port, and a real SMTP listener. What is asserted is what arrives
 * over SMTP, and what each store holds: a mail arrives once, also when forms was down meanwhile, also across a
 * restart of core-content, and a message handed over twice is sent once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERNAL_ANSWER_HEADER, INTERNAL_HEADER, MAIL_HANDOFF_PATH, type MailHandoff } from '@loom/contracts';
import { signInternal, TEST_SECRET, verifyInternalAnswer } from '@loom/service-kit';
import {
  captureLog,
  coreApp,
  eventually,
  FAST_MAIL_ENV,
  freePort,
  startForms,
  startSmtp,
  type InProcess,
  type Received,
  type RunningService,
  type SmtpSink,
} from '@loom/testing';
import { notifyComment, type NotifyComment, type NotifyPost } from '../../src/resources/comments/notify';
import { UserRepository } from '../../src/resources/users/repository';
import { ADA, RECORDED } from './recorded';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let smtp: SmtpSink;
let forms: RunningService;
let formsPort: number;
const formsDir = mkdtempSync(join(tmpdir(), 'loom-forms-'));
const coreDir = mkdtempSync(join(tmpdir(), 'loom-core-'));
let core: InProcess;
let authorId: number;

const startFormsHere = async () => {
  forms = await startForms({ ...FAST_MAIL_ENV, SMTP_URL: smtp.url }, { dataDir: formsDir, port: formsPort });
};
const startCoreHere = async () => {
  core = await coreApp({
    dataDir: coreDir,
    config: {
      LOOM_BASE_URL: 'http://127.0.0.1:8089',
      FORMS_URL: `http://127.0.0.1:${formsPort}`,
      LOOM_SITE_NAME: 'Loom Reference',
      LOOM_ADMIN_EMAIL: 'admin@example.com',
      LOOM_MAIL_HANDOFF_RETRY_BASE_MS: '100',
      LOOM_MAIL_HANDOFF_RETRY_MAX_MS: '200',
      LOOM_MAIL_HANDOFF_POLL_MS: '50',
    },
  });
};

beforeAll(async () => {
  smtp = await startSmtp();
  formsPort = await freePort();
  await startFormsHere();
  await startCoreHere();
  authorId = (
    await new UserRepository(core.store).create({
      login: 'cm-author',
      email: 'cm-author@example.com',
      password: 'a-long-password-1',
      roles: ['author'],
    })
  ).id;
}, 60000);
afterAll(async () => {
  await core?.close();
  await forms?.close();
  await smtp?.down();
});

const post = (): NotifyPost => ({
  id: 65,
  title: 'Mail check: Tea & Cake',
  author: authorId,
  status: 'publish',
  type: 'post',
  link: 'http://127.0.0.1:8089/mail-check-tea-cake/',
});
const comment = (over: Partial<NotifyComment> = {}): NotifyComment => ({ ...ADA, ...over });
const deps = (over: object = {}) => ({
  config: core.config,
  store: core.store,
  log: captureLog().log,
  reverseLookup: async () => 'localhost',
  ...over,
});

/** The recorded message's body (after the blank line), as mailparser gives a text body: LF line ends. */
const bodyOf = (name: string) => {
  const raw = RECORDED[name]!.raw;
  return raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/\r\n/g, '\n');
};
const summary = (m: Received) => ({
  to: m.to,
  from: m.parsed.from?.value.map((v) => [v.name, v.address]),
  replyTo: m.parsed.replyTo?.value.map((v) => [v.name, v.address]),
  subject: m.parsed.subject,
});

const permalinkLine = (m: Received) => (m.parsed.text ?? '').split('\n').find((l) => l.startsWith('Permalink: '));

/** Waits for `count` messages past `before`, then long enough for a copy to have come too; returns the new ones. */
async function arrivals(before: number, count: number): Promise<Received[]> {
  await eventually(async () => smtp.messages.length >= before + count, 15000);
  await sleep(800);
  return smtp.messages.slice(before);
}

const handoffJobs = () => core.store.collection('mail_handoff').find({});

test('a held comment: the moderators’ mail, WordPress’s text, arrives once for each of them', async () => {
  const before = smtp.messages.length;
  await notifyComment(deps({ countAwaiting: async () => 2 }), { kind: 'created', comment: comment(), post: post() });
  const got = await arrivals(before, 2);
  expect(got).toHaveLength(2);
  const byTo = Object.fromEntries(got.map((m) => [m.to.join(), m]));
  expect(Object.keys(byTo).sort()).toEqual(['admin@example.com', 'cm-author@example.com']);
  for (const m of got) {
    expect(summary(m)).toEqual({
      to: m.to,
      from: [['WordPress', 'wordpress@127.0.0.1']],
      replyTo: undefined,
      subject: '[Loom Reference] Please moderate: "Mail check: Tea & Cake"',
    });
    expect(m.parsed.text).toBe(bodyOf('heldToAdmin'));
  }
  // Handed over, the jobs are gone from core-content's queue; forms' outbox has them sent.
  expect(await handoffJobs()).toEqual([]);
  const rows = await forms.store.collection('mail_outbox').find({ submission_id: { $regex: /^handoff:comment\.4\./ } });
  expect(rows.map((r) => [r.state, r.attempts, (r.message as { template: string }).template])).toEqual([
    ['sent', 1, 'comment_moderation'],
    ['sent', 1, 'comment_moderation'],
  ]);
}, 30000);

test('an approved comment: the post author’s mail, sent as the commenter with Reply-To their address', async () => {
  const before = smtp.messages.length;
  await notifyComment(deps(), { kind: 'approved', comment: comment({ status: '1' }), post: post(), actor: 1 });
  const [m, ...more] = await arrivals(before, 1);
  expect(more).toEqual([]);
  expect(summary(m!)).toEqual({
    to: ['cm-author@example.com'],
    from: [['Ada Al Lovelace', 'wordpress@127.0.0.1']],
    replyTo: [['"ada@example.org"', 'ada@example.org']],
    subject: '[Loom Reference] Comment: "Mail check: Tea & Cake"',
  });
  expect(m!.parsed.text).toBe(bodyOf('approvedToPostAuthor'));
}, 30000);

test('no mail where WordPress sends none: the author approving on their own post, a held comment put on hold', async () => {
  const before = smtp.messages.length;
  await notifyComment(deps(), { kind: 'approved', comment: comment({ status: '1' }), post: post(), actor: authorId });
  await notifyComment(deps(), { kind: 'held', comment: comment(), post: post(), actor: 1 });
  await notifyComment(deps(), { kind: 'spammed', comment: comment({ status: 'spam' }), post: post(), actor: 1 });
  expect(await handoffJobs()).toEqual([]);
  await sleep(500);
  expect(smtp.messages.length).toBe(before);
});

test('forms down: the mail waits in core-content’s store, and arrives once when forms is back', async () => {
  const before = smtp.messages.length;
  await forms.close();
  const started = Date.now();
  await notifyComment(deps(), { kind: 'approved', comment: comment({ id: 5, status: '1' }), post: post(), actor: 1 });
  // notifyComment stored the message and returned; it never waited for forms.
  expect(Date.now() - started).toBeLessThan(1000);
  await eventually(async () => ((await handoffJobs())[0]?.attempts as number) >= 2, 5000);
  const [job] = await handoffJobs();
  expect(job).toMatchObject({ state: 'pending', last_error: expect.stringMatching(/^forms unreachable/) });
  expect(smtp.messages.length).toBe(before);

  await startFormsHere();
  const got = await arrivals(before, 1);
  expect(got.map((m) => [m.to, permalinkLine(m)])).toEqual([
    [['cm-author@example.com'], 'Permalink: http://127.0.0.1:8089/mail-check-tea-cake/#comment-5'],
  ]);
  expect(await handoffJobs()).toEqual([]);
}, 30000);

test('a restart of core-content while forms is down loses nothing: the next start hands the mail over', async () => {
  const before = smtp.messages.length;
  await forms.close();
  await notifyComment(deps(), { kind: 'approved', comment: comment({ id: 6, status: '1' }), post: post(), actor: 1 });
  expect(await handoffJobs()).toHaveLength(1);
  await core.close();
  await startCoreHere();
  await startFormsHere();
  const got = await arrivals(before, 1);
  expect(got.map(permalinkLine)).toEqual(['Permalink: http://127.0.0.1:8089/mail-check-tea-cake/#comment-6']);
}, 30000);

test('SMTP down: forms holds the mail in its outbox, retries, and sends it once SMTP is back', async () => {
  const before = smtp.messages.length;
  await smtp.down();
  await notifyComment(deps(), { kind: 'approved', comment: comment({ id: 8, status: '1' }), post: post(), actor: 1 });
  const row = () =>
    forms.store.collection('mail_outbox').findOne({ submission_id: { $regex: /^handoff:comment\.8\./ } });
  // Handed over at once: the retries are forms' now.
  await eventually(async () => (await handoffJobs()).length === 0 && ((await row())?.attempts as number) >= 2, 10000);
  expect(await row()).toMatchObject({ state: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
  await smtp.up();
  const got = await arrivals(before, 1);
  expect(got.map(permalinkLine)).toEqual(['Permalink: http://127.0.0.1:8089/mail-check-tea-cake/#comment-8']);
  expect(await row()).toMatchObject({ state: 'sent' });
}, 30000);

test('a message handed over again (the answer to the first was lost) is sent once', async () => {
  const before = smtp.messages.length;
  const message: MailHandoff = {
    key: 'comment.99.comment_notify.twice',
    template: 'comment_notify',
    from: { name: 'Ada', address: 'wordpress@127.0.0.1' },
    to: [{ address: 'cm-author@example.com' }],
    reply_to: [],
    subject: 'Twice',
    text: 'Once.\r\n',
  };
  const handOver = async () => {
    const proof = signInternal(TEST_SECRET);
    const res = await fetch(`${forms.url}${MAIL_HANDOFF_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: proof },
      body: JSON.stringify(message),
    });
    return {
      status: res.status,
      body: await res.json(),
      proven: verifyInternalAnswer(res.headers.get(INTERNAL_ANSWER_HEADER), proof, TEST_SECRET),
    };
  };
  expect(await handOver()).toEqual({ status: 202, body: { queued: true }, proven: true });
  expect(await handOver()).toEqual({ status: 202, body: { queued: true }, proven: true });
  const got = await arrivals(before, 1);
  expect(got.map((m) => [m.to, m.parsed.subject, m.parsed.text])).toEqual([
    [['cm-author@example.com'], 'Twice', 'Once.\n'],
  ]);
}, 30000);

test('forms refuses what is no message, and whoever cannot prove the secret', async () => {
  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(`${forms.url}${MAIL_HANDOFF_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (r) => [r.status, ((await r.json()) as { code: string }).code]);
  const good = {
    key: 'k1',
    template: 'comment_notify',
    from: { address: 'wordpress@example.com' },
    to: [{ address: 'a@example.com' }],
    reply_to: [],
    subject: 's',
    text: 't',
  };
  expect(await post({}, good)).toEqual([403, 'loom_internal_only']);
  const signed = { [INTERNAL_HEADER]: signInternal(TEST_SECRET) };
  expect(await post(signed, { ...good, subject: 'a\r\nBcc: x@example.com' })).toEqual([400, 'loom_bad_request']);
  expect(await post(signed, { ...good, to: [] })).toEqual([400, 'loom_bad_request']);
  expect(await post(signed, { ...good, to: [{ address: 'not an address' }] })).toEqual([400, 'loom_bad_request']);
});

test('notifyComment never throws into its caller', async () => {
  const { log, lines } = captureLog();
  const broken = { ...deps(), log, countAwaiting: async () => Promise.reject(new Error('store down')) };
  await expect(notifyComment(broken, { kind: 'created', comment: comment(), post: post() })).resolves.toBeUndefined();
  expect(lines().some((l) => l.msg === 'comment mail could not be queued')).toBe(true);
});
