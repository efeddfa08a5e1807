/**
 * formsA/v1 contact forms (spec 4.3): Contact Form 7 5.x's `contact-form-7/v1` routes. The plugin registers them
 * without args; Loom lists and checks the parameters its handlers read (reference B.1, B.2, B.4), so the index
 * says what a request may carry. Feedback bodies are multipart/form-data: their fields are the form's own and are
 * read by the feedback handler, not declared as arguments (the API reference describes them: FEEDBACK_FIELDS).
 */
import { z } from 'zod';
import { CREATABLE, READABLE, endpoint, resourceRoutes, route } from '@loom/contracts';
import { hiddenArg, sanitizedOnly, type WpSchema } from '@loom/contracts';

export const FORMS_A = 'formsA/v1';

/** A mail template (`mail`, `mail_2`) as written; omitted keys keep the form's current value. */
export const mailTemplateArg = () =>
  z
    .object({
      active: z.boolean().optional(),
      subject: z.string().optional(),
      sender: z.string().optional(),
      recipient: z.string().optional(),
      body: z.string().optional(),
      additional_headers: z.string().optional(),
      attachments: z.string().optional(),
      use_html: z.boolean().optional(),
      exclude_blank: z.boolean().optional(),
    })
    .optional();

/** The properties a create or update writes (the plugin's REST body). */
const writeArgs = () => ({
  title: z.string().max(1000).optional().describe('The title of the contact form.'),
  locale: z
    .string()
    .max(35)
    .optional()
    .describe(
      'The locale of the contact form (en_US); an invalid one is replaced by the site locale, as the plugin does.',
    ),
  form: z.string().max(200000).optional().describe('The form template, in the form-tag language.'),
  mail: mailTemplateArg().describe('The mail template.'),
  mail_2: mailTemplateArg().describe('The second mail template (autoresponder); `active` turns it on.'),
  messages: z
    .record(z.string().max(5000))
    .optional()
    .describe('Messages shown to the submitter, by key (mail_sent_ok, validation_error...).'),
  additional_settings: z
    .string()
    .max(20000)
    .optional()
    .describe('Additional settings, one `name: value` per line (demo_mode: on, subscribers_only: true...).'),
  context: z
    .string()
    .max(20)
    .optional()
    .describe(
      '`save` stores the form; without it the answer previews the result and nothing is stored (as the plugin).',
    ),
});

export const contactFormRoutes = resourceRoutes({
  namespace: FORMS_A,
  base: 'contact-forms',
  collection: {
    list: {
      per_page: z
        .number()
        .int()
        .min(-1)
        .max(1000)
        .default(-1)
        .describe('Maximum number of contact forms to return; -1 for all.'),
      offset: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe('Offset the result set by a specific number of contact forms.'),
      order: z
        .enum(['ASC', 'DESC', 'asc', 'desc'])
        .default('ASC')
        .describe('Order sort attribute ascending or descending.'),
      orderby: z
        .enum(['ID', 'id', 'title', 'name', 'date', 'modified'])
        .default('ID')
        .describe('Sort the contact forms by this attribute.'),
      search: z.string().max(200).optional().describe('Limit results to contact forms whose title contains this text.'),
    },
    create: {
      ...writeArgs(),
      // The plugin reads `id` only to refuse it (wpcf7_post_exists).
      id: hiddenArg(sanitizedOnly(z.unknown().optional())),
    },
  },
  item: {
    read: { id: z.number().int().optional().describe('Unique identifier for the contact form.') },
    update: { id: z.number().int().optional().describe('Unique identifier for the contact form.'), ...writeArgs() },
    delete: { id: z.number().int().optional().describe('Unique identifier for the contact form.') },
  },
});

const idArg = () => ({ id: z.number().int().optional().describe('Unique identifier for the contact form.') });

/**
 * The plugin's hidden fields, which its form pages post beside the form's own (only the unit tag is required:
 * without it, wpcf7_unit_tag_not_found).
 */
const hiddenField = (description: string, required = false): WpSchema => ({
  type: 'string',
  description,
  ...(required ? { required } : {}),
});
const FEEDBACK_FIELDS: Record<string, WpSchema> = {
  _wpcf7: hiddenField('The contact form ID.'),
  _wpcf7_version: hiddenField('The plugin version the form page was made by.'),
  _wpcf7_locale: hiddenField('The locale of the form page.'),
  _wpcf7_unit_tag: hiddenField(
    "The form's unit tag on its page (`wpcf7-f<id>-o1`); the answer's `into` points at it.",
    true,
  ),
  _wpcf7_container_post: hiddenField('The ID of the post the form is shown in (0 for none).'),
};

/**
 * POST .../<id>/feedback: a submission. Its body is multipart/form-data only (anything else is the plugin's 415,
 * wpcf7_unsupported_media_type); its fields are the form's own (a file field's part carries the file).
 */
export const feedbackRoute = route(FORMS_A, `/${FORMS_A}/contact-forms/<id>/feedback`, {
  submit: endpoint(CREATABLE, idArg(), {
    docs: {
      summary: 'Submit a contact form',
      body: {
        forms: ['multipart/form-data'],
        fields: FEEDBACK_FIELDS,
        otherFields: {
          type: 'string',
          description:
            "The form's own fields, by their names in the form (`your-name`; a list's values as `name[]`; a file as its part).",
        },
      },
    },
  }),
});

/**
 * GET .../<id>/feedback/schema: the form's SWV validation schema. The plugin registers it too; it is a route the
 * spec's table does not list, added beside the spec's eight (their entries in the index are unchanged).
 */
export const feedbackSchemaRoute = route(FORMS_A, `/${FORMS_A}/contact-forms/<id>/feedback/schema`, {
  read: endpoint(READABLE, idArg(), { docs: { summary: "Retrieve a contact form's validation schema" } }),
});

/** GET .../<id>/refill: `[]`, or new quiz questions with their answer hashes. */
export const refillRoute = route(FORMS_A, `/${FORMS_A}/contact-forms/<id>/refill`, {
  read: endpoint(READABLE, idArg(), { docs: { summary: "Refill a contact form's quiz questions" } }),
});

/**
 * Loom's own (beyond the plugin, which keeps no submissions): the stored submissions with the state of their mail,
 * for administrators, newest first.
 */
export const submissionRoutes = resourceRoutes({
  namespace: FORMS_A,
  base: 'submissions',
  collection: {
    list: {
      page: z.number().int().min(1).default(1).describe('Current page of the collection.'),
      per_page: z
        .number()
        .int()
        .min(1)
        .max(100)
        .default(10)
        .describe('Maximum number of items to be returned in result set.'),
      contact_form: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe('Limit result set to submissions of this contact form.'),
      mail_state: z
        .enum(['pending', 'sent', 'failed'])
        .optional()
        .describe('Limit result set to submissions with a message in this state.'),
    },
  },
  item: {
    read: { id: z.number().int().optional().describe('Unique identifier for the submission.') },
  },
});
