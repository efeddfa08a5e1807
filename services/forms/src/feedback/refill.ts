/**
 * GET .../<id>/refill (reference B.4): `[]` for a form without quiz, else new quiz questions with their answer
 * hashes (sample 203); and GET .../<id>/feedback/schema, the form's SWV validation schema (sample 205). Public, as
 * in the plugin: they show nothing the form's page does not.
 */
import * as forms from '../contracts';
import { bind, type Binding, type RequestOf } from '@loom/service-kit';
import { refillQuiz, scanFields, swvSchema } from '../form-tags';
import { notFound } from '../contact-forms/handlers';
import { formMessages } from '../contact-forms/properties';
import { ContactForms } from '../contact-forms/repository';
import { formsOf } from '../context';

async function refill(req: RequestOf<typeof forms.refillRoute.endpoints.read>) {
  const form = await new ContactForms(req.store).get(Number(req.params.id));
  if (!form) throw notFound();
  const quiz = refillQuiz(scanFields(form.properties.form), formsOf(req.config).settings.secret);
  return { body: quiz ? { quiz } : [] };
}

async function schema(req: RequestOf<typeof forms.feedbackSchemaRoute.endpoints.read>) {
  const form = await new ContactForms(req.store).get(Number(req.params.id));
  if (!form) throw notFound();
  return { body: swvSchema(scanFields(form.properties.form), formMessages(form.properties), form.locale) };
}

export function refillBindings(): Binding[] {
  return [
    bind(forms.refillRoute.endpoints.read, null, refill),
    bind(forms.feedbackSchemaRoute.endpoints.read, null, schema),
  ];
}
