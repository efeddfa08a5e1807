/**
 * Every query the forms service's GET routes make (formsA/v1: contact forms, their feedback schema, submissions;
 * formsB/v1: the form list) is served by an index, on both adapters (issue 25): every GET route, bare and with
 * each value of each argument, as an administrator, an editor and anonymously, over a saved contact form with a
 * submission and an imported formsB form; the rule each recorded shape is held to (offline, and by MongoDB's
 * explain() when MONGO_URL is set) is in services/core-content/test/query-shapes.test.ts.
 */
import type { Express } from 'express';
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import { describeQueryShapes, FAST_MAIL_ENV, fillParams, formsApp, hiddenFields } from '@loom/testing';

const admin = asRole('administrator');
const callers = { administrator: admin, editor: asRole('editor'), anonymous: {} };

const FORMSB_CONTACT = {
  field_id: 2,
  settings: { form_title: 'Simple Contact Form', form_desc: '', submit_text: 'Submit' },
  fields: [
    { id: '0', type: 'name', format: 'simple', label: 'Name', required: '1', size: 'medium' },
    { id: '1', type: 'email', label: 'Email', required: '1', size: 'medium' },
  ],
};

async function seed(app: Express) {
  const saved = await request(app)
    .post('/rest/formsA/v1/contact-forms?context=save')
    .set(admin)
    .send({ title: 'Quick question', context: 'save' });
  if (saved.status >= 300 || typeof saved.body.id !== 'number')
    throw new Error(`saving a contact form: ${saved.status} ${JSON.stringify(saved.body)}`);
  const form = saved.body.id as number;
  let feedback = request(app).post(`/rest/formsA/v1/contact-forms/${form}/feedback`);
  for (const [k, v] of [
    ...hiddenFields(form),
    ['your-name', 'Ada'],
    ['your-email', 'ada@example.com'],
    ['your-subject', 'Hello'],
    ['your-message', 'A question'],
  ])
    feedback = feedback.field(k, v);
  const sent = await feedback;
  if (sent.status !== 200) throw new Error(`feedback: ${sent.status} ${JSON.stringify(sent.body)}`);
  await request(app).post('/rest/formsB/v1/forms/import').set(admin).send({ form: FORMSB_CONTACT });
  const path = (route: string) => fillParams(route, () => String(form));
  return { callers, path, value: (arg: string) => (arg === 'search' ? 'question' : undefined) };
}

describeQueryShapes('forms', {
  start: async (store) => {
    const forms = await formsApp({ config: FAST_MAIL_ENV, ...store });
    return { app: forms.app, close: forms.close };
  },
  seed,
  minRoutes: 4,
});
