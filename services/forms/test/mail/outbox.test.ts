/**
 * The outbox over the embedded store and a real SMTP listener: an outage with a restart (delivered afterwards,
 * exactly once), retries with backoff, permanent refusals, order (mail_2 after mail), two replicas racing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore, type Store } from '@loom/store';
import { freePort, startSink, type Sink } from '@loom/testing';
import { collectPosted, parseFormTags } from '../../src/form-tags';
import {
  composeMessages,
  createMailer,
  Outbox,
  OUTBOX_COLLECTION,
  type ComposedMail,
  type Mailer,
  type OutboxOptions,
} from '../../src/mail';

const SITE = {
  title: 'Shop',
  description: '',
  url: 'https://shop.example.com',
  domain: 'shop.example.com',
  adminEmail: 'owner@example.com',
};
const FORM = '[text* your-name] [email* your-email] [file f]';
const MAIL = {
  subject: 'From [your-name]',
  sender: 'Shop <shop@example.com>',
  body: 'Hello from [your-name]',
  recipient: '[_site_admin_email]',
  additional_headers: 'Reply-To: [your-email]',
  attachments: '[f]',
  use_html: false,
  exclude_blank: false,
};
const MAIL_2 = { ...MAIL, active: true, subject: 'Thanks [your-name]', recipient: '[your-email]', attachments: '' };

function messages(name = 'Ada'): ComposedMail[] {
  const posted = collectPosted([
    ['your-name', name],
    ['your-email', 'ada@example.com'],
  ]);
  const files = [{ field: 'f', filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('attached') }];
  return composeMessages(
    { mail: MAIL, mail_2: MAIL_2 },
    { tags: parseFormTags(FORM), posted, files, special: { site: SITE, submittedAt: new Date() } },
  ).messages;
}

let dir: string;
let store: Store;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loom-outbox-'));
  store = await openEmbeddedStore(dir);
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  if (store.isOpen()) await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sink(opts: Parameters<typeof startSink>[0] = {}): Promise<Sink> {
  const s = await startSink(opts);
  cleanups.push(() => s.close());
  return s;
}
function outbox(mailer: Mailer, over: Partial<OutboxOptions> = {}, on: Store = store): Outbox {
  const o = new Outbox({ store: on, mailer, retryBaseMs: 20, retryMaxMs: 200, pollMs: 20, leaseMs: 5000, ...over });
  cleanups.push(() => o.stop());
  return o;
}
function mailerFor(url: string): Mailer {
  const m = createMailer({ smtpUrl: url, rejectUnauthorized: false, timeoutMs: 2000 });
  cleanups.push(() => m.close());
  return m;
}
const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Outbox', () => {
  it('sends inline when SMTP is up: mail then mail_2, each once, state "sent", attachment bytes dropped afterwards', async () => {
    const s = await sink();
    const o = outbox(mailerFor(s.url()));
    await o.enqueue('41', messages());
    expect(await o.trySendNow('41')).toBe(true);
    const got = await s.waitFor(2);
    expect(got.map((m) => [m.to[0], m.parsed.subject])).toEqual([
      ['owner@example.com', 'From Ada'],
      ['ada@example.com', 'Thanks Ada'],
    ]);
    expect(got[0].parsed.attachments.map((a) => a.content.toString())).toEqual(['attached']);
    const state = await o.stateOf('41');
    expect(state.map((x) => [x.template, x.state, x.attempts, x.last_error, x.next_attempt_at])).toEqual([
      ['mail', 'sent', 1, null, null],
      ['mail_2', 'sent', 1, null, null],
    ]);
    expect(state[0].to).toEqual(['owner@example.com']);
    expect(Date.parse(state[0].sent_at!)).toBeGreaterThan(Date.now() - 10000);
    const rows = await store.collection(OUTBOX_COLLECTION).find({ submission_id: '41' }, { sort: { seq: 1 } });
    expect(rows.map((r) => (r.message as ComposedMail).attachments.map((a) => [a.filename, a.contentBase64]))).toEqual([
      [['a.txt', '']],
      [],
    ]);
    // again: nothing more goes out
    await o.enqueue('41', messages());
    expect(await o.trySendNow('41')).toBe(true);
    await o.runTick();
    expect(s.received).toHaveLength(2);
  });

  it('SMTP down: mail_failed honestly, the mail stays queued, survives a restart, and is delivered once afterwards', async () => {
    const port = await freePort();
    const first = outbox(mailerFor(`smtp://127.0.0.1:${port}`), { retryBaseMs: 60_000, retryMaxMs: 3_600_000 });
    await first.enqueue('7', messages('Grace'));
    expect(await first.trySendNow('7')).toBe(false);
    const pending = await first.stateOf('7');
    expect(pending.map((x) => [x.template, x.state, x.attempts])).toEqual([
      ['mail', 'pending', 1],
      ['mail_2', 'pending', 0],
    ]);
    expect(pending[0].last_error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(pending[0].next_attempt_at!)).toBeGreaterThan(Date.now() + 30_000);

    // the process stops; later SMTP comes back and the service starts again over the same data
    await first.stop();
    await store.close();
    const s = await sink({ port });
    store = await openEmbeddedStore(dir);
    const later = outbox(mailerFor(s.url()), { now: () => Date.now() + 120_000 });
    await later.start();
    await s.waitFor(2);
    await until(async () => (await later.stateOf('7')).every((x) => x.state === 'sent'));
    for (let i = 0; i < 5; i++) await later.runTick();
    expect(s.received.map((m) => m.parsed.subject)).toEqual(['From Grace', 'Thanks Grace']);
    expect((await later.stateOf('7')).map((x) => [x.state, x.attempts, x.last_error])).toEqual([
      ['sent', 2, null],
      ['sent', 1, null],
    ]);
  });

  it('without SMTP_URL: mail_failed, rows wait without spending attempts, and go once SMTP is configured', async () => {
    const unconfigured = outbox(createMailer({ smtpUrl: '' }));
    await unconfigured.start();
    await unconfigured.enqueue('12', messages());
    expect(await unconfigured.trySendNow('12')).toBe(false);
    await unconfigured.runTick();
    expect((await unconfigured.stateOf('12')).map((x) => [x.state, x.attempts, x.last_error])).toEqual([
      ['pending', 0, 'SMTP_URL is not set: mail stays queued'],
      ['pending', 0, null],
    ]);
    await unconfigured.stop();
    const s = await sink();
    const configured = outbox(mailerFor(s.url()));
    await configured.start();
    await s.waitFor(2);
    await until(async () => (await configured.stateOf('12')).every((x) => x.state === 'sent'));
    expect(s.received).toHaveLength(2);
  });

  it('retries with backoff until the server takes it (451, 451, then 250)', async () => {
    const s = await sink({ onData: (n) => (n <= 2 ? { code: 451, message: 'Greylisted' } : undefined) });
    const o = outbox(mailerFor(s.url()));
    await o.enqueue('9', messages().slice(0, 1));
    expect(await o.trySendNow('9')).toBe(false);
    expect((await o.stateOf('9'))[0].last_error).toMatch(/451 Greylisted/);
    await o.start();
    await until(async () => (await o.stateOf('9'))[0].state === 'sent');
    expect((await o.stateOf('9'))[0].attempts).toBe(3);
    expect(s.received).toHaveLength(1);
  });

  it('a permanent refusal fails the row at once, and the autoresponder after it is not sent', async () => {
    const s = await sink({
      onRcpt: (a) => (a === 'owner@example.com' ? { code: 550, message: 'Mailbox unavailable' } : undefined),
    });
    const o = outbox(mailerFor(s.url()));
    await o.enqueue('5', messages());
    expect(await o.trySendNow('5')).toBe(false);
    await o.runTick();
    const state = await o.stateOf('5');
    expect(state.map((x) => [x.template, x.state, x.attempts])).toEqual([
      ['mail', 'failed', 1],
      ['mail_2', 'failed', 0],
    ]);
    expect(state[0].last_error).toMatch(/550/);
    expect(state[1].last_error).toBe('not sent: mail failed');
    expect(s.received).toHaveLength(0);
  });

  it('the answer is mail’s: an autoresponder the server refuses leaves it sent (the plugin ignores mail_2)', async () => {
    const s = await sink({
      onRcpt: (a) => (a === 'ada@example.com' ? { code: 550, message: 'No such user' } : undefined),
    });
    const o = outbox(mailerFor(s.url()));
    await o.enqueue('6', messages());
    expect(await o.trySendNow('6')).toBe(true);
    const state = await o.stateOf('6');
    expect(state.map((x) => [x.template, x.state])).toEqual([
      ['mail', 'sent'],
      ['mail_2', 'failed'],
    ]);
    expect(state[1].last_error).toMatch(/550/);
    expect(s.received.map((m) => m.to)).toEqual([['owner@example.com']]);
  });

  it('gives up after maxAttempts', async () => {
    const port = await freePort();
    const o = outbox(mailerFor(`smtp://127.0.0.1:${port}`), { maxAttempts: 3, retryBaseMs: 5, retryMaxMs: 10 });
    await o.enqueue('3', messages().slice(0, 1));
    await o.trySendNow('3');
    await o.start();
    await until(async () => (await o.stateOf('3'))[0].state === 'failed');
    expect((await o.stateOf('3'))[0].attempts).toBe(3);
  });

  it('mail_2 waits for mail: the worker does not send it while mail is pending', async () => {
    let accept = false;
    const s = await sink({
      onRcpt: (a) => (!accept && a === 'owner@example.com' ? { code: 451, message: 'later' } : undefined),
    });
    const o = outbox(mailerFor(s.url()));
    await o.enqueue('8', messages());
    expect(await o.trySendNow('8')).toBe(false);
    await o.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(s.received).toHaveLength(0);
    expect((await o.stateOf('8'))[1]).toMatchObject({ state: 'pending', attempts: 0 });
    accept = true;
    await s.waitFor(2);
    expect(s.received.map((m) => m.to[0])).toEqual(['owner@example.com', 'ada@example.com']);
  });

  it('two replicas working the same store send each message once', async () => {
    const s = await sink({ delayMs: 150 });
    const a = outbox(mailerFor(s.url()));
    const b = outbox(mailerFor(s.url()));
    for (const id of ['1', '2', '3']) await a.enqueue(id, messages(`N${id}`).slice(0, 1));
    await Promise.all([a.trySendNow('1'), b.trySendNow('1'), a.runTick(), b.runTick(), a.runTick(), b.runTick()]);
    await Promise.all([a.runTick(), b.runTick()]);
    await until(async () =>
      (await Promise.all(['1', '2', '3'].map((id) => a.stateOf(id)))).every((st) => st[0].state === 'sent'),
    );
    expect(s.received.map((m) => m.parsed.subject).sort()).toEqual(['From N1', 'From N2', 'From N3']);
    const ids = s.received.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(3);
  });

  it('a resend after a lost lease keeps the Message-ID', async () => {
    const s = await sink();
    let clock = Date.now();
    const o = outbox(mailerFor(s.url()), { now: () => clock, leaseMs: 1000 });
    await o.enqueue('6', messages().slice(0, 1));
    // a replica took the lease and died before marking the row
    await store
      .collection(OUTBOX_COLLECTION)
      .updateOne({ id: '6-0' }, { $set: { lease_owner: 'dead', lease_until: clock + 1000 }, $inc: { attempts: 1 } });
    await o.runTick();
    expect(s.received).toHaveLength(0);
    clock += 1001;
    await o.runTick();
    const [m] = await s.waitFor(1);
    const row = await store.collection(OUTBOX_COLLECTION).findOne({ id: '6-0' });
    expect(m.parsed.messageId).toBe(row!.message_id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, lease_owner: null });
  });
});
