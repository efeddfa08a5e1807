/**
 * core/v2 terms through the gateway where a WordPress client would see a difference (issue 11): the include order
 * reversed by order=desc, names and descriptions filtered on save for every user (wp_filter_kses), term_exists
 * with `additional_data`, and a permanent delete's `previous` without links (terms, application passwords).
 */
import { as, err, startWorld, type World } from '@loom/testing';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const editor = () => as(world, 'editor');
const admin = () => as(world, 'administrator');

test('orderby=include follows the include list; order=desc reverses it (terms only, as WP_Term_Query)', async () => {
  const ids: number[] = [];
  for (const name of ['Include A', 'Include B', 'Include C'])
    ids.push((await editor().post('/core/v2/tags', { name })).body.id);
  const list = `${ids[1]},${ids[2]},${ids[0]}`;
  const asc = await as(world, 'anonymous').get(`/core/v2/tags?include=${list}&orderby=include`);
  expect(asc.body.map((t: { id: number }) => t.id)).toEqual([ids[1], ids[2], ids[0]]);
  const desc = await as(world, 'anonymous').get(`/core/v2/tags?include=${list}&orderby=include&order=desc`);
  expect(desc.body.map((t: { id: number }) => t.id)).toEqual([ids[0], ids[2], ids[1]]);
  const slugs = await as(world, 'anonymous').get(
    '/core/v2/tags?slug=include-c,include-a&orderby=include_slugs&order=desc',
  );
  expect(slugs.body.map((t: { slug: string }) => t.slug)).toEqual(['include-a', 'include-c']);
});

test('names and descriptions are filtered on save for every user, administrators too', async () => {
  const r = await admin().post('/core/v2/categories', {
    name: 'Knits & Purls',
    description: 'Wool & cotton <em>only</em> <iframe src="x"></iframe><b>bold</b>',
  });
  expect(r.status).toBe(201);
  expect(r.body.name).toBe('Knits &amp; Purls');
  expect(r.body.description).toBe('Wool &amp; cotton <em>only</em> <b>bold</b>');
  const updated = await admin().post(`/core/v2/categories/${r.body.id}`, { description: 'a & b' });
  expect(updated.body.description).toBe('a &amp; b');
  // The stored name is what later duplicates are compared with.
  expect(err(await editor().post('/core/v2/categories', { name: 'Knits & Purls' }))).toEqual({
    status: 400,
    code: 'term_exists',
  });
});

test('term_exists carries the existing id in data and in additional_data', async () => {
  const first = await editor().post('/core/v2/tags', { name: 'Felted' });
  const again = await editor().post('/core/v2/tags', { name: 'felted' });
  expect(again.body).toEqual({
    code: 'term_exists',
    message: 'A term with the name provided already exists in this taxonomy.',
    data: { status: 400, term_id: first.body.id },
    additional_data: [first.body.id],
  });
});

test("a permanent delete's previous is the data alone, without _links (terms, application passwords)", async () => {
  const tag = await editor().post('/core/v2/tags', { name: 'Short-lived' });
  const gone = await editor().delete(`/core/v2/tags/${tag.body.id}?force=true`);
  expect(gone.status).toBe(200);
  expect(gone.body.deleted).toBe(true);
  expect(gone.body.previous).toMatchObject({ id: tag.body.id, name: 'Short-lived' });
  expect(gone.body.previous).not.toHaveProperty('_links');

  const made = await editor().post('/core/v2/users/me/application-passwords', { name: 'Throwaway' });
  expect(made.status).toBe(201);
  const revoked = await editor().delete(`/core/v2/users/me/application-passwords/${made.body.uuid}`);
  expect(revoked.status).toBe(200);
  expect(revoked.body.previous).toMatchObject({ uuid: made.body.uuid, name: 'Throwaway' });
  expect(revoked.body.previous).not.toHaveProperty('_links');
});
