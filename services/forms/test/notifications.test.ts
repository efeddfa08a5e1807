/**
 * Change notifications for the forms (a real nats-server): form writes as any write, and one notification per
 * stored submission (`loom.changes.formsA_v1.submissions`, created, the submission's id); submissions that are
 * not stored (validation, spam) and previews (`context` other than save) publish nothing. The service's hint
 * header never reaches the client.
 */
import { CHANGE_HEADER } from '@loom/contracts';
import {
  eventually,
  formsClient,
  hiddenFields,
  startFormsWorld,
  startNats,
  testNotifier,
  watchChanges,
  type Changes,
  type FormsWorld,
  type NatsServer,
} from '@loom/testing';
import { createForm } from './event-form';

let nats: NatsServer;
let world: FormsWorld;
let changes: Changes;

beforeAll(async () => {
  nats = await startNats();
  world = await startFormsWorld({}, { notifier: testNotifier(nats.url) });
  changes = await watchChanges(nats.url);
  await eventually(async () => world.gw.notifier.counters().pending === 0, 5000);
}, 60000);

afterAll(async () => {
  await changes?.close();
  await world?.close();
  await world?.gw.notifier.close();
  await nats?.dispose();
});

/** The notifications after `from`, once `count` arrived and a moment passed for extras. */
async function after(from: number, count: number) {
  if (count > 0) await eventually(async () => changes.live.length >= from + count, 10000);
  await new Promise((r) => setTimeout(r, 400));
  return changes.live.slice(from);
}

test('form writes: created, updated, deleted; a preview publishes nothing', async () => {
  const admin = formsClient(world, 'administrator');
  let from = changes.live.length;
  const preview = await admin.post('/contact-forms', { title: 'Preview only' });
  expect(preview.headers[CHANGE_HEADER]).toBeUndefined();
  expect(await after(from, 0)).toEqual([]);

  from = changes.live.length;
  const created = await admin.post('/contact-forms', { title: 'Notified', context: 'save' });
  const id = created.body.id as number;
  await admin.post(`/contact-forms/${id}`, { title: 'Notified again', context: 'save' });
  await admin.delete(`/contact-forms/${id}`);
  const got = await after(from, 3);
  expect(got.map((x) => [x.subject, x.n.action, x.n.item_id])).toEqual([
    ['loom.changes.formsA_v1.contact-forms', 'created', id],
    ['loom.changes.formsA_v1.contact-forms', 'updated', id],
    ['loom.changes.formsA_v1.contact-forms', 'deleted', id],
  ]);
});

test('one notification per stored submission, none for one that is not stored', async () => {
  const beforeCreate = changes.live.length;
  const id = await createForm(world, {
    title: 'Notify me',
    form: '[text* your-name] [submit]',
    mail: {
      subject: 'Hi',
      sender: 'Site <admin@example.com>',
      recipient: 'admin@example.com',
      body: '[your-name]',
      additional_headers: '',
      attachments: '',
    },
  });
  await after(beforeCreate, 1); // the form's own notification
  const anon = formsClient(world, 'anonymous');
  let from = changes.live.length;
  const invalid = await anon.feedback(id, [...hiddenFields(id), ['your-name', '']]);
  expect(invalid.body.status).toBe('validation_failed');
  expect(invalid.headers[CHANGE_HEADER]).toBeUndefined();
  expect(await after(from, 0)).toEqual([]);

  from = changes.live.length;
  const ok = await anon.feedback(id, [...hiddenFields(id), ['your-name', 'Nat']]);
  expect(ok.body.status).toBe('mail_sent');
  expect(ok.headers[CHANGE_HEADER]).toBeUndefined();
  const [n, ...extra] = await after(from, 1);
  expect(extra).toEqual([]);
  const stored = (await formsClient(world, 'administrator').get(`/submissions?contact_form=${id}`)).body;
  expect(n.subject).toBe('loom.changes.formsA_v1.submissions');
  expect(n.n).toMatchObject({
    action: 'created',
    namespace: 'formsA/v1',
    resource: 'submissions',
    item_id: stored[0].id,
    path: `/formsA/v1/contact-forms/${id}/feedback`,
    method: 'POST',
    status: 200,
    user_id: 0,
  });
  expect(n.n.item).toMatchObject({ contact_form_id: id, status: 'mail_sent' });
});

test('_envelope: the same notification, and the hint is not in the envelope', async () => {
  const beforeCreate = changes.live.length;
  const id = await createForm(world, {
    title: 'Enveloped',
    form: '[text* your-name] [submit]',
    mail: {
      subject: 'Hi',
      sender: 'Site <admin@example.com>',
      recipient: 'admin@example.com',
      body: '[your-name]',
      additional_headers: '',
      attachments: '',
    },
  });
  await after(beforeCreate, 1);
  const from = changes.live.length;
  const anon = formsClient(world, 'anonymous');
  const enveloped = await anon.feedback(id, [...hiddenFields(id), ['your-name', 'Env']]).query({ _envelope: '1' });
  expect(enveloped.status).toBe(200);
  expect(enveloped.body.status).toBe(200);
  expect(enveloped.body.body.status).toBe('mail_sent');
  expect(JSON.stringify(enveloped.body.headers)).not.toContain(CHANGE_HEADER);
  expect(enveloped.headers[CHANGE_HEADER]).toBeUndefined();
  const invalid = await anon.feedback(id, [...hiddenFields(id), ['your-name', '']]).query({ _envelope: '1' });
  expect(invalid.body.body.status).toBe('validation_failed');
  const got = await after(from, 1);
  expect(got.map((x) => [x.subject, x.n.action])).toEqual([['loom.changes.formsA_v1.submissions', 'created']]);
});
