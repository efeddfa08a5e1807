/** Sample 189's "Event registration" form (every field type of the reference) and a valid submission of it. */
import { formsClient, hiddenFields, type FormsWorld } from '@loom/testing';

export const EVENT_FORM = `<label> Your name
    [text* your-name autocomplete:name] </label>

<label> Your email
    [email* your-email autocomplete:email] </label>

<label> Website
    [url your-website] </label>

<label> Phone
    [tel your-phone] </label>

<label> Number of guests
    [number your-guests min:1 max:10] </label>

<label> Preferred date
    [date your-date min:2020-01-01 max:2030-12-31] </label>

<label> Topic
    [select your-topic include_blank "Sales" "Support" "Other"] </label>

Interests: [checkbox your-interests use_label_element "News" "Events" "Offers"]

Contact me by: [radio your-contact-by default:1 "Email" "Phone"]

<label> Your message
    [textarea your-message maxlength:500] </label>

<label> Attachment (.txt or .pdf, up to 1 KB)
    [file your-file limit:1kb filetypes:txt|pdf] </label>

<label> [quiz your-quiz "What is 2+3?|5"] </label>

[acceptance your-consent] I agree to the privacy policy. [/acceptance]

[submit "Send"]`;

export const EVENT_MAIL = {
  subject: '[_site_title] "[your-topic]" from [your-name]',
  sender: '[_site_title] <admin@example.com>',
  recipient: '[_site_admin_email]',
  body: 'From: [your-name] <[your-email]>\nWebsite: [your-website]\nPhone: [your-phone]\nGuests: [your-guests]\nDate: [your-date]\nTopic: [your-topic]\nInterests: [your-interests]\nContact by: [your-contact-by]\n\nMessage:\n[your-message]\n\n-- \nSent from [_site_title] ([_site_url]) by the form "[_contact_form_title]"',
  additional_headers: 'Reply-To: [your-email]',
  attachments: '[your-file]',
  use_html: false,
  exclude_blank: false,
};

export const EVENT_MAIL_2 = {
  active: true,
  subject: 'Your registration for [_site_title]',
  sender: '[_site_title] <admin@example.com>',
  recipient: '[your-email]',
  body: 'Hello [your-name],\n\nwe received your registration for [your-guests] guest(s) on [your-date].\n\n-- \n[_site_title]',
  additional_headers: 'Reply-To: [_site_admin_email]',
  attachments: '',
  use_html: false,
  exclude_blank: true,
};

/** Creates a form (saved) as the administrator; returns its id. */
export async function createForm(world: FormsWorld, body: Record<string, unknown>): Promise<number> {
  const r = await formsClient(world, 'administrator').post('/contact-forms', { context: 'save', ...body });
  if (r.status !== 200 || typeof r.body.id !== 'number')
    throw new Error(`creating a form: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

export const createEventForm = (world: FormsWorld, extra: Record<string, unknown> = {}) =>
  createForm(world, {
    title: 'Event registration',
    form: EVENT_FORM,
    mail: EVENT_MAIL,
    mail_2: EVENT_MAIL_2,
    messages: { mail_sent_ok: 'Thank you, [your-name]. Your registration has been sent.' },
    ...extra,
  });

/** The quiz's answer hash for the form (from refill). */
export async function quizHash(world: FormsWorld, id: number): Promise<string> {
  const r = await formsClient(world, 'anonymous').get(`/contact-forms/${id}/refill`);
  return r.body.quiz['your-quiz'][1] as string;
}

/** Sample 212's submission (without the file), with `over` replacing or adding fields. */
export function validFields(
  id: number,
  hash: string,
  over: Record<string, string | string[] | null> = {},
): Array<[string, string]> {
  const base: Record<string, string | string[] | null> = {
    'your-name': 'Ada Lovelace',
    'your-email': 'ada@example.com',
    'your-website': 'https://ada.example.com',
    'your-phone': '+44 20 7946 0958',
    'your-guests': '2',
    'your-date': '2027-01-16',
    'your-topic': 'Support',
    'your-interests[]': ['News', 'Events'],
    'your-contact-by': 'Email',
    'your-message': 'Looking forward to the book fair.',
    'your-quiz': '5',
    '_wpcf7_quiz_answer_your-quiz': hash,
    'your-consent': '1',
    ...over,
  };
  const out: Array<[string, string]> = [...hiddenFields(id)];
  for (const [k, v] of Object.entries(base)) {
    if (v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.push([k, one]);
  }
  return out;
}

export const NOTES = {
  field: 'your-file',
  name: 'notes.txt',
  type: 'text/plain',
  content: Buffer.from('Dietary needs: vegetarian.\n'),
};
