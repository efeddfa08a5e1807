/**
 * Revisions and autosaves of a customised template part through the gateway (WordPress 6.4's template revisions
 * and autosaves controllers; 6.1's routes were unreachable, samples 150-152): only stored templates have history,
 * items in the template's shape with `id` the parent's `theme//slug` and their own id in `wp_id`, pages, errors,
 * deletion, and the history going with a revert.
 */
import { as, err, startWorld, type Client, type World } from '@loom/testing';

const REST = 'http://loom.test/rest/core/v2';
const PARAGRAPH = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const BASE = '/core/v2/template-parts/atelier//footer';

let w: World;
let admin: Client;
let rowId: number;

type Body = Record<string, unknown>;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
});
afterAll(() => w.close());

test('a part that is only a theme file has no history: rest_post_invalid_parent', async () => {
  for (const path of [`${BASE}/revisions`, `${BASE}/autosaves`]) {
    expect((await admin.get(path)).body).toEqual({
      code: 'rest_post_invalid_parent',
      message: 'Invalid template parent ID.',
      data: { status: 404 },
    });
  }
  expect(err(await admin.post(`${BASE}/autosaves`, { content: 'x' }))).toEqual({
    status: 404,
    code: 'rest_post_invalid_parent',
  });
  expect(err(await admin.get('/core/v2/template-parts/atelier//no-part/revisions'))).toEqual({
    status: 404,
    code: 'rest_post_invalid_parent',
  });
});

test('customising stores no revision; each change after it does, counted in version-history', async () => {
  const copy = await admin.post(BASE, { content: PARAGRAPH('v1') });
  rowId = copy.body.wp_id as number;
  expect((copy.body._links as Body)['version-history']).toEqual([
    { href: `${REST}/template-parts/atelier//footer/revisions`, count: 0 },
  ]);
  await admin.post(BASE, { content: PARAGRAPH('v2') });
  // Nothing changed in what revisions keep: no new revision.
  await admin.post(BASE, { area: 'footer' });
  const third = await admin.post(BASE, { title: 'Mill footer', content: PARAGRAPH('v3') });
  const links = third.body._links as Body;
  expect((links['version-history'] as Body[])[0]!.count).toBe(2);
  const latest = (links['predecessor-version'] as Array<{ id: number; href: string }>)[0]!;
  expect(latest.href).toBe(`${REST}/template-parts/atelier//footer/revisions/${latest.id}`);
});

test("revisions: newest first, in the template's shape with parent; id is the parent's, wp_id the revision's", async () => {
  const r = await admin.get(`${BASE}/revisions?context=edit`);
  expect(r.status).toBe(200);
  expect([r.headers['x-wp-total'], r.headers['x-wp-totalpages']]).toEqual(['2', '1']);
  const [newest, older] = r.body as Body[];
  expect(newest).toEqual({
    id: 'atelier//footer',
    theme: 'atelier',
    content: { raw: PARAGRAPH('v3'), block_version: 1 },
    slug: `${rowId}-revision-v1`,
    source: 'custom',
    origin: 'theme',
    type: 'revision',
    description: '',
    title: { raw: 'Mill footer', rendered: 'Mill footer' },
    status: 'inherit',
    wp_id: expect.any(Number),
    has_theme_file: false,
    author: w.users.administrator.id,
    modified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    parent: rowId,
    _links: {
      self: [{ href: `${REST}/template-parts/atelier//footer/revisions/${newest!.wp_id}` }],
      parent: [{ href: `${REST}/template-parts/atelier//footer` }],
    },
  });
  expect(older).toMatchObject({ content: { raw: PARAGRAPH('v2') }, title: { raw: 'Footer' }, parent: rowId });
  expect((newest!.wp_id as number) > (older!.wp_id as number)).toBe(true);
  // The single-slash id and view context (no block_version).
  const one = await admin.get(`/core/v2/template-parts/atelier/footer/revisions/${older!.wp_id}`);
  expect(one.body).toMatchObject({ wp_id: older!.wp_id, content: { raw: PARAGRAPH('v2') } });
  expect(one.body.content).not.toHaveProperty('block_version');
});

test('revision pages and errors', async () => {
  const page = await admin.get(`${BASE}/revisions?per_page=1&page=2`);
  expect([page.headers['x-wp-total'], page.headers['x-wp-totalpages'], (page.body as Body[]).length]).toEqual([
    '2',
    '2',
    1,
  ]);
  expect(page.headers.link).toContain(
    `<${REST}/template-parts/atelier//footer/revisions?per_page=1&page=1>; rel="prev"`,
  );
  expect(err(await admin.get(`${BASE}/revisions?per_page=1&page=3`))).toEqual({
    status: 400,
    code: 'rest_revision_invalid_page_number',
  });
  expect(err(await admin.get(`${BASE}/revisions?orderby=relevance`))).toEqual({
    status: 400,
    code: 'rest_no_search_term_defined',
  });
  expect((await admin.get(`${BASE}/revisions/999999`)).body).toEqual({
    code: 'rest_post_invalid_id',
    message: 'Invalid revision ID.',
    data: { status: 404 },
  });
  // A revision of another template.
  await admin.post('/core/v2/template-parts/atelier//sidebar', { content: PARAGRAPH('s1') });
  await admin.post('/core/v2/template-parts/atelier//sidebar', { content: PARAGRAPH('s2') });
  const [other] = (await admin.get('/core/v2/template-parts/atelier//sidebar/revisions')).body as Body[];
  expect(err(await admin.get(`${BASE}/revisions/${other!.wp_id}`))).toEqual({
    status: 404,
    code: 'rest_revision_parent_id_mismatch',
  });
});

test('autosaves: one per user, replaced; answered in edit context; read back by id', async () => {
  const saved = await admin.post(`${BASE}/autosaves`, { content: PARAGRAPH('draft 1') });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    id: 'atelier//footer',
    slug: `${rowId}-autosave-v1`,
    type: 'revision',
    status: 'inherit',
    parent: rowId,
    title: { raw: 'Mill footer' },
    content: { raw: PARAGRAPH('draft 1'), block_version: 1 },
  });
  expect(saved.body._links).toEqual({
    self: [{ href: `${REST}/template-parts/atelier//footer/autosaves/${saved.body.wp_id}` }],
    parent: [{ href: `${REST}/template-parts/atelier//footer` }],
  });
  const replaced = await admin.post(`${BASE}/autosaves`, { content: PARAGRAPH('draft 2'), title: 'Autosaved title' });
  expect(replaced.body.wp_id).toBe(saved.body.wp_id);
  const list = await admin.get(`${BASE}/autosaves`);
  expect((list.body as Body[]).map((a) => [a.wp_id, (a.content as Body).raw, (a.title as Body).raw])).toEqual([
    [saved.body.wp_id, PARAGRAPH('draft 2'), 'Autosaved title'],
  ]);
  expect((await admin.get(`${BASE}/autosaves/${saved.body.wp_id}`)).body).toMatchObject({
    wp_id: saved.body.wp_id,
    parent: rowId,
  });
  expect((await admin.get(`${BASE}/autosaves/999999`)).body).toEqual({
    code: 'rest_post_no_autosave',
    message: 'There is no autosave revision for this template.',
    data: { status: 404 },
  });
  // An autosave neither changes the part nor counts as a revision.
  expect((await admin.get(BASE)).body).toMatchObject({
    content: { raw: PARAGRAPH('v3') },
    title: { raw: 'Mill footer' },
  });
  expect((await admin.get(`${BASE}/revisions`)).headers['x-wp-total']).toBe('2');
});

test('deleting a revision needs force; then it is gone', async () => {
  const [newest] = (await admin.get(`${BASE}/revisions`)).body as Body[];
  expect((await admin.delete(`${BASE}/revisions/${newest!.wp_id}`)).body).toEqual({
    code: 'rest_trash_not_supported',
    message: "Revisions do not support trashing. Set 'force=true' to delete.",
    data: { status: 501 },
  });
  const r = await admin.delete(`${BASE}/revisions/${newest!.wp_id}?force=true`);
  expect(r.body).toEqual({
    deleted: true,
    previous: expect.objectContaining({ id: 'atelier//footer', wp_id: newest!.wp_id, parent: rowId }),
  });
  expect((await admin.get(`${BASE}/revisions`)).headers['x-wp-total']).toBe('1');
  expect(err(await admin.get(`${BASE}/revisions/${newest!.wp_id}`))).toEqual({
    status: 404,
    code: 'rest_post_invalid_id',
  });
});

test('only administrators see or write history', async () => {
  for (const role of ['editor', 'anonymous'] as const) {
    const status = role === 'anonymous' ? 401 : 403;
    expect(err(await as(w, role).get(`${BASE}/revisions`))).toEqual({ status, code: 'rest_cannot_read' });
    expect(err(await as(w, role).get(`${BASE}/autosaves`))).toEqual({ status, code: 'rest_cannot_read' });
    expect(err(await as(w, role).post(`${BASE}/autosaves`, { content: 'x' }))).toEqual({
      status,
      code: 'rest_cannot_manage_templates',
    });
  }
});

test('reverting to the theme file deletes the copy with its revisions and autosaves', async () => {
  const [kept] = (await admin.get(`${BASE}/revisions`)).body as Body[];
  const reverted = await admin.post(`${BASE}?source=theme`, {});
  expect(reverted.body).toMatchObject({ source: 'theme', wp_id: 0, area: 'footer' });
  expect(err(await admin.get(`${BASE}/revisions`))).toEqual({ status: 404, code: 'rest_post_invalid_parent' });
  // The revision documents went with their template (seen through another template's route).
  expect(err(await admin.get(`/core/v2/template-parts/atelier//sidebar/revisions/${kept!.wp_id}`))).toEqual({
    status: 404,
    code: 'rest_post_invalid_id',
  });
});

test('templates have the same history routes', async () => {
  await admin.post('/core/v2/templates/atelier//page', { content: PARAGRAPH('p1') });
  await admin.post('/core/v2/templates/atelier//page', { content: PARAGRAPH('p2') });
  const [rev] = (await admin.get('/core/v2/templates/atelier//page/revisions')).body as Body[];
  expect(rev).toMatchObject({ id: 'atelier//page', type: 'revision', content: { raw: PARAGRAPH('p2') } });
  // A revision's template is of type `revision`: no is_custom, as WordPress builds it.
  expect(rev).not.toHaveProperty('is_custom');
  const auto = await admin.post('/core/v2/templates/atelier//page/autosaves', { content: PARAGRAPH('p3') });
  expect(auto.body).toMatchObject({ id: 'atelier//page', parent: rev!.parent });
});
