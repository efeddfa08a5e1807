/**
 * The submission rate per client address (LOOM_FORMS_RATE_MAX in LOOM_FORMS_RATE_WINDOW_MS), counted under the
 * address the gateway signs for the service (LOOM_TRUST_PROXY applied): past it the answer is `spam`. A client
 * cannot choose its address, neither with X-Forwarded-For (not trusted here) nor with the service's own header.
 */
import request from 'supertest';
import { CLIENT_ADDRESS_HEADER } from '@loom/contracts';
import { formsClient, hiddenFields, startFormsWorld, type FormsWorld } from '@loom/testing';
import { createForm } from './event-form';

let world: FormsWorld;
let trusting: FormsWorld;
beforeAll(async () => {
  world = await startFormsWorld({ LOOM_FORMS_RATE_MAX: '2', LOOM_FORMS_RATE_WINDOW_MS: '3600000' });
  trusting = await startFormsWorld(
    { LOOM_FORMS_RATE_MAX: '2', LOOM_FORMS_RATE_WINDOW_MS: '3600000' },
    {},
    { LOOM_TRUST_PROXY: '1' },
  );
}, 90000);
afterAll(async () => {
  await world?.close();
  await trusting?.close();
});

const simpleForm = (w: FormsWorld) =>
  createForm(w, {
    title: 'Rate',
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
const fields = (id: number): Array<[string, string]> => [...hiddenFields(id), ['your-name', 'Ann']];

test('the third submission from one address within the window is spam, not stored; X-Forwarded-For does not help', async () => {
  const id = await simpleForm(world);
  const anon = formsClient(world, 'anonymous');
  expect((await anon.feedback(id, fields(id))).body.status).toBe('mail_sent');
  expect((await anon.feedback(id, fields(id), [], { 'X-Forwarded-For': '198.51.100.1' })).body.status).toBe(
    'mail_sent',
  );
  const third = await anon.feedback(id, fields(id), [], { 'X-Forwarded-For': '198.51.100.2' });
  expect(third.body).toMatchObject({
    status: 'spam',
    message: 'There was an error trying to send your message. Please try again later.',
    posted_data_hash: '',
  });
  expect((await formsClient(world, 'administrator').get(`/submissions?contact_form=${id}`)).body).toHaveLength(2);
  // A forged address header is dropped by the gateway: still the same client.
  expect((await anon.feedback(id, fields(id), [], { [CLIENT_ADDRESS_HEADER]: 'forged' })).body.status).toBe('spam');
});

test('behind one trusted proxy, each client address has its own budget', async () => {
  const id = await simpleForm(trusting);
  const anon = formsClient(trusting, 'anonymous');
  const from = (ip: string) => anon.feedback(id, fields(id), [], { 'X-Forwarded-For': ip });
  expect((await from('203.0.113.7')).body.status).toBe('mail_sent');
  expect((await from('203.0.113.7')).body.status).toBe('mail_sent');
  expect((await from('203.0.113.7')).body.status).toBe('spam');
  expect((await from('203.0.113.8')).body.status).toBe('mail_sent');
  // IPv6 clients are counted by their /64, as the sign-in throttle counts them.
  expect((await from('2001:db8:1:2::1')).body.status).toBe('mail_sent');
  expect((await from('2001:db8:1:2::2')).body.status).toBe('mail_sent');
  expect((await from('2001:db8:1:2::3')).body.status).toBe('spam');
  expect((await from('2001:db8:1:3::1')).body.status).toBe('mail_sent');
});

test('calling the service directly with a made-up address header does not choose the address', async () => {
  const id = await simpleForm(world);
  // Straight to the forms service, past the gateway: an unsigned header is ignored (the socket's address counts,
  // which has used up its budget above).
  let r = request(world.forms.url)
    .post(`/rest/formsA/v1/contact-forms/${id}/feedback`)
    .set(CLIENT_ADDRESS_HEADER, 'MTkyLjAuMi45.1.abc');
  for (const [k, v] of fields(id)) r = r.field(k, v);
  const answer = await r;
  expect(answer.status).toBe(200);
  expect(answer.body.status).toBe('spam');
});

test('concurrent submissions from one address never pass the limit together', async () => {
  const fresh = await startFormsWorld({ LOOM_FORMS_RATE_MAX: '3', LOOM_FORMS_RATE_WINDOW_MS: '3600000' });
  try {
    const id = await simpleForm(fresh);
    const anon = formsClient(fresh, 'anonymous');
    const answers = await Promise.all(Array.from({ length: 8 }, () => anon.feedback(id, fields(id))));
    const statuses = answers.map((r) => r.body.status as string);
    expect(statuses.filter((s) => s === 'mail_sent')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'spam')).toHaveLength(5);
    expect((await formsClient(fresh, 'administrator').get(`/submissions?contact_form=${id}`)).body).toHaveLength(3);
  } finally {
    await fresh.close();
  }
}, 60000);

test('the parser limits: a file past LOOM_FORMS_MAX_FILE_BYTES is "too large" (not cut), a body past LOOM_MAX_BODY_BYTES a 413', async () => {
  const small = await startFormsWorld({ LOOM_FORMS_MAX_FILE_BYTES: '4096', LOOM_MAX_BODY_BYTES: '65536' });
  try {
    const id = await createForm(small, {
      title: 'Upload',
      form: '[file* doc limit:10mb filetypes:txt] [submit]',
      mail: {
        subject: 'Hi',
        sender: 'Site <admin@example.com>',
        recipient: 'admin@example.com',
        body: 'x',
        additional_headers: '',
        attachments: '[doc]',
      },
    });
    const anon = formsClient(small, 'anonymous');
    const ok = await anon.feedback(id, hiddenFields(id), [
      { field: 'doc', name: 'a.txt', type: 'text/plain', content: Buffer.alloc(4096, 'a') },
    ]);
    expect(ok.body.status).toBe('mail_sent');
    expect(small.smtp.messages[0]!.parsed.attachments[0]!.content.length).toBe(4096);
    const big = await anon.feedback(id, hiddenFields(id), [
      { field: 'doc', name: 'b.txt', type: 'text/plain', content: Buffer.alloc(4097, 'b') },
    ]);
    expect(big.body).toMatchObject({
      status: 'validation_failed',
      invalid_fields: [expect.objectContaining({ field: 'doc', message: 'The uploaded file is too large.' })],
    });
    const huge = await anon.feedback(id, hiddenFields(id), [
      { field: 'doc', name: 'c.txt', type: 'text/plain', content: Buffer.alloc(70000, 'c') },
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('rest_request_too_large');
    // Still serving.
    expect((await anon.get(`/contact-forms/${id}/refill`)).status).toBe(200);
    expect((await formsClient(small, 'administrator').get(`/submissions?contact_form=${id}`)).body).toHaveLength(1);
  } finally {
    await small.close();
  }
}, 60000);
