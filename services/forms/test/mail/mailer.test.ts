/** SMTP delivery against a real SMTP listener: what arrives (sample 212), STARTTLS, TLS, auth, injection attempts. */
import { startSink, type Sink } from '@loom/testing';
import { collectPosted, parseFormTags, type UploadedFile } from '../../src/form-tags';
import {
  composeMail,
  composeMessages,
  createMailer,
  loadMailSettings,
  type MailSubmission,
  type MailTemplate,
} from '../../src/mail';
import { sampleJson } from '../samples';

const json = sampleJson;
const FORM = json('192-cf7-contact-forms-get.txt').properties;
const MAIL_2 = json('193-cf7-contact-forms-update-mail-2.txt').properties.mail_2;
const SITE = {
  title: 'Loom Reference',
  description: '',
  url: 'http://127.0.0.1:8089',
  domain: '127.0.0.1',
  adminEmail: 'admin@example.com',
};
const NOTES: UploadedFile = {
  field: 'your-file',
  filename: 'notes.txt',
  contentType: 'text/plain',
  content: Buffer.from('Dietary needs: vegetarian.\n'),
};

function sample212(): MailSubmission {
  const posted = collectPosted([
    ['your-name', 'Ada Lovelace'],
    ['your-email', 'ada@example.com'],
    ['your-website', 'https://ada.example.com'],
    ['your-phone', '+44 20 7946 0958'],
    ['your-guests', '2'],
    ['your-date', '2027-01-16'],
    ['your-topic', 'Support'],
    ['your-interests[]', 'News'],
    ['your-interests[]', 'Events'],
    ['your-contact-by', 'Email'],
    ['your-message', 'Looking forward to the book fair.'],
    ['your-quiz', '5'],
    ['your-consent', '1'],
  ]);
  return {
    tags: parseFormTags(FORM.form.content),
    posted,
    files: [NOTES],
    special: { site: SITE, submittedAt: new Date() },
  };
}

const PASSWORD = 's3cr:et/p@ss';
const USERINFO = `mailer:${encodeURIComponent(PASSWORD)}`;
let sinks: Sink[] = [];
afterEach(async () => {
  await Promise.all(sinks.map((s) => s.close()));
  sinks = [];
});
async function sink(opts: Parameters<typeof startSink>[0] = {}) {
  const s = await startSink(opts);
  sinks.push(s);
  return s;
}

describe('createMailer over SMTP', () => {
  it('sample 212 as received: STARTTLS, auth, envelope, headers, body, the attachment, the autoresponder', async () => {
    const s = await sink({ auth: { user: 'mailer', pass: PASSWORD } });
    const mailer = createMailer({ smtpUrl: `${s.url(USERINFO)}?requireTLS=true`, rejectUnauthorized: false });
    const [mail, mail2] = composeMessages({ mail: FORM.mail, mail_2: MAIL_2 }, sample212()).messages;
    expect(await mailer.send(mail)).toMatchObject({ ok: true });
    expect(await mailer.send(mail2)).toMatchObject({ ok: true });
    mailer.close();
    const [m1, m2] = await s.waitFor(2);
    expect(s.authAttempts).toEqual([
      { user: 'mailer', ok: true },
      { user: 'mailer', ok: true },
    ]);
    expect(m1.user).toBe('mailer');

    expect(m1.from).toBe('admin@example.com');
    expect(m1.to).toEqual(['admin@example.com']);
    expect(m1.parsed.from?.value).toEqual([{ name: 'Loom Reference', address: 'admin@example.com' }]);
    expect(m1.parsed.to).toMatchObject({ value: [{ address: 'admin@example.com' }] });
    expect(m1.parsed.replyTo?.value).toEqual([{ name: '', address: 'ada@example.com' }]);
    expect(m1.parsed.subject).toBe('Loom Reference "Support" from Ada Lovelace');
    expect(m1.parsed.text).toBe(
      'From: Ada Lovelace <ada@example.com>\nWebsite: https://ada.example.com\nPhone: +44 20 7946 0958\nGuests: 2\nDate: 2027-01-16\nTopic: Support\nInterests: News, Events\nContact by: Email\n\nMessage:\nLooking forward to the book fair.\n\n-- \nSent from Loom Reference (http://127.0.0.1:8089) by the form "[_contact_form_title]"',
    );
    expect(m1.parsed.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['notes.txt', 'text/plain', 'Dietary needs: vegetarian.\n'],
    ]);
    expect(m1.parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/mixed' });

    expect(m2.to).toEqual(['ada@example.com']);
    expect(m2.parsed.replyTo?.value).toEqual([{ name: '', address: 'admin@example.com' }]);
    expect(m2.parsed.subject).toBe('Your registration for Loom Reference');
    // mailparser ends a single-part body with a newline (the captured mail's body ends with one too)
    expect(m2.parsed.text).toBe(
      'Hello Ada Lovelace,\n\nwe received your registration for 2 guest(s) on 2027-01-16.\n\n-- \nLoom Reference\n',
    );
    expect(m2.parsed.attachments).toEqual([]);
  });

  it('smtps://: TLS from the first byte', async () => {
    const s = await sink({ secure: true, auth: { user: 'mailer', pass: PASSWORD } });
    const mailer = createMailer({ smtpUrl: `${s.url(USERINFO)}?rejectUnauthorized=false` });
    const [mail] = composeMessages({ mail: FORM.mail }, sample212()).messages;
    expect(await mailer.send(mail, { messageId: '<fixed-id@example.com>' })).toMatchObject({
      ok: true,
      messageId: '<fixed-id@example.com>',
    });
    mailer.close();
    const [m] = await s.waitFor(1);
    expect(m.parsed.messageId).toBe('<fixed-id@example.com>');
  });

  it('a self-signed certificate is refused unless allowed', async () => {
    const s = await sink({ secure: true });
    const mailer = createMailer({ smtpUrl: s.url() });
    const result = await mailer.send(composeMessages({ mail: FORM.mail }, sample212()).messages[0]);
    mailer.close();
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect(s.received).toHaveLength(0);
  });

  it('a wrong password: not sent, retryable, and the password is in no result', async () => {
    const s = await sink({ auth: { user: 'mailer', pass: PASSWORD } });
    const mailer = createMailer({
      smtpUrl: s.url(`mailer:${encodeURIComponent('wrong-Pa55')}`),
      rejectUnauthorized: false,
    });
    const result = await mailer.send(composeMessages({ mail: FORM.mail }, sample212()).messages[0]);
    mailer.close();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.permanent).toBe(false);
    expect(result.error).toMatch(/EAUTH|535/);
    expect(result.error).not.toContain('wrong-Pa55');
    expect(s.authAttempts).toEqual([{ user: 'mailer', ok: false }]);
    expect(s.received).toHaveLength(0);
  });

  it('the server refusing the recipient (550) is permanent; a temporary refusal (451) is not', async () => {
    const s = await sink({
      onRcpt: (a) => (a === 'gone@example.com' ? { code: 550, message: 'No such user' } : undefined),
      onData: (n) => (n === 1 ? { code: 451, message: 'Try again later' } : undefined),
    });
    const mailer = createMailer({ smtpUrl: s.url(), rejectUnauthorized: false });
    const t = (recipient: string): MailTemplate => ({ ...FORM.mail, recipient });
    expect(await mailer.send(composeMail(t('gone@example.com'), sample212()))).toMatchObject({
      ok: false,
      permanent: true,
    });
    expect(await mailer.send(composeMail(t('admin@example.com'), sample212()))).toMatchObject({
      ok: false,
      permanent: false,
    });
    expect(await mailer.send(composeMail(t('admin@example.com'), sample212()))).toMatchObject({ ok: true });
    mailer.close();
  });

  it('header injection through submitted values reaches no header and no envelope', async () => {
    const s = await sink();
    const mailer = createMailer({ smtpUrl: s.url(), rejectUnauthorized: false });
    const tags = parseFormTags('[text your-name] [email your-email] [text your-subject]');
    const evil = 'Eve\r\nBcc: victim@example.org\r\nX-Injected: yes\r\n\r\nfake body';
    const posted = collectPosted([
      ['your-name', evil],
      ['your-email', 'eve@example.com\r\nCc: victim2@example.org'],
      ['your-subject', `Hello${evil}`],
    ]);
    const template: MailTemplate = {
      subject: '[your-subject]',
      sender: '[your-name] <shop@example.com>',
      recipient: 'owner@example.com',
      additional_headers: 'Reply-To: [your-name] <[your-email]>\nX-Subject: [your-subject]',
      body: 'Name: [your-name]',
      attachments: '',
      use_html: false,
      exclude_blank: false,
    };
    expect(
      await mailer.send(
        composeMail(template, { tags, posted, files: [], special: { site: SITE, submittedAt: new Date() } }),
      ),
    ).toMatchObject({ ok: true });
    mailer.close();
    const [m] = await s.waitFor(1);
    expect(m.to).toEqual(['owner@example.com']);
    const headerBlock = m.raw.slice(0, m.raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(m.parsed.bcc).toBeUndefined();
    expect(m.parsed.cc).toBeUndefined();
    expect(m.parsed.headers.has('x-injected')).toBe(false);
    expect(m.parsed.subject).toBe('HelloEveBcc: victim@example.orgX-Injected: yesfake body');
    expect(m.parsed.text).toContain('Name: Eve');
  });

  it('without SMTP_URL every send fails (the mail stays queued)', async () => {
    const mailer = createMailer({ smtpUrl: '' });
    expect(await mailer.send(composeMessages({ mail: FORM.mail }, sample212()).messages[0])).toEqual({
      ok: false,
      error: 'SMTP_URL is not set: mail stays queued',
      permanent: false,
    });
  });
});

describe('loadMailSettings', () => {
  it('defaults', () => {
    expect(loadMailSettings({})).toEqual({
      smtpUrl: '',
      rejectUnauthorized: true,
      timeoutMs: 10000,
      retryBaseMs: 30000,
      retryMaxMs: 3600000,
      maxAttempts: 10,
      leaseMs: 120000,
      pollMs: 5000,
    });
  });
  it('reads the environment and refuses malformed values without echoing secrets', () => {
    const s = loadMailSettings({
      SMTP_URL: 'smtps://u:p@mail.example.com',
      LOOM_SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
      LOOM_FORMS_MAIL_RETRY_BASE_MS: '100',
      LOOM_FORMS_MAIL_MAX_ATTEMPTS: '3',
    });
    expect(s).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com',
      rejectUnauthorized: false,
      retryBaseMs: 100,
      maxAttempts: 3,
    });
    expect(() => loadMailSettings({ SMTP_URL: 'http://user:hunter2@example.com' })).toThrow(
      /^SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/,
    );
    expect(() => loadMailSettings({ SMTP_URL: 'not a url hunter2' })).toThrow(/^SMTP_URL must be a URL/);
    expect(() => loadMailSettings({ LOOM_FORMS_MAIL_MAX_ATTEMPTS: '0' })).toThrow(/LOOM_FORMS_MAIL_MAX_ATTEMPTS/);
  });
});
