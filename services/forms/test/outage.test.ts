/**
 * Nothing is lost: with SMTP down a submission is stored and answered `mail_failed` (the plugin's message), its
 * mail stays queued, survives a restart of the forms service, and goes out once SMTP is back: exactly once.
 */
import { eventually, formsClient, startFormsWorld, type FormsWorld } from '@loom/testing';
import { createEventForm, NOTES, quizHash, validFields } from './event-form';

let world: FormsWorld;
beforeAll(async () => {
  world = await startFormsWorld();
}, 60000);
afterAll(async () => world?.close());

test('SMTP down: mail_failed, stored and pending; after a restart of forms and SMTP coming back, delivered exactly once', async () => {
  const id = await createEventForm(world);
  const hash = await quizHash(world, id);
  const admin = formsClient(world, 'administrator');
  await world.smtp.down();

  const r = await formsClient(world, 'anonymous').feedback(id, validFields(id, hash), [NOTES]);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    status: 'mail_failed',
    message: 'There was an error trying to send your message. Please try again later.',
  });
  expect(r.body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);

  const stored = (await admin.get(`/submissions?contact_form=${id}`)).body;
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ status: 'mail_failed' });
  expect(stored[0].mail.map((m: { template: string; state: string }) => [m.template, m.state])).toEqual([
    ['mail', 'pending'],
    ['mail_2', 'pending'],
  ]);
  expect((await admin.get('/submissions?mail_state=pending')).body.map((s: { id: number }) => s.id)).toContain(
    stored[0].id,
  );

  // A deploy while SMTP is still down: the queue is in the store, not in the process.
  await world.restartForms();
  await new Promise((res) => setTimeout(res, 500));
  expect(world.smtp.messages).toHaveLength(0);

  await world.smtp.up();
  await eventually(async () => world.smtp.messages.length >= 2, 15000);
  // Longer than several retry periods: a second copy would have come by now.
  await new Promise((res) => setTimeout(res, 1500));
  expect(world.smtp.messages.map((m) => m.to)).toEqual([['admin@example.com'], ['ada@example.com']]);
  expect(world.smtp.messages[0].parsed.subject).toBe('Loom Reference "Support" from Ada Lovelace');
  expect(world.smtp.messages[0].parsed.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
  const after = (await admin.get(`/submissions/${stored[0].id}`)).body;
  expect(after.mail.map((m: { state: string }) => m.state)).toEqual(['sent', 'sent']);
}, 60000);

test('a process that stops between storing a submission and queueing its mail loses nothing: the next start queues it', async () => {
  const id = await createEventForm(world);
  const hash = await quizHash(world, id);
  const admin = formsClient(world, 'administrator');
  await world.smtp.down();
  const before = world.smtp.messages.length;
  const r = await formsClient(world, 'anonymous').feedback(id, validFields(id, hash), [NOTES]);
  expect(r.body.status).toBe('mail_failed');
  const [sub] = (await admin.get(`/submissions?contact_form=${id}`)).body as { id: number }[];

  // Put the store back as the first write left it, the instant before the outbox write: the submission with its
  // composed mail, and nothing queued.
  const outbox = world.forms.store.collection<{ submission_id: string; seq: number; message: unknown }>('mail_outbox');
  const rows = await outbox.find({ submission_id: String(sub.id) }, { sort: { seq: 1 } });
  expect(rows).toHaveLength(2);
  await outbox.deleteMany({ submission_id: String(sub.id) });
  await world.forms.store
    .collection('submissions')
    .updateOne({ id: sub.id }, { $set: { status: 'accepted', queued_mail: rows.map((row) => row.message) } });

  await world.restartForms();
  const after = (await admin.get(`/submissions/${sub.id}`)).body;
  expect(after.mail.map((m: { template: string; state: string }) => [m.template, m.state])).toEqual([
    ['mail', 'pending'],
    ['mail_2', 'pending'],
  ]);
  expect(after).not.toHaveProperty('queued_mail');
  await world.smtp.up();
  await eventually(async () => world.smtp.messages.length >= before + 2, 15000);
  await new Promise((res) => setTimeout(res, 1000));
  expect(world.smtp.messages.slice(before).map((m) => m.to)).toEqual([['admin@example.com'], ['ada@example.com']]);
  expect(world.smtp.messages.slice(before)[0].parsed.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
}, 60000);
