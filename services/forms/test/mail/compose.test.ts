/** Mail composition: sample 212's two messages, every kind of mail-tag, exclude_blank, use_html, header injection. */
import { collectPosted, parseFormTags, type UploadedFile } from '../../src/form-tags';
import {
  composeMail,
  composeMessages,
  displayMessage,
  MailComposeError,
  parseMailboxes,
  replaceMailTags,
  safeFilename,
  type MailSubmission,
  type MailTemplate,
} from '../../src/mail';
import { sampleJson } from '../samples';

const json = sampleJson;
const FORM = json('192-cf7-contact-forms-get.txt').properties;
const MAIL_2 = json('193-cf7-contact-forms-update-mail-2.txt').properties.mail_2;
const TAGS = parseFormTags(FORM.form.content);
const SITE = {
  title: 'Loom Reference',
  description: 'Garments & more',
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

function sample212(over: Record<string, string | string[]> = {}, special = {}): MailSubmission {
  const entries: [string, string][] = [
    ['_wpcf7', '2209'],
    ['_wpcf7_unit_tag', 'wpcf7-f2209-o1'],
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
  ];
  const posted = collectPosted(entries);
  Object.assign(posted, over);
  return {
    tags: TAGS,
    posted,
    files: [NOTES],
    special: { site: SITE, submittedAt: new Date('2026-11-23T16:28:50Z'), remoteIp: '203.0.113.9', ...special },
  };
}

describe('sample 212: the two messages as the plugin composed them', () => {
  it('mail: from, to, reply-to, subject, body (with [_contact_form_title] literal as in 5.9.8), the attachment', () => {
    const {
      messages: [mail, mail2],
      refused,
    } = composeMessages({ mail: FORM.mail, mail_2: MAIL_2 }, sample212());
    expect(refused).toEqual([]);
    expect(mail.from).toEqual({ name: 'Loom Reference', address: 'admin@example.com' });
    expect(mail.to).toEqual([{ address: 'admin@example.com' }]);
    expect(mail.replyTo).toEqual([{ address: 'ada@example.com' }]);
    expect(mail.subject).toBe('Loom Reference "Support" from Ada Lovelace');
    expect(mail.text).toBe(
      'From: Ada Lovelace <ada@example.com>\nWebsite: https://ada.example.com\nPhone: +44 20 7946 0958\nGuests: 2\nDate: 2027-01-16\nTopic: Support\nInterests: News, Events\nContact by: Email\n\nMessage:\nLooking forward to the book fair.\n\n-- \nSent from Loom Reference (http://127.0.0.1:8089) by the form "[_contact_form_title]"',
    );
    expect(mail.attachments).toEqual([
      { filename: 'notes.txt', contentType: 'text/plain', contentBase64: 'RGlldGFyeSBuZWVkczogdmVnZXRhcmlhbi4K' },
    ]);
    expect(mail.html).toBeUndefined();

    expect(mail2.template).toBe('mail_2');
    expect(mail2.to).toEqual([{ address: 'ada@example.com' }]);
    expect(mail2.replyTo).toEqual([{ address: 'admin@example.com' }]);
    expect(mail2.subject).toBe('Your registration for Loom Reference');
    expect(mail2.text).toBe(
      'Hello Ada Lovelace,\n\nwe received your registration for 2 guest(s) on 2027-01-16.\n\n-- \nLoom Reference',
    );
    expect(mail2.attachments).toEqual([]);
  });

  it('[_contact_form_title] is replaced when the title is given (Contact Form 7 6.x)', () => {
    const mail = composeMail(FORM.mail, sample212({}, { contactFormTitle: 'Event registration' }));
    expect(mail.text).toMatch(/by the form "Event registration"$/);
  });

  it('mail_2 inactive: one message', () => {
    expect(
      composeMessages({ mail: FORM.mail, mail_2: { ...MAIL_2, active: false } }, sample212()).messages,
    ).toHaveLength(1);
  });

  it('the answer\'s message: "Thank you, Ada Lovelace."', () => {
    expect(displayMessage(FORM.messages.mail_sent_ok, sample212())).toBe(
      'Thank you, Ada Lovelace. Your registration has been sent.',
    );
    expect(displayMessage('Hi <b>[your-name]</b>', sample212({ 'your-name': '<script>x</script>Ada' }))).toBe('Hi Ada');
  });
});

const template = (over: Partial<MailTemplate>): MailTemplate => ({
  active: true,
  subject: 's',
  sender: 'Shop <shop@example.com>',
  body: 'b',
  recipient: 'owner@example.com',
  additional_headers: '',
  attachments: '',
  use_html: false,
  exclude_blank: false,
  ...over,
});
function submission(
  form: string,
  entries: [string, string][],
  special = {},
  files: UploadedFile[] = [],
): MailSubmission {
  return {
    tags: parseFormTags(form),
    posted: collectPosted(entries),
    files,
    special: { site: SITE, submittedAt: new Date('2026-11-23T16:28:50Z'), ...special },
  };
}

describe('mail-tags', () => {
  it('pipes: the value after | in [field], the posted label in [_raw_field]', () => {
    const s = submission(
      '[select dept "Sales|sales@example.com" "Support|help@example.com"] [checkbox c "A|1" "B|2"]',
      [
        ['dept', 'Support'],
        ['c[]', 'A'],
        ['c[]', 'B'],
      ],
    );
    expect(replaceMailTags('[dept] / [_raw_dept] / [c] / [_raw_c]', s)).toBe(
      'help@example.com / Support / 1, 2 / A, B',
    );
    const mail = composeMail(template({ recipient: '[dept]' }), s);
    expect(mail.to).toEqual([{ address: 'help@example.com' }]);
  });

  it('free text, acceptance, files, dates with _format_, escaped and unknown tags, posted extras', () => {
    const s = submission(
      '[checkbox how free_text "Web" "Other"] [acceptance ok]I agree to the <a href="/p">policy</a>[/acceptance] [acceptance news optional] [date d] [file f]',
      [
        ['how[]', 'Other'],
        ['_wpcf7_free_text_how', 'a friend'],
        ['ok', '1'],
        ['d', '2027-01-16'],
        ['extra', 'kept'],
      ],
      {},
      [{ field: 'f', filename: 'my cv.php', contentType: 'x', content: Buffer.from('x') }],
    );
    expect(replaceMailTags('[how]|[ok]|[news]|[_format_d "D, j M Y"]|[f]|[[how]]|[nope]|[extra]', s)).toBe(
      'Other a friend|Consented: I agree to the policy|Not consented|Sat, 16 Jan 2027|my-cv.php_.txt|[how]|[nope]|kept',
    );
  });

  it('special tags: site, request, date and time, post, user; absent post/user give empty text', () => {
    const s = submission('[text a]', [], {
      remoteIp: '203.0.113.9',
      userAgent: 'UA/1.0',
      url: 'https://example.com/contact/',
      timeZone: 'Europe/Paris',
      serialNumber: 7,
      invalidFields: 0,
      post: {
        id: 12,
        name: 'contact',
        title: 'Contact & visit',
        url: 'https://example.com/contact/',
        author: 'Editor',
        authorEmail: 'ed@example.com',
      },
      user: {
        login: 'ada',
        email: 'ada@example.com',
        url: '',
        firstName: 'Ada',
        lastName: 'Lovelace',
        nickname: 'ada',
        displayName: 'Ada L.',
      },
    });
    expect(replaceMailTags('[_site_title]|[_site_description]|[_site_url]|[_site_domain]|[_site_admin_email]', s)).toBe(
      'Loom Reference|Garments & more|http://127.0.0.1:8089|127.0.0.1|admin@example.com',
    );
    expect(
      replaceMailTags('[_remote_ip]|[_user_agent]|[_url]|[_date]|[_time]|[_serial_number]|[_invalid_fields]', s),
    ).toBe('203.0.113.9|UA/1.0|https://example.com/contact/|November 23, 2026|5:28 pm|7|0');
    expect(
      replaceMailTags('[_post_id]|[_post_name]|[_post_title]|[_post_url]|[_post_author]|[_post_author_email]', s),
    ).toBe('12|contact|Contact & visit|https://example.com/contact/|Editor|ed@example.com');
    expect(
      replaceMailTags(
        '[_user_login]|[_user_email]|[_user_first_name]|[_user_last_name]|[_user_nickname]|[_user_display_name]',
        s,
      ),
    ).toBe('ada|ada@example.com|Ada|Lovelace|ada|Ada L.');
    const anon = submission('[text a]', []);
    expect(replaceMailTags('[_post_title]|[_user_login]|[_serial_number]|[_contact_form_title]', anon)).toBe(
      '||[_serial_number]|[_contact_form_title]',
    );
  });

  it('a submitted value is never scanned for tags again', () => {
    const s = submission('[text a] [text b]', [
      ['a', '[b] [_site_admin_email]'],
      ['b', 'secret'],
    ]);
    expect(replaceMailTags('[a]', s)).toBe('[b] [_site_admin_email]');
  });
});

describe('exclude_blank and use_html', () => {
  it('exclude_blank drops body lines whose tags are all empty; literal lines stay', () => {
    const s = submission('[text a] [text b]', [['a', 'x']]);
    const body = 'A: [a]\nB: [b]\nBoth: [a] [b]\nplain\n\n[unknown]';
    expect(composeMail(template({ body, exclude_blank: true }), s).text).toBe('A: x\nBoth: x \nplain\n\n[unknown]');
    expect(composeMail(template({ body, exclude_blank: false }), s).text).toBe(
      'A: x\nB: \nBoth: x \nplain\n\n[unknown]',
    );
  });

  it('use_html escapes values, not the template, and wraps the body in a document', () => {
    const s = submission(
      '[text a] [email e]',
      [
        ['a', '<img src=x onerror=alert(1)> & "q"'],
        ['e', 'ada@example.com'],
      ],
      { locale: 'en_US' },
    );
    const mail = composeMail(
      template({ subject: 'About [a]', body: '<b>Name:</b> [a]\nMail: <[e]>\n\nBye', use_html: 1 }),
      s,
    );
    expect(mail.text).toBeUndefined();
    expect(mail.html).toContain('<b>Name:</b> &lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;<br />');
    expect(mail.html).toContain('Mail: &lt;ada@example.com&gt;');
    expect(mail.html).toMatch(
      /^<!doctype html>\n<html xmlns="http:\/\/www.w3.org\/1999\/xhtml" dir="ltr" lang="en-US">\n<head>\n<title>About &lt;img/,
    );
    expect(mail.html).toContain('<p>Bye</p>');
    expect(mail.subject).toBe('About <img src=x onerror=alert(1)> & "q"'); // a header: plain text, encoded by the mailer
    // as WordPress's esc_html, an entity already written is not encoded twice
    expect(replaceMailTags('[a]', submission('[text a]', [['a', 'Fish &amp; chips & peas']]), { html: true })).toBe(
      'Fish &amp; chips &amp; peas',
    );
  });
});

describe('header injection is impossible', () => {
  const form = '[text your-name] [email your-email] [text your-subject] [select dept "A|a@example.com"]';
  const evil = 'Eve\r\nBcc: victim@example.org\r\nX-Evil: 1';
  const t = template({
    subject: '[your-subject]',
    sender: '[your-name] <shop@example.com>',
    recipient: 'owner@example.com, [your-name]',
    additional_headers: 'Reply-To: [your-name] <[your-email]>\nX-Origin: [your-subject]',
    body: 'From [your-name]',
  });

  it('CR/LF in name, subject and email fields cannot add headers or recipients', () => {
    const s = submission(form, [
      ['your-name', evil],
      ['your-email', 'ada@example.com\nBcc: x@example.org'],
      ['your-subject', 'Hi\nBcc: victim@example.org'],
    ]);
    const mail = composeMail(t, s);
    expect(mail.subject).toBe('HiBcc: victim@example.org');
    expect(mail.from).toEqual({ name: 'EveBcc: victim@example.orgX-Evil: 1', address: 'shop@example.com' });
    expect(mail.to).toEqual([{ address: 'owner@example.com' }]);
    expect(mail.bcc).toEqual([]);
    expect(mail.cc).toEqual([]);
    expect(mail.replyTo).toEqual([]); // "ada@example.comBcc: x@example.org" is no address
    expect(mail.headers).toEqual([['X-Origin', 'HiBcc: victim@example.org']]);
    for (const value of [mail.subject, mail.from.name ?? '', ...mail.headers.map(([, v]) => v)])
      expect(value).not.toMatch(/[\r\n]/);
    expect(mail.text).toBe(`From ${evil}`); // the body may hold anything
  });

  it('template headers cannot set the message structure (Content-Type, To); a recipient template naming a text field takes what it gives, as the plugin', () => {
    const s = submission(form, [
      ['your-name', 'x@example.org, y@example.org'],
      ['your-email', 'ada@example.com'],
      ['your-subject', 's'],
    ]);
    const mail = composeMail(
      template({
        ...t,
        additional_headers: 'Content-Type: text/html\nTo: [your-email]\nX-Ok: yes\nReply-To: [your-email]',
      }),
      s,
    );
    // the recipient template itself names [your-name]: an administrator's choice the config validator warns about
    expect(mail.to.map((m) => m.address)).toEqual(['owner@example.com', 'x@example.org', 'y@example.org']);
    expect(mail.headers).toEqual([['X-Ok', 'yes']]);
    expect(mail.replyTo).toEqual([{ address: 'ada@example.com' }]);
  });

  it('no valid sender or recipient: MailComposeError (the mail fails)', () => {
    const s = submission(form, [['your-email', 'not-an-address']]);
    expect(() => composeMail(template({ recipient: '[your-email]' }), s)).toThrow(MailComposeError);
    expect(() => composeMail(template({ sender: '[your-email]' }), s)).toThrow(MailComposeError);
  });

  it('what wp_mail and PHPMailer refuse, in their order and words, and what they take', () => {
    const s = submission('[text note]', [['note', '']]);
    const refusal = (over: Partial<MailTemplate>) => {
      try {
        composeMail(template(over), s);
        return null;
      } catch (e) {
        return (e as MailComposeError).message;
      }
    };
    const noRecipient = 'You must provide at least one recipient email address.';
    const cases: Array<[Partial<MailTemplate>, string | null]> = [
      [{ sender: 'not an address' }, 'Invalid address: (From): not an address'],
      [{ sender: 'Shop <>' }, 'Invalid address: (From): '],
      [{ sender: 'Shop <shop@example.com> and more' }, 'Invalid address: (From): shop@example.com and more'],
      [{ sender: 'Shop <shop@example.com>', additional_headers: 'From: nobody' }, 'Invalid address: (From): nobody'],
      [{ sender: 'not an address', recipient: '' }, 'Invalid address: (From): not an address'], // From first
      [{ recipient: '' }, noRecipient],
      [{ recipient: 'nobody at all, @example.com' }, noRecipient],
      [{ recipient: '', additional_headers: 'Bcc: archive@example.com' }, null], // Cc and Bcc count
      [{ body: '' }, 'Message body empty'],
      [{ body: '0' }, 'Message body empty'], // PHP's empty()
      [{ body: '[note]', exclude_blank: true }, 'Message body empty'],
      [{ body: '', use_html: true }, null], // the HTML document around it is a body
      [{ body: ' ' }, null],
      [{ subject: '[no-such-tag]' }, null], // an unknown tag stays as written
      // Stricter than WordPress with PHP's intl (docs/differences.md): an internationalised domain is no address.
      [{ sender: 'Shop <shop@bücher.example>' }, 'Invalid address: (From): shop@bücher.example'],
      [{ subject: '' }, null],
    ];
    for (const [over, refused] of cases) expect({ over, refused: refusal(over) }).toEqual({ over, refused });
  });

  it("the sender as wp_mail reads From: a blank one is WordPress's default, the last From header wins", () => {
    const from = (over: Partial<MailTemplate>) => composeMail(template(over), submission('[text a]', [])).from;
    expect(from({ sender: '' })).toEqual({ name: 'WordPress', address: 'wordpress@127.0.0.1' });
    expect(from({ sender: '<shop@example.com>' })).toEqual({ name: 'WordPress', address: 'shop@example.com' });
    expect(from({ sender: 'shop@example.com' })).toEqual({ name: 'WordPress', address: 'shop@example.com' });
    expect(from({ sender: '"The \\"Shop\\"" <shop@example.com' })).toEqual({
      name: 'The \\Shop\\',
      address: 'shop@example.com',
    });
    expect(from({ additional_headers: 'From: Other <other@example.com>' })).toEqual({
      name: 'Other',
      address: 'other@example.com',
    });
    expect(from({ additional_headers: 'From: other@example.com' })).toEqual({
      name: 'Shop',
      address: 'other@example.com',
    });
    expect(from({ additional_headers: 'From: ' })).toEqual({ name: 'Shop', address: 'shop@example.com' });
  });

  it('composeMessages: mail_2 only after a mail that is not refused; a refused one is returned, not thrown', () => {
    const s = submission('[text a]', []);
    const bad = composeMessages({ mail: template({ recipient: '' }), mail_2: template({ subject: 'auto' }) }, s);
    expect(bad.messages).toEqual([]);
    expect(bad.refused.map((r) => [r.template, r.message, r.mail.subject])).toEqual([
      ['mail', 'You must provide at least one recipient email address.', 's'],
    ]);
    const bad2 = composeMessages({ mail: template({}), mail_2: template({ sender: 'nope' }) }, s);
    expect(bad2.messages.map((m) => m.template)).toEqual(['mail']);
    expect(bad2.refused.map((r) => [r.template, r.message])).toEqual([['mail_2', 'Invalid address: (From): nope']]);
  });

  it('a sender display name may hold commas (the site title "Shop, Inc.")', () => {
    const s = submission('[text a]', [], { site: { ...SITE, title: 'Shop, Inc.' } });
    expect(composeMail(template({ sender: '[_site_title] <shop@example.com>' }), s).from).toEqual({
      name: 'Shop, Inc.',
      address: 'shop@example.com',
    });
  });

  it('mailbox lists and filenames', () => {
    expect(parseMailboxes('"Doe, Jane" <jane@example.com>, bob@example.org, bad')).toEqual([
      { name: 'Doe, Jane', address: 'jane@example.com' },
      { address: 'bob@example.org' },
    ]);
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('a\r\nb.txt')).toBe('a-b.txt');
    expect(safeFilename('shell.php5')).toBe('shell.php5_.txt');
    expect(safeFilename('x.php.jpg')).toBe('x.php_.jpg');
  });
});
