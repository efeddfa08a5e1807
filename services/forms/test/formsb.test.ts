/**
 * formsB/v1 (WPForms Lite 1.8.5.3's `wpforms/v1`, samples 215–219): `GET /forms` for `edit_posts` only, refused
 * `401 rest_forbidden` "This route is private." to everyone else (signed-in subscribers too); WPForms's object
 * with `forms` as raw WP_Post objects, published only, id descending. Loom's own import route makes them.
 */
import { err, formsClient, startFormsWorld, type FormsWorld } from '@loom/testing';

let world: FormsWorld;
beforeAll(async () => {
  world = await startFormsWorld();
}, 60000);
afterAll(async () => world?.close());

const b = (caller: Parameters<typeof formsClient>[1]) => formsClient(world, caller, '/rest/formsB/v1');

const SIMPLE_CONTACT = {
  field_id: 3,
  settings: {
    form_title: 'Simple Contact Form',
    form_desc: '',
    submit_text: 'Submit',
    antispam: '1',
    notification_enable: '1',
    notifications: { 1: { email: '{admin_email}', replyto: '{field_id="1"}', message: '{all_fields}' } },
  },
  fields: [
    { id: '0', type: 'name', format: 'first-last', label: 'Name', required: '1', size: 'medium' },
    { id: '1', type: 'email', label: 'Email', required: '1', size: 'medium' },
    { id: '2', type: 'textarea', label: 'Comment or Message', size: 'medium', placeholder: '', css: '' },
  ],
  meta: { template: 'simple-contact-form-template' },
};

test('anonymous and subscribers: 401 rest_forbidden "This route is private."', async () => {
  for (const caller of ['anonymous', 'subscriber'] as const) {
    const r = await b(caller).get('/forms');
    expect(err(r)).toEqual({ status: 401, code: 'rest_forbidden' });
    expect(r.body).toEqual({ code: 'rest_forbidden', message: 'This route is private.', data: { status: 401 } });
  }
});

test('no forms: the block data with forms []', async () => {
  const r = await b('contributor').get('/forms');
  expect(r.status).toBe(200);
  expect(Object.keys(r.body)).toEqual([
    'logo_url',
    'block_preview_url',
    'block_empty_url',
    'wpnonce',
    'urls',
    'forms',
    'strings',
    'isPro',
    'defaults',
    'is_modern_markup',
    'is_full_styling',
    'wpforms_guide',
    'get_started_url',
    'sizes',
  ]);
  expect(r.body.forms).toEqual([]);
  expect(r.body.isPro).toBe(false);
  expect(r.body.strings.title).toBe('WPForms');
  expect(r.body.urls.form_url).toBe(
    'http://loom.test/wp-admin/admin.php?page=wpforms-builder&view=fields&form_id={ID}',
  );
  expect(r.body.wpnonce).toMatch(/^[0-9a-f]{10}$/);
});

test('import (administrators only), then the list: raw posts, published only, id descending', async () => {
  expect(err(await b('editor').post('/forms/import', { form: SIMPLE_CONTACT }))).toEqual({
    status: 403,
    code: 'rest_forbidden',
  });
  expect(err(await b('anonymous').post('/forms/import', { form: SIMPLE_CONTACT }))).toEqual({
    status: 401,
    code: 'rest_forbidden',
  });
  expect(err(await b('administrator').post('/forms/import', { form: 'not an object' }))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
  expect(err(await b('administrator').post('/forms/import', { form: { fields: [] } }))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
  const first = await b('administrator').post('/forms/import', { form: SIMPLE_CONTACT });
  expect(first.status).toBe(201);
  const draft = await b('administrator').post('/forms/import', {
    form: SIMPLE_CONTACT,
    title: 'Draft form',
    status: 'draft',
  });
  const second = await b('administrator').post('/forms/import', {
    form: { ...SIMPLE_CONTACT, settings: { ...SIMPLE_CONTACT.settings, form_title: 'Newsletter' } },
  });
  const r = await b('editor').get('/forms');
  expect(r.status).toBe(200);
  expect(r.body.forms.map((f: { ID: number }) => f.ID)).toEqual([second.body.ID, first.body.ID]);
  expect(r.body.forms.map((f: { ID: number }) => f.ID)).not.toContain(draft.body.ID);
  const post = r.body.forms[1];
  expect(Object.keys(post)).toEqual([
    'ID',
    'post_author',
    'post_date',
    'post_date_gmt',
    'post_content',
    'post_title',
    'post_excerpt',
    'post_status',
    'comment_status',
    'ping_status',
    'post_password',
    'post_name',
    'to_ping',
    'pinged',
    'post_modified',
    'post_modified_gmt',
    'post_content_filtered',
    'post_parent',
    'guid',
    'menu_order',
    'post_type',
    'post_mime_type',
    'comment_count',
    'filter',
  ]);
  expect(post).toMatchObject({
    post_author: '1',
    post_title: 'Simple Contact Form',
    post_status: 'publish',
    post_name: 'simple-contact-form',
    post_type: 'wpforms',
    comment_count: '0',
    filter: 'raw',
    post_parent: 0,
    menu_order: 0,
    guid: `http://loom.test/?post_type=wpforms&p=${first.body.ID}`,
  });
  expect(post.post_date_gmt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  const def = JSON.parse(post.post_content);
  expect(def).toMatchObject({
    field_id: 3,
    meta: { template: 'simple-contact-form-template' },
    id: String(first.body.ID),
  });
  expect(def.fields).toHaveLength(3);
  // Administrators see the same list.
  expect((await b('administrator').get('/forms')).body.forms).toHaveLength(2);
});
