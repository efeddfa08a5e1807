/**
 * Every query core-content's GET routes make is served by an index, on both adapters (issue 25). The suite drives
 * every GET route core/v2 declares (its route index, so a new argument is driven as soon as it is declared):
 * bare, then once per value of each argument (every enum value, every orderby with what it orders by, both
 * booleans, the term query's object form with each operator), as an administrator, an author and anonymously,
 * over a little of every kind of content; the store records each query's shape (@loom/store's recordingStore:
 * field paths and operators, values left out, and the sort) and the indexes the service declares.
 *
 * The rule, offline (always, on the embedded store): each shape needs
 * - on MongoDB (mongoIndexFor): a declared index whose FIRST field the filter's conjunction (nested $and opened)
 *   bounds, with an equality or `$in` (preferred, equality-sort-range) or else a range ($gt/$gte/$lt/$lte); or,
 *   for a top-level `$or`, such an index for every branch; or, for an empty filter with a sort, an index led by
 *   the sort's first key. Other conditions ($ne, $nin, $exists, $regex, $contains, $nor: a text search on top of
 *   type and status) only filter the index scan, which is fine. Such a shape is what MongoDB's planner answers
 *   with an IXSCAN rather than a COLLSCAN; whether the index also gives the order (no in-memory SORT) is not
 *   checked.
 * - on the embedded adapter (embeddedIndexFor): a single-field index on a field the conjunction sets equal to a
 *   value or a `$in` list, which is all it looks candidates up by (compound indexes serve only uniqueness there).
 * An unsorted query with an empty filter (a count of every user) reads the whole collection whatever the indexes:
 * such shapes are listed, not failed.
 *
 * With MONGO_URL set, the same routes are driven on a MongoDB database (dropped afterwards) with the indexes the
 * service declares there, and every recorded shape's first query goes through explain(): its winning plan must
 * have an IXSCAN and no COLLSCAN (the whole-collection shapes above left out). The events and forms services have
 * the same suite (@loom/testing's describeQueryShapes).
 */
import type { Express } from 'express';
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import { coreApp, describeQueryShapes, fillParams, image } from '@loom/testing';
import { seedRoleUsers } from './helpers';

const admin = asRole('administrator');
const callers = { administrator: admin, author: asRole('author'), anonymous: {} };

/** A little of every kind of content, made through the API; the ids and names the routes are then called with. */
async function seed(app: Express) {
  const post = async (path: string, body: object, who = admin) => {
    const r = await request(app).post(`/rest/core/v2/${path}`).set(who).send(body);
    if (r.status >= 300) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown> & { id: number };
  };
  const cat = (await post('categories', { name: 'Fabrics' })).id;
  const child = (await post('categories', { name: 'Linens', parent: cat })).id;
  const tag = (await post('tags', { name: 'one' })).id;
  const menu = (await post('menus', { name: 'Main' })).id;
  const patternCategory = (await post('pattern_category', { name: 'Forms' })).id;
  const postId = (
    await post('posts', {
      title: 'Alpha cotton',
      content: 'A linen weave',
      status: 'publish',
      categories: [cat, child],
      tags: [tag],
      sticky: true,
    })
  ).id;
  await post(`posts/${postId}`, { title: 'Alpha cotton, again' }); // a revision
  await post(`posts/${postId}/autosaves`, { title: 'Alpha draft' });
  await post('posts', { title: 'Beta', status: 'private' }, asRole('author'));
  await post('posts', { title: 'Gamma', status: 'draft', password: 'p' });
  const page = (await post('pages', { title: 'About', status: 'publish' })).id;
  const childPage = (await post('pages', { title: 'Team', status: 'publish', parent: page, menu_order: 2 })).id;
  const upload = await request(app)
    .post('/rest/core/v2/media')
    .set(admin)
    .set('Content-Type', 'image/jpeg')
    .set('Content-Disposition', 'attachment; filename="photo.jpg"')
    .send(await image(40, 30));
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const media = upload.body.id as number;
  await post(`media/${media}`, { post: postId });
  const menuItem = (await post('menu-items', { title: 'Home', url: 'https://example.com/', menus: menu })).id;
  const block = (
    await post('blocks', {
      title: 'Footer',
      content: '<p>f</p>',
      status: 'publish',
      pattern_category: [patternCategory],
    })
  ).id;
  await post(`blocks/${block}`, { content: '<p>g</p>' });
  const navigation = (await post('navigation', { title: 'Nav', content: '', status: 'publish' })).id;
  const template = (await post('templates', { slug: 'custom-shapes', title: 'Custom', content: 'x' })).id as unknown;
  const part = (await post('template-parts', { slug: 'header-shapes', area: 'header', content: 'x' })).id as unknown;
  await post(`templates/${String(template)}`, { content: 'y' });
  // Comments: a thread on the post (an approved comment, a reply, a held one) and one on the page.
  const comment = (await post('comments', { post: postId, content: 'A linen comment' })).id;
  await post('comments', { post: postId, content: 'A reply', parent: comment });
  await post('comments', { post: postId, content: 'Held', status: 'hold' });
  await post(`pages/${page}`, { comment_status: 'open' });
  await post('comments', { post: page, content: 'On the page' });
  const revisionOf = async (base: string) =>
    String(
      ((await request(app).get(`/rest/core/v2/${base}/revisions`).set(admin)).body as { id: number }[])[0]?.id ?? 1,
    );
  const ids: Record<string, number | string> = {
    posts: postId,
    pages: childPage,
    media,
    'menu-items': menuItem,
    blocks: block,
    navigation,
    templates: String(template),
    'template-parts': String(part),
    comments: comment,
  };
  const revisions: Record<string, string> = {
    posts: await revisionOf(`posts/${postId}`),
    blocks: await revisionOf(`blocks/${block}`),
    templates: await revisionOf(`templates/${String(template)}`),
  };
  const path = (route: string): string | null => {
    const base = route.split('/')[3] ?? '';
    const inner = /\/(revisions|autosaves)\//.test(route);
    return fillParams(route, (name) => {
      if (name === 'id' && inner) return revisions[base] ?? '1';
      if (name === 'id' || name === 'parent') return String(ids[base] ?? 1);
      if (name === 'user_id') return 'me';
      if (name === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (name === 'type') return 'post';
      if (name === 'status') return 'publish';
      if (name === 'taxonomy') return 'category';
      if (name === 'location') return 'primary';
      return '1';
    });
  };
  const values: Record<string, string> = {
    author: '1,3',
    author_exclude: '3',
    include: `${postId},${page}`,
    exclude: String(childPage),
    parent: String(page),
    parent_exclude: String(page),
    categories: String(cat),
    categories_exclude: String(child),
    tags: String(tag),
    tags_exclude: String(tag),
    menus: String(menu),
    menus_exclude: String(menu),
    pattern_category: String(patternCategory),
    pattern_category_exclude: String(patternCategory),
    post: String(postId),
    slug: 'alpha-cotton,about',
    search: 'alpha',
    ref_id: String(postId),
    area: 'header',
    post_type: 'page',
    roles: 'author',
    capabilities: 'edit_posts',
    menu_order: '2',
    template_prefix: 'single',
    mime_type: 'image/jpeg',
    author_email: 'administrator@loom.test',
  };
  return { callers, path, value: (arg: string) => values[arg] };
}

describeQueryShapes('core-content', {
  start: async (store) => {
    const core = await coreApp({ ...store, beforeBuild: seedRoleUsers });
    return { app: core.app, close: core.close };
  },
  seed,
  minRoutes: 60,
});
