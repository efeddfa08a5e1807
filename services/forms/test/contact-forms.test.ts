/**
 * formsA/v1 contact forms through the gateway (reference B.0, B.1; samples 189–202, 213–214): the plugin's
 * shapes, defaults, permissions per role (its 403 wpcf7_forbidden for anonymous callers too), parameters checked
 * and listed in the route index, `context: "save"`.
 */
import request from 'supertest';
import { err, formsClient, startFormsWorld, type FormsCaller, type FormsWorld } from '@loom/testing';

let world: FormsWorld;
beforeAll(async () => {
  world = await startFormsWorld();
}, 60000);
afterAll(async () => world?.close());

const admin = () => formsClient(world, 'administrator');

const EVENT_FORM = `<label> Your name
    [text* your-name autocomplete:name] </label>

[select your-topic include_blank "Sales" "Support|support@example.com" "Other"]

[quiz your-quiz "What is 2+3?|5"]

[submit "Send"]`;

describe('create', () => {
  test('without context=save: a preview (id and slug null), the default template and every default message; nothing stored', async () => {
    const r = await admin().post('/contact-forms', { title: 'Quick question' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: null, slug: null, title: 'Quick question', locale: 'en_US', config_errors: [] });
    expect(Object.keys(r.body)).toEqual(['id', 'slug', 'title', 'locale', 'properties', 'config_errors']);
    expect(r.body.properties.form.content).toContain('[text* your-name autocomplete:name]');
    expect(r.body.properties.form.fields.map((f: { name: string }) => f.name)).toEqual([
      'your-name',
      'your-email',
      'your-subject',
      'your-message',
      '',
    ]);
    expect(r.body.properties.mail).not.toHaveProperty('active');
    expect(r.body.properties.mail).toMatchObject({
      subject: '[_site_title] "[your-subject]"',
      recipient: '[_site_admin_email]',
      additional_headers: 'Reply-To: [your-email]',
      use_html: 0,
      exclude_blank: 0,
    });
    expect(r.body.properties.mail.sender).toBe('[_site_title] <wordpress@loom.test>');
    expect(r.body.properties.mail_2).toMatchObject({ active: false, recipient: '[your-email]', use_html: 0 });
    expect(r.body.properties.messages.mail_sent_ok).toBe('Thank you for your message. It has been sent.');
    expect(Object.keys(r.body.properties.messages)).toHaveLength(23);
    expect(r.body.properties.additional_settings).toEqual({ content: '', settings: [] });
    const list = await admin().get('/contact-forms');
    expect(list.body.find((f: { title: string }) => f.title === 'Quick question')).toBeUndefined();
  });

  test('with context=save: 200 (not 201), slug null in this answer, the messages as written, parsed fields with pipes', async () => {
    const r = await admin().post('/contact-forms', {
      title: 'Event registration',
      locale: 'en_US',
      form: EVENT_FORM,
      mail: {
        subject: '[_site_title] "[your-topic]" from [your-name]',
        sender: '[_site_title] <admin@example.com>',
        recipient: '[_site_admin_email]',
        body: 'From: [your-name]',
        additional_headers: '',
        attachments: '',
        use_html: false,
        exclude_blank: false,
      },
      messages: { mail_sent_ok: 'Thank you, [your-name].' },
      context: 'save',
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toEqual(expect.any(Number));
    expect(r.body.slug).toBeNull();
    expect(r.body.properties.messages).toEqual({ mail_sent_ok: 'Thank you, [your-name].' });
    expect(Object.keys(r.body.properties.mail)).toEqual([
      'active',
      'subject',
      'sender',
      'recipient',
      'body',
      'additional_headers',
      'attachments',
      'use_html',
      'exclude_blank',
    ]);
    expect(r.body.properties.mail.active).toBe(true);
    const select = r.body.properties.form.fields[1];
    expect(select).toEqual({
      type: 'select',
      basetype: 'select',
      name: 'your-topic',
      options: ['include_blank'],
      raw_values: ['Sales', 'Support|support@example.com', 'Other'],
      labels: ['Sales', 'Support', 'Other'],
      values: ['Sales', 'Support', 'Other'],
      pipes: [
        ['Sales', 'Sales'],
        ['Support', 'support@example.com'],
        ['Other', 'Other'],
      ],
      content: '',
    });
    const read = await admin().get(`/contact-forms/${r.body.id}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body)).toEqual(['id', 'slug', 'title', 'locale', 'properties']);
    expect(read.body.slug).toBe('event-registration');
    expect(read.body.properties.messages.mail_sent_ok).toBe('Thank you, [your-name].');
    expect(read.body.properties.messages.validation_error).toBe(
      'One or more fields have an error. Please check and try again.',
    );
  });

  test('an id is refused: 400 wpcf7_post_exists, nothing created', async () => {
    const before = (await admin().get('/contact-forms')).body.length;
    const r = await admin().post('/contact-forms', { id: 12, title: 'Existing', context: 'save' });
    expect(err(r)).toEqual({ status: 400, code: 'wpcf7_post_exists' });
    expect(r.body.message).toBe('Cannot create existing contact form.');
    expect((await admin().get('/contact-forms')).body.length).toBe(before);
  });

  test('same title twice: unique slugs', async () => {
    const a = await admin().post('/contact-forms', { title: 'Twin', context: 'save' });
    const b = await admin().post('/contact-forms', { title: 'Twin', context: 'save' });
    const slugs = await Promise.all(
      [a, b].map(async (x) => (await admin().get(`/contact-forms/${x.body.id}`)).body.slug),
    );
    expect(slugs).toEqual(['twin', 'twin-2']);
  });

  test('an invalid locale becomes the site locale; an empty title "Untitled"; HTML stripped from titles', async () => {
    const r = await admin().post('/contact-forms', { title: ' <b>  </b> ', locale: '../../etc', context: 'save' });
    expect(r.body).toMatchObject({ title: 'Untitled', locale: 'en_US' });
  });

  test('wrong types are 400 rest_invalid_param naming the parameter, nothing stored', async () => {
    const before = (await admin().get('/contact-forms')).body.length;
    for (const body of [
      { title: ['a'] },
      { mail: 'text' },
      { mail: { use_html: 'maybe' } },
      { messages: { mail_sent_ok: 5 } },
      { additional_settings: { a: 1 } },
    ]) {
      const r = await admin().post('/contact-forms', { ...body, context: 'save' });
      expect(err(r)).toEqual({ status: 400, code: 'rest_invalid_param' });
      expect(Object.keys(r.body.data.params)).toEqual([Object.keys(body)[0]]);
    }
    expect((await admin().get('/contact-forms')).body.length).toBe(before);
  });

  test('config_errors: an unsafe mail_2 recipient is reported by section', async () => {
    const r = await admin().post('/contact-forms', {
      title: 'Unsafe',
      form: '[email* your-email]',
      mail_2: {
        active: true,
        subject: 'Hi',
        sender: '[_site_title] <wordpress@loom.test>',
        recipient: '[your-email]',
        body: 'x',
        additional_headers: '',
        attachments: '',
      },
      context: 'save',
    });
    expect(r.status).toBe(200);
    expect(r.body.config_errors).toHaveProperty(['mail_2.recipient']);
    expect(r.body.config_errors['mail_2.recipient'][0].message).toBe(
      'Unsafe email config is used without sufficient protection.',
    );
  });
});

describe('list', () => {
  test('a bare array of {id, hash (7 hex), slug, title, locale}, all by default (no X-WP-Total), id ascending', async () => {
    const r = await admin().get('/contact-forms');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.headers['x-wp-total']).toBeUndefined();
    for (const f of r.body) {
      expect(Object.keys(f)).toEqual(['id', 'hash', 'slug', 'title', 'locale']);
      expect(f.hash).toMatch(/^[0-9a-f]{7}$/);
    }
    const ids = r.body.map((f: { id: number }) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.length).toBeGreaterThan(3);
  });

  test('per_page, offset, order, orderby and search', async () => {
    const all = (await admin().get('/contact-forms')).body as Array<{ id: number; title: string }>;
    expect((await admin().get('/contact-forms?per_page=2')).body.map((f: { id: number }) => f.id)).toEqual(
      all.slice(0, 2).map((f) => f.id),
    );
    expect((await admin().get('/contact-forms?per_page=2&offset=1')).body.map((f: { id: number }) => f.id)).toEqual(
      all.slice(1, 3).map((f) => f.id),
    );
    expect((await admin().get('/contact-forms?order=DESC')).body.map((f: { id: number }) => f.id)).toEqual(
      all.map((f) => f.id).reverse(),
    );
    const byTitle = (await admin().get('/contact-forms?orderby=title')).body.map((f: { title: string }) => f.title);
    expect(byTitle).toEqual([...byTitle].sort());
    const found = (await admin().get('/contact-forms?search=twin')).body;
    expect(found.map((f: { title: string }) => f.title)).toEqual(['Twin', 'Twin']);
    // Past any safe integer (found by the fuzz suite: a 500 from the store's skip check).
    expect(await admin().get('/contact-forms?offset=9007199254740993')).toMatchObject({ status: 200, body: [] });
    for (const bad of ['per_page=-2', 'offset=-1', 'order=sideways', 'orderby=password']) {
      expect(err(await admin().get(`/contact-forms?${bad}`))).toEqual({ status: 400, code: 'rest_invalid_param' });
    }
  });
});

describe('permissions as Contact Form 7 maps them', () => {
  const matrix: Array<[FormsCaller, { list: number; create: number; read: number; update: number; delete: number }]> = [
    ['anonymous', { list: 403, create: 403, read: 403, update: 403, delete: 403 }],
    ['subscriber', { list: 403, create: 403, read: 403, update: 403, delete: 403 }],
    ['contributor', { list: 200, create: 403, read: 403, update: 403, delete: 403 }],
    ['author', { list: 200, create: 403, read: 403, update: 403, delete: 403 }],
    ['editor', { list: 200, create: 200, read: 200, update: 200, delete: 200 }],
    ['administrator', { list: 200, create: 200, read: 200, update: 200, delete: 200 }],
  ];
  test.each(matrix)('%s', async (caller, expected) => {
    const target = (await admin().post('/contact-forms', { title: `Target for ${caller}`, context: 'save' })).body
      .id as number;
    const c = formsClient(world, caller);
    const list = await c.get('/contact-forms');
    const create = await c.post('/contact-forms', { title: `By ${caller}`, context: 'save' });
    const read = await c.get(`/contact-forms/${target}`);
    const update = await c.post(`/contact-forms/${target}`, { title: `Edited by ${caller}`, context: 'save' });
    const del = await c.delete(`/contact-forms/${target}`);
    expect({
      list: list.status,
      create: create.status,
      read: read.status,
      update: update.status,
      delete: del.status,
    }).toEqual(expected);
    for (const r of [list, create, read, update, del])
      if (r.status === 403) expect(r.body.code).toBe('wpcf7_forbidden');
    if (expected.list === 403) expect(list.body.message).toBe('You are not allowed to access contact forms.');
    if (expected.create === 403) expect(create.body.message).toBe('You are not allowed to create a contact form.');
    if (expected.read === 403)
      expect(read.body.message).toBe('You are not allowed to access the requested contact form.');
    // A refused write changed nothing.
    if (expected.update === 403)
      expect((await admin().get(`/contact-forms/${target}`)).body.title).toBe(`Target for ${caller}`);
  });
});

describe('update and delete', () => {
  test('update writes what it carries (POST, PUT, PATCH), keeps the slug, answers config_errors; without save nothing changes', async () => {
    const id = (await admin().post('/contact-forms', { title: 'Quick question', context: 'save' })).body.id as number;
    const r = await admin().put(`/contact-forms/${id}`, {
      title: 'Quick question (edited)',
      messages: { mail_sent_ok: 'Thanks, we will answer soon.' },
      additional_settings: 'demo_mode: on',
      context: 'save',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, slug: 'quick-question', title: 'Quick question (edited)' });
    expect(r.body.properties.messages.mail_sent_ok).toBe('Thanks, we will answer soon.');
    expect(r.body.properties.messages.spam).toBe(
      'There was an error trying to send your message. Please try again later.',
    );
    expect(r.body.properties.additional_settings).toEqual({
      content: 'demo_mode: on',
      settings: [['demo_mode', true]],
    });
    expect(r.body).toHaveProperty('config_errors');
    // A line that is no setting before one: still a list (5.9.8 answers an object then: docs/differences.md).
    const gap = await admin().put(`/contact-forms/${id}`, {
      additional_settings: 'A note\ndemo_mode: on',
      context: 'save',
    });
    expect(gap.body.properties.additional_settings.settings).toEqual([['demo_mode', true]]);
    await admin().put(`/contact-forms/${id}`, { additional_settings: 'demo_mode: on', context: 'save' });
    const preview = await admin().patch(`/contact-forms/${id}`, { title: 'Not saved' });
    expect(preview.body.title).toBe('Not saved');
    expect((await admin().get(`/contact-forms/${id}`)).body.title).toBe('Quick question (edited)');
    const mail2 = await admin().post(`/contact-forms/${id}`, {
      mail_2: { active: true, exclude_blank: true },
      context: 'save',
    });
    expect(mail2.body.properties.mail_2).toMatchObject({
      active: true,
      exclude_blank: true,
      use_html: false,
      recipient: '[your-email]',
    });
  });

  test('unknown ids: 404 wpcf7_not_found for editors; delete is for good ({deleted:true}, then 404)', async () => {
    expect(err(await admin().get('/contact-forms/999999'))).toEqual({ status: 404, code: 'wpcf7_not_found' });
    expect((await admin().get('/contact-forms/999999')).body.message).toBe('The requested contact form was not found.');
    expect(err(await admin().post('/contact-forms/999999', { title: 'x', context: 'save' }))).toEqual({
      status: 404,
      code: 'wpcf7_not_found',
    });
    const id = (await admin().post('/contact-forms', { title: 'Doomed', context: 'save' })).body.id as number;
    const del = await admin().delete(`/contact-forms/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    expect(err(await admin().delete(`/contact-forms/${id}`))).toEqual({ status: 404, code: 'wpcf7_not_found' });
    expect(err(await admin().get(`/contact-forms/${id}/refill`))).toEqual({ status: 404, code: 'wpcf7_not_found' });
  });
});

describe('the route index', () => {
  test("lists the spec 4.3 routes with their arguments, plus feedback/schema and Loom's submissions routes", async () => {
    const r = await request(world.gw.app).get('/rest/formsA/v1');
    expect(r.status).toBe(200);
    const routes = r.body.routes as Record<
      string,
      { methods: string[]; endpoints: Array<{ methods: string[]; args: Record<string, unknown> }> }
    >;
    expect(Object.keys(routes)).toEqual([
      '/formsA/v1',
      '/formsA/v1/contact-forms',
      '/formsA/v1/contact-forms/(?P<id>[\\d]+)',
      '/formsA/v1/contact-forms/(?P<id>[\\d]+)/feedback',
      '/formsA/v1/contact-forms/(?P<id>[\\d]+)/feedback/schema',
      '/formsA/v1/contact-forms/(?P<id>[\\d]+)/refill',
      '/formsA/v1/submissions',
      '/formsA/v1/submissions/(?P<id>[\\d]+)',
    ]);
    expect(routes['/formsA/v1/contact-forms'].methods).toEqual(['GET', 'POST']);
    expect(routes['/formsA/v1/contact-forms/(?P<id>[\\d]+)'].methods).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    expect(routes['/formsA/v1/contact-forms/(?P<id>[\\d]+)/feedback'].methods).toEqual(['POST']);
    expect(routes['/formsA/v1/contact-forms/(?P<id>[\\d]+)/refill'].methods).toEqual(['GET']);
    expect(Object.keys(routes['/formsA/v1/contact-forms'].endpoints[0].args)).toEqual([
      'per_page',
      'offset',
      'order',
      'orderby',
      'search',
    ]);
    expect(Object.keys(routes['/formsA/v1/contact-forms'].endpoints[1].args)).toEqual([
      'title',
      'locale',
      'form',
      'mail',
      'mail_2',
      'messages',
      'additional_settings',
      'context',
    ]);
    const root = await request(world.gw.app).get('/rest/');
    expect(root.body.namespaces).toEqual(expect.arrayContaining(['formsA/v1', 'formsB/v1']));
    expect(root.body.routes).toHaveProperty(['/formsA/v1/contact-forms/(?P<id>[\\d]+)/refill']);
  });
});
