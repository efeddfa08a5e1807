/**
 * formsB/v1 (spec 4.4): WPForms Lite 1.8.4–1.8.7's `wpforms/v1`, whose only route is `GET /forms` (no args), the
 * block editor's form selector data. WPForms builds forms in admin screens Loom does not have: Loom's own
 * `POST /formsB/v1/forms/import` (administrators) stores one from its JSON definition.
 */
import { z } from 'zod';
import { CREATABLE, READABLE, endpoint, route } from '@loom/contracts';

export const FORMS_B = 'formsB/v1';

/** Not a list: one object, the forms among the block editor's other settings for the form block. */
export const formsListRoute = route(FORMS_B, `/${FORMS_B}/forms`, {
  list: endpoint(
    READABLE,
    {},
    { docs: { summary: "Retrieve the forms block's settings and its list of forms", answer: 'item' } },
  ),
});

/** Loom's own: creates a form (a `wpforms` post) from WPForms' JSON definition (its export format). */
export const formsImportRoute = route(FORMS_B, `/${FORMS_B}/forms/import`, {
  create: endpoint(
    CREATABLE,
    {
      title: z
        .string()
        .min(1)
        .max(1000)
        .optional()
        .describe("The form's title; defaults to the definition's settings.form_title."),
      form: z
        .record(z.unknown())
        .describe("The form's definition as WPForms exports it ({fields, settings, meta...})."),
      status: z.enum(['publish', 'draft']).default('publish').describe('Only published forms are listed.'),
    },
    { docs: { summary: 'Import a form from its WPForms definition' } },
  ),
});
