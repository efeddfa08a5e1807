/** The config validator: samples 189/193 and each error the plugin reports. */
import { configErrors, DEFAULT_FORM_TEMPLATE, mailboxList, type ConfigProperties } from '../../src/form-tags';
import { defaultMail2Template, defaultMailTemplate } from '../../src/mail';
import { sampleJson } from '../samples';

const json = sampleJson;
const SITE = { domain: 'example.com', adminEmail: 'admin@example.com' };
const plain = (o: object) => JSON.parse(JSON.stringify(o));

function props(over: Partial<ConfigProperties> = {}): ConfigProperties {
  return {
    form: DEFAULT_FORM_TEMPLATE,
    mail: { ...defaultMailTemplate('wordpress@example.com') },
    mail_2: { ...defaultMail2Template('wordpress@example.com') },
    messages: {},
    additional_settings: '',
    ...over,
  };
}
const fromSample = (p: {
  form: { content: string };
  mail: object;
  mail_2: object;
  messages: object;
  additional_settings: { content: string };
}): ConfigProperties => ({
  form: p.form.content,
  mail: p.mail as Record<string, unknown>,
  mail_2: p.mail_2 as Record<string, unknown>,
  messages: p.messages as Record<string, unknown>,
  additional_settings: p.additional_settings.content,
});

describe('configErrors', () => {
  it('a new default form has none', () => {
    expect(plain(configErrors(props(), SITE))).toEqual({});
  });

  it('sample 189 (sender on the site domain) has none; sample 193 reports the autoresponder to [your-email]', () => {
    // the captured site ran on 127.0.0.1, where the plugin skips the domain check
    expect(
      plain(
        configErrors(fromSample(json('192-cf7-contact-forms-get.txt').properties), {
          domain: '127.0.0.1',
          adminEmail: 'admin@example.com',
        }),
      ),
    ).toEqual({});
    const sample = json('193-cf7-contact-forms-update-mail-2.txt');
    expect(
      plain(configErrors(fromSample(sample.properties), { domain: '127.0.0.1', adminEmail: 'admin@example.com' })),
    ).toEqual(sample.config_errors);
  });

  it('invalid sender and recipient mailboxes, also through unknown or optional mail-tags', () => {
    const errors = configErrors(
      props({
        mail: {
          ...defaultMailTemplate('wordpress@example.com'),
          sender: 'Shop <not an address>',
          recipient: '[no-such-field]',
        },
      }),
      SITE,
    );
    expect(errors['mail.sender']).toEqual([
      {
        message: 'Invalid mailbox syntax is used.',
        link: 'https://contactform7.com/configuration-errors/invalid-mailbox-syntax',
      },
    ]);
    expect(errors['mail.recipient'][0].message).toBe('Invalid mailbox syntax is used.');
    const optional = configErrors(
      props({
        form: '[email your-email]',
        mail: { ...defaultMailTemplate('wordpress@example.com'), recipient: '[your-email]' },
      }),
      SITE,
    );
    expect(optional['mail.recipient'][0].message).toBe('Invalid mailbox syntax is used.');
  });

  it('a sender outside the site domain; subdomains of the site are fine, localhost and IPs skip the check', () => {
    const sender = (s: string, domain = 'www.example.com') =>
      configErrors(props({ mail: { ...defaultMailTemplate('x@example.com'), sender: s } }), { ...SITE, domain })[
        'mail.sender'
      ];
    expect(sender('[_site_title] <shop@elsewhere.org>')).toEqual([
      {
        message: 'Sender email address does not belong to the site domain.',
        link: 'https://contactform7.com/configuration-errors/email-not-in-site-domain',
      },
    ]);
    expect(sender('[_site_title] <shop@example.com>')).toBeUndefined();
    expect(sender('shop@elsewhere.org', 'localhost')).toBeUndefined();
    expect(sender('shop@elsewhere.org', '10.0.0.1')).toBeUndefined();
  });

  it('empty subject/body, bad headers, unsafe Cc, file attachments Loom cannot read', () => {
    const errors = configErrors(
      props({
        mail: {
          ...defaultMailTemplate('wordpress@example.com'),
          subject: '[your-optional]',
          body: '',
          additional_headers: 'Reply-To: nobody\nnot a header\nCc: [your-email]',
          attachments: '[your-file]\nuploads/terms.pdf',
        },
      }),
      SITE,
    );
    expect(Object.keys(errors)).toEqual(['mail.subject', 'mail.additional_headers', 'mail.body', 'mail.attachments']);
    expect(errors['mail.subject'][0].message).toBe('There is a possible empty field.');
    expect(errors['mail.additional_headers'].map((e) => e.message)).toEqual([
      'There are invalid mail header fields.',
      'Invalid mailbox syntax is used in the Reply-To field.',
      'Unsafe email config is used without sufficient protection.',
    ]);
    expect(errors['mail.attachments']).toEqual([
      {
        message: 'Attachment file does not exist at uploads/terms.pdf.',
        link: 'https://contactform7.com/configuration-errors/file-not-found',
      },
    ]);
  });

  it('inactive mail_2 and demo_mode skip the mail checks', () => {
    const broken = { ...defaultMailTemplate('wordpress@example.com'), sender: 'bad' };
    expect(configErrors(props({ mail_2: { ...broken, active: false } }), SITE)['mail_2.sender']).toBeUndefined();
    expect(configErrors(props({ mail_2: { ...broken, active: true } }), SITE)['mail_2.sender']).toHaveLength(1);
    expect(plain(configErrors(props({ mail: broken, additional_settings: 'demo_mode: on' }), SITE))).toEqual({});
  });

  it('the form: labels with two controls, reserved names, <form>, dots and colons in names, limits over the upload maximum', () => {
    const errors = configErrors(
      props({
        form: '<label>[text a] [text b]</label> [text name] [text c.d] [text e:f] <form></form> [file g limit:20mb]',
      }),
      { ...SITE, maxUploadBytes: 10 * 1024 * 1024 },
    );
    expect(errors['form.body'].map((e) => e.message)).toEqual([
      'Multiple form controls are in a single label element.',
      'Unavailable names ("name") are used for form controls.',
      'Unavailable HTML elements are used in the form template.',
      'Dots are used in form-tag names.',
      'Colons are used in form-tag names.',
      'Uploadable file size exceeds PHP’s maximum acceptable size.',
    ]);
    expect(configErrors(props({ form: '<label>[checkbox a "x"]</label>' }), SITE)['form.body']).toBeUndefined();
    expect(configErrors(props({ form: '<label>[checkbox a "x" "y"]</label>' }), SITE)['form.body']).toHaveLength(1);
  });

  it('HTML in messages; deprecated settings', () => {
    const errors = configErrors(
      props({
        messages: { mail_sent_ok: 'Thanks <b>a lot</b>', spam: 'plain' },
        additional_settings: 'on_sent_ok: "location=x"',
      }),
      SITE,
    );
    expect(errors['messages.mail_sent_ok'][0].message).toBe('HTML tags are used in a message.');
    expect(errors['messages.spam']).toBeUndefined();
    expect(errors['additional_settings.body'][0].message).toBe('Deprecated settings are used.');
  });

  it('never throws on junk properties; keys are data', () => {
    const junk = {
      form: 42,
      mail: null,
      mail_2: 'x',
      messages: { __proto__: '<i>' },
      additional_settings: undefined,
    } as unknown as ConfigProperties;
    expect(() => configErrors(junk, SITE)).not.toThrow();
  });

  it('mailboxList reads lists with display names and quoted commas', () => {
    expect(mailboxList('"Doe, Jane" <jane@example.com>, bob@example.org')).toEqual([
      'jane@example.com',
      'bob@example.org',
    ]);
    expect(mailboxList('')).toBeNull();
    expect(mailboxList('jane@example.com, nope')).toBeNull();
  });
});
