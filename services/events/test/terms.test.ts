/**
 * events/v1 event categories and event tags through the gateway, against the real events app (reference A.0,
 * A.1 "Terms archives", A.2.3, A.4; spec 2.15, 4.5). Behaviour as The Events Calendar's Term_Archive_Base /
 * Term_Single_Base over WordPress's terms controller.
 */
import request from 'supertest';
import { testConfig, type RestRequest } from '@loom/service-kit';
import { err, eventsClient, startEventsWorld, type EventsCaller, type EventsWorld } from '@loom/testing';
import { eventTermObjects, resolveEventTerms } from '../src/event-terms';
import { insertEvent } from './fixtures';

const REST = 'http://loom.test/rest/events/v1';
const HOME = 'http://loom.test';

/** WordPress's answer when the plugin's validate callbacks return false. */
const invalid = (...names: string[]) => ({
  code: 'rest_invalid_param',
  message: `Invalid parameter(s): ${names.join(', ')}`,
  data: { status: 400, params: Object.fromEntries(names.map((n) => [n, 'Invalid parameter.'])), details: [] },
});

const TERM_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls'];
const TAG_KEYS = TERM_KEYS.filter((k) => k !== 'parent');
/** Single answers (read, create, update) end with the terms controller's `_links` (sample 221). */
const SINGLE_KEYS = [...TERM_KEYS, '_links'];
const SINGLE_TAG_KEYS = [...TAG_KEYS, '_links'];
/** The `_links` of a term, pointing at its events/v1 routes and the events archive filtered by it. */
const termLinks = (base: 'categories' | 'tags', id: number, parent?: number) => ({
  self: [{ href: `${REST}/${base}/${id}` }],
  collection: [{ href: `${REST}/${base}` }],
  ...(parent ? { up: [{ embeddable: true, href: `${REST}/${base}/${parent}` }] } : {}),
  'wp:post_type': [{ href: `${REST}/events?${base}=${id}` }],
  curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
});
/** A single answer without its `_links`, as a delete or a list shows the term. */
const data = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== '_links'));

let world: EventsWorld;
beforeAll(async () => {
  world = await startEventsWorld();
});
afterAll(async () => {
  await world.close();
});

describe('event categories: create, read, update, delete', () => {
  it('creates a category (201, Location) in the plugin shape: WordPress fields, link renamed url, then urls', async () => {
    const r = await eventsClient(world, 'editor').post('/categories', {
      name: 'Concerts',
      description: 'Live music.',
      slug: 'Live Concerts',
    });
    expect(r.status).toBe(201);
    const id = r.body.id as number;
    expect(r.headers.location).toBe(`${REST}/categories/${id}`);
    expect(Object.keys(r.body)).toEqual(SINGLE_KEYS);
    expect(r.body).toEqual({
      id,
      count: 0,
      description: 'Live music.',
      name: 'Concerts',
      slug: 'live-concerts',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      meta: [],
      url: `${HOME}/events/category/live-concerts/`,
      urls: { self: `${REST}/categories/${id}`, collection: `${REST}/categories` },
      _links: termLinks('categories', id),
    });
  });

  it('nests categories: the child has urls.up and a hierarchical url', async () => {
    const e = eventsClient(world, 'editor');
    const parent = await e.post('/categories', { name: 'Theatre' });
    const child = await e.post('/categories', { name: 'Opera', parent: parent.body.id });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({
      parent: parent.body.id,
      url: `${HOME}/events/category/theatre/opera/`,
      urls: {
        self: `${REST}/categories/${child.body.id}`,
        collection: `${REST}/categories`,
        up: `${REST}/categories/${parent.body.id}`,
      },
    });
  });

  it('validates create arguments as the plugin: name required and non-empty, parent an existing category (0 included)', async () => {
    const e = eventsClient(world, 'editor');
    const missing = await e.post('/categories', { description: 'No name' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name' });
    expect((await e.post('/categories', { name: '' })).body).toEqual(invalid('name'));
    expect((await e.post('/categories', { name: 'Orphan', parent: 999999 })).body).toEqual(invalid('parent'));
    expect((await e.post('/categories', { name: 'Top', parent: 0 })).body).toEqual(invalid('parent'));
    const tag = await e.post('/tags', { name: 'Not a category' });
    expect((await e.post('/categories', { name: 'Under a tag', parent: tag.body.id })).body).toEqual(invalid('parent'));
    expect((await e.post('/categories', { name: 'Blank', description: '' })).body).toEqual(invalid('description'));
  });

  it('refuses a duplicate name under the same parent (400 term_exists with the existing id)', async () => {
    const e = eventsClient(world, 'editor');
    const first = await e.post('/categories', { name: 'Workshops' });
    const again = await e.post('/categories', { name: 'Workshops' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: first.body.id },
      additional_data: [first.body.id],
    });
    // Elsewhere in the tree the name is free; the slug is made unique.
    const other = await e.post('/categories', { name: 'Workshops', parent: first.body.id });
    expect(other.status).toBe(201);
    expect(other.body.slug).toBe('workshops-workshops');
  });

  it('reads one category publicly; an id that is no event category → 400 rest_invalid_param (id)', async () => {
    const created = await eventsClient(world, 'editor').post('/categories', { name: 'Readable' });
    const anon = eventsClient(world, 'anonymous');
    const r = await anon.get(`/categories/${created.body.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(created.body);
    const missing = await anon.get('/categories/999999');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(invalid('id'));
    const tag = await eventsClient(world, 'editor').post('/tags', { name: 'A tag id' });
    expect((await anon.get(`/categories/${tag.body.id}`)).body).toEqual(invalid('id'));
  });

  it('updates with POST, PUT and PATCH (200, the term); the slug stays when only the name changes', async () => {
    const e = eventsClient(world, 'editor');
    const c = await e.post('/categories', { name: 'Festivals' });
    const id = c.body.id as number;
    const renamed = await e.post(`/categories/${id}`, { name: 'Summer Festivals' });
    expect(renamed.status).toBe(200);
    expect(Object.keys(renamed.body)).toEqual(SINGLE_KEYS);
    expect(renamed.body).toMatchObject({ id, name: 'Summer Festivals', slug: 'festivals' });
    expect((await e.put(`/categories/${id}`, { slug: 'Summer Fun' })).body).toMatchObject({
      slug: 'summer-fun',
      url: `${HOME}/events/category/summer-fun/`,
    });
    expect((await e.patch(`/categories/${id}`, { description: 'Outdoors.' })).body).toMatchObject({
      name: 'Summer Festivals',
      description: 'Outdoors.',
    });
    const parent = await e.post('/categories', { name: 'Seasons' });
    const moved = await e.patch(`/categories/${id}`, { parent: parent.body.id });
    expect(moved.body).toMatchObject({
      parent: parent.body.id,
      url: `${HOME}/events/category/seasons/summer-fun/`,
      urls: { up: `${REST}/categories/${parent.body.id}` },
    });
    // A parent that would make a loop resets the parent to 0 (wp_check_term_hierarchy_for_loops).
    expect((await e.patch(`/categories/${parent.body.id}`, { parent: id })).body.parent).toBe(0);
  });

  it('validates update arguments: unknown id, empty strings, parent', async () => {
    const e = eventsClient(world, 'editor');
    const c = await e.post('/categories', { name: 'Validated' });
    expect((await e.patch('/categories/999999', { name: 'x' })).body).toEqual(invalid('id'));
    expect((await e.patch(`/categories/${c.body.id}`, { description: '' })).body).toEqual(invalid('description'));
    expect((await e.patch(`/categories/${c.body.id}`, { name: '', slug: '' })).body).toEqual(invalid('name', 'slug'));
    expect((await e.patch(`/categories/${c.body.id}`, { parent: 0 })).body).toEqual(invalid('parent'));
    const other = await e.post('/categories', { name: 'Taken slug' });
    const dup = await e.patch(`/categories/${c.body.id}`, { slug: other.body.slug });
    expect(dup.status).toBe(500);
    expect(dup.body.code).toBe('duplicate_term_slug');
  });

  it('deletes for good (the plugin forces it) and answers the term as it was (200)', async () => {
    const e = eventsClient(world, 'editor');
    const parent = await e.post('/categories', { name: 'Doomed' });
    const child = await e.post('/categories', { name: 'Doomed child', parent: parent.body.id });
    const d = await e.delete(`/categories/${parent.body.id}`);
    expect(d.status).toBe(200);
    // The term as it was, without links (WordPress's delete answers a new response).
    expect(d.body).toEqual(data(parent.body));
    expect((await e.get(`/categories/${parent.body.id}`)).body).toEqual(invalid('id'));
    expect((await e.delete(`/categories/${parent.body.id}`)).body).toEqual(invalid('id'));
    // wp_delete_term: children move up to the deleted term's parent.
    expect((await e.get(`/categories/${child.body.id}`)).body).toMatchObject({
      parent: 0,
      url: `${HOME}/events/category/doomed-child/`,
    });
    expect((await e.get(`/categories/${child.body.id}`)).body.urls).not.toHaveProperty('up');
  });
});

describe('event tags: create, read, update, delete', () => {
  it('creates a tag (201) without parent; its url is the tag archive', async () => {
    const r = await eventsClient(world, 'editor').post('/tags', { name: 'Family Friendly', description: 'All ages.' });
    expect(r.status).toBe(201);
    const id = r.body.id as number;
    expect(r.headers.location).toBe(`${REST}/tags/${id}`);
    expect(Object.keys(r.body)).toEqual(SINGLE_TAG_KEYS);
    expect(r.body).toEqual({
      id,
      count: 0,
      description: 'All ages.',
      name: 'Family Friendly',
      slug: 'family-friendly',
      taxonomy: 'post_tag',
      meta: [],
      url: `${HOME}/tag/family-friendly/`,
      urls: { self: `${REST}/tags/${id}`, collection: `${REST}/tags` },
      _links: termLinks('tags', id),
    });
  });

  it('refuses a duplicate name (400 term_exists); reads, updates and deletes', async () => {
    const e = eventsClient(world, 'editor');
    const t = await e.post('/tags', { name: 'Rainy' });
    expect(await e.post('/tags', { name: 'rainy' }).then((r) => [r.status, r.body])).toEqual([
      400,
      {
        code: 'term_exists',
        message: 'A term with the name provided already exists in this taxonomy.',
        data: { status: 400, term_id: t.body.id },
        additional_data: [t.body.id],
      },
    ]);
    expect((await eventsClient(world, 'anonymous').get(`/tags/${t.body.id}`)).body).toEqual(t.body);
    expect((await e.patch(`/tags/${t.body.id}`, { name: 'Rain or shine' })).body).toMatchObject({
      name: 'Rain or shine',
      slug: 'rainy',
    });
    const d = await e.delete(`/tags/${t.body.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ id: t.body.id, name: 'Rain or shine', taxonomy: 'post_tag' });
    expect((await e.get(`/tags/${t.body.id}`)).body).toEqual(invalid('id'));
    const cat = await e.post('/categories', { name: 'A category id' });
    expect((await e.get(`/tags/${cat.body.id}`)).body).toEqual(invalid('id'));
  });

  it("are the events service's own post_tag terms, not core/v2's tags", async () => {
    await eventsClient(world, 'editor').post('/tags', { name: 'Only in events' });
    const core = await request(world.gw.app).get('/rest/core/v2/tags?search=only%20in%20events');
    expect(core.status).toBe(200);
    expect(core.body).toEqual([]);
  });
});

describe('event terms: permissions (reads public; writes need edit_tribe_events and the taxonomy manage_terms)', () => {
  const write = async (caller: EventsCaller, base: 'categories' | 'tags') => {
    const c = eventsClient(world, caller);
    const created = await c.post(`/${base}`, { name: `${caller} ${base} term` });
    const target = await eventsClient(world, 'administrator').post(`/${base}`, { name: `${caller} ${base} target` });
    const updated = await c.patch(`/${base}/${target.body.id}`, { description: 'Changed.' });
    const deleted = await c.delete(`/${base}/${target.body.id}`);
    return [err(created), err(updated), err(deleted)].map((x) => `${x.status} ${x.code ?? ''}`.trim());
  };

  it('anonymous callers get 401 rest_forbidden, subscribers and contributors 403', async () => {
    for (const base of ['categories', 'tags'] as const) {
      expect(await write('anonymous', base)).toEqual([
        '401 rest_forbidden',
        '401 rest_forbidden',
        '401 rest_forbidden',
      ]);
      expect(await write('subscriber', base)).toEqual([
        '403 rest_forbidden',
        '403 rest_forbidden',
        '403 rest_forbidden',
      ]);
      // Contributors may edit events but neither publish them (event categories) nor manage_categories (tags).
      expect(await write('contributor', base)).toEqual([
        '403 rest_forbidden',
        '403 rest_forbidden',
        '403 rest_forbidden',
      ]);
    }
  });

  it('authors manage event categories (publish_tribe_events) but not tags (manage_categories)', async () => {
    expect(await write('author', 'categories')).toEqual(['201', '200', '200']);
    expect(await write('author', 'tags')).toEqual(['403 rest_forbidden', '403 rest_forbidden', '403 rest_forbidden']);
  });

  it('editors and administrators manage both', async () => {
    for (const caller of ['editor', 'administrator'] as const) {
      expect(await write(caller, 'categories')).toEqual(['201', '200', '200']);
      expect(await write(caller, 'tags')).toEqual(['201', '200', '200']);
    }
  });

  it('reads are public; argument validation comes before the permission check, as WordPress', async () => {
    const anon = eventsClient(world, 'anonymous');
    expect((await anon.get('/categories')).status).toBe(200);
    expect((await anon.get('/tags')).status).toBe(200);
    expect((await anon.patch('/categories/999999', { name: 'x' })).body).toEqual(invalid('id'));
    expect((await anon.delete('/tags/999999')).body).toEqual(invalid('id'));
    expect(err(await anon.post('/tags', {}))).toEqual({ status: 400, code: 'rest_missing_callback_param' });
  });
});

describe('event term archives', () => {
  // A world of its own, so totals are exact.
  let aw: EventsWorld;
  const ids: Record<string, number> = {};
  let e1: number;
  let e2: number;
  let e3: number;
  const names = (r: request.Response, key = 'categories') =>
    (r.body[key] as Array<{ name: string }>).map((t) => t.name);

  beforeAll(async () => {
    aw = await startEventsWorld();
    const e = eventsClient(aw, 'editor');
    ids.music = (await e.post('/categories', { name: 'Music' })).body.id;
    ids.jazz = (await e.post('/categories', { name: 'Jazz', parent: ids.music })).body.id;
    ids.art = (await e.post('/categories', { name: 'Art', description: 'Galleries' })).body.id;
    ids.empty = (await e.post('/categories', { name: 'Empty' })).body.id;
    ids.outdoor = (await e.post('/tags', { name: 'Outdoor' })).body.id;
    ids.free = (await e.post('/tags', { name: 'Free' })).body.id;
    ids.unused = (await e.post('/tags', { name: 'Unused' })).body.id;
    e1 = await insertEvent(aw, { categories: [ids.music!, ids.jazz!], tags: [ids.outdoor!] });
    e2 = await insertEvent(aw, { categories: [ids.art!], tags: [ids.outdoor!, ids.free!] });
    // Drafts do not count: Empty and Unused stay at 0.
    e3 = await insertEvent(aw, { status: 'draft', categories: [ids.empty!], tags: [ids.unused!] });
  });
  afterAll(async () => {
    await aw.close();
  });

  it('lists by name, hiding empty terms by default, in the plugin shape with the X-TEC headers', async () => {
    const r = await eventsClient(aw, 'anonymous').get('/categories');
    expect(r.status).toBe(200);
    expect(r.headers['x-tec-total']).toBe('3');
    expect(r.headers['x-tec-totalpages']).toBe('1');
    expect(Object.keys(r.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories']);
    expect(r.body).toMatchObject({ rest_url: `${REST}/categories/`, total: 3, total_pages: 1 });
    expect((r.body.categories as Array<Record<string, unknown>>).map((t) => [t.name, t.count])).toEqual([
      ['Art', 1],
      ['Jazz', 1],
      ['Music', 1],
    ]);
    expect(r.body.categories[1]).toEqual({
      id: ids.jazz,
      count: 1,
      description: '',
      name: 'Jazz',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: ids.music,
      meta: [],
      url: `${HOME}/events/category/music/jazz/`,
      urls: {
        self: `${REST}/categories/${ids.jazz}`,
        collection: `${REST}/categories`,
        up: `${REST}/categories/${ids.music}`,
      },
    });
    const tags = await eventsClient(aw, 'anonymous').get('/tags');
    expect(tags.body).toMatchObject({ rest_url: `${REST}/tags/`, total: 2, total_pages: 1 });
    expect((tags.body.tags as Array<Record<string, unknown>>).map((t) => [t.name, t.count])).toEqual([
      ['Free', 1],
      ['Outdoor', 2],
    ]);
  });

  it('hide_empty=0 (or false) lists empty terms too', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get('/categories?hide_empty=0'))).toEqual(['Art', 'Empty', 'Jazz', 'Music']);
    expect(names(await anon.get('/categories?hide_empty=false'))).toEqual(['Art', 'Empty', 'Jazz', 'Music']);
    const tags = await anon.get('/tags?hide_empty=0');
    expect(tags.body.total).toBe(3);
    expect(names(tags, 'tags')).toEqual(['Free', 'Outdoor', 'Unused']);
  });

  it('pages: next/previous links carry only `page`; a page past the end is an empty 200', async () => {
    const anon = eventsClient(aw, 'anonymous');
    const p1 = await anon.get('/categories?per_page=1');
    expect(Object.keys(p1.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url']);
    expect(p1.body).toMatchObject({ total: 3, total_pages: 3, next_rest_url: `${REST}/categories/?page=2` });
    expect(names(p1)).toEqual(['Art']);
    expect(p1.headers['x-tec-totalpages']).toBe('3');
    const p2 = await anon.get('/categories?per_page=1&page=2');
    expect(Object.keys(p2.body)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'categories',
      'next_rest_url',
      'previous_rest_url',
    ]);
    expect(p2.body).toMatchObject({
      next_rest_url: `${REST}/categories/?page=3`,
      previous_rest_url: `${REST}/categories/`,
    });
    expect(names(p2)).toEqual(['Jazz']);
    const p3 = await anon.get('/categories?per_page=1&page=3');
    expect(p3.body).not.toHaveProperty('next_rest_url');
    expect(p3.body.previous_rest_url).toBe(`${REST}/categories/?page=2`);
    const beyond = await anon.get('/categories?per_page=1&page=7');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({
      rest_url: `${REST}/categories/`,
      total: 3,
      total_pages: 3,
      categories: [],
      previous_rest_url: `${REST}/categories/?page=6`,
    });
    expect(beyond.headers['x-tec-total']).toBe('3');
    expect(err(await anon.get('/categories?page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon.get('/categories?per_page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon.get('/tags?per_page=abc'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('include and exclude take existing term ids of the taxonomy only', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get(`/categories?include=${ids.music},${ids.art}`))).toEqual(['Art', 'Music']);
    expect(names(await anon.get(`/categories?include[]=${ids.music}&include[]=${ids.art}&orderby=include`))).toEqual([
      'Music',
      'Art',
    ]);
    expect(names(await anon.get(`/categories?exclude=${ids.music}`))).toEqual(['Art', 'Jazz']);
    expect((await anon.get('/categories?include=999999')).body).toEqual(invalid('include'));
    expect((await anon.get(`/categories?include=${ids.outdoor}`)).body).toEqual(invalid('include'));
    expect((await anon.get(`/tags?exclude=${ids.music}&include=${ids.free}`)).body).toEqual(invalid('exclude'));
    expect((await anon.get('/tags?exclude=999998&include=999999')).body).toEqual(invalid('exclude', 'include'));
  });

  it('order and orderby (WordPress term attributes)', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get('/categories?order=desc'))).toEqual(['Music', 'Jazz', 'Art']);
    expect(names(await anon.get('/categories?orderby=id'))).toEqual(['Music', 'Jazz', 'Art']);
    expect(names(await anon.get('/categories?orderby=id&order=desc'))).toEqual(['Art', 'Jazz', 'Music']);
    expect(names(await anon.get('/categories?orderby=description&order=desc&hide_empty=0'))[0]).toBe('Art');
    expect(names(await anon.get('/tags?orderby=count&order=desc&hide_empty=0'), 'tags')).toEqual([
      'Outdoor',
      'Free',
      'Unused',
    ]);
    expect(names(await anon.get('/tags?orderby=slug'), 'tags')).toEqual(['Free', 'Outdoor']);
    // An orderby the term query does not know sorts by name, as get_terms() does; an empty one fails is_string.
    expect(names(await anon.get('/categories?orderby=popularity&order=desc'))).toEqual(
      names(await anon.get('/categories?order=desc')),
    );
    expect((await anon.get('/categories?orderby=')).body).toEqual(invalid('orderby'));
    expect(err(await anon.get('/categories?order=sideways'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  it('parent (categories only) must be an existing event category', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get(`/categories?parent=${ids.music}`))).toEqual(['Jazz']);
    const none = await anon.get(`/categories?parent=${ids.art}`);
    expect(none.body).toEqual({ rest_url: `${REST}/categories/`, total: 0, total_pages: 0, categories: [] });
    expect(none.headers['x-tec-totalpages']).toBe('0');
    // The plugin validates parent with is_event_category, which no top-level marker (0) passes.
    expect((await anon.get('/categories?parent=0')).body).toEqual(invalid('parent'));
    expect((await anon.get('/categories?parent=999999')).body).toEqual(invalid('parent'));
    // Tags have no parent argument: it is ignored.
    expect(names(await anon.get(`/tags?parent=${ids.music}`), 'tags')).toEqual(['Free', 'Outdoor']);
  });

  it('post and its alias event: the terms of one event (event wins when both are given)', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get(`/categories?post=${e1}`))).toEqual(['Jazz', 'Music']);
    expect(names(await anon.get(`/categories?event=${e1}`))).toEqual(['Jazz', 'Music']);
    expect(names(await anon.get(`/categories?post=${e2}&event=${e1}`))).toEqual(['Jazz', 'Music']);
    expect(names(await anon.get(`/tags?event=${e2}`), 'tags')).toEqual(['Free', 'Outdoor']);
    // A draft's terms are for those who may read it (WordPress's check; the plugin skips it), and have no published
    // events: hidden unless hide_empty is off.
    expect(err(await anon.get(`/categories?event=${e3}&hide_empty=0`))).toEqual({
      status: 401,
      code: 'rest_forbidden_context',
    });
    expect(err(await eventsClient(aw, 'subscriber').get(`/tags?event=${e3}`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    const ed = eventsClient(aw, 'editor');
    expect((await ed.get(`/categories?event=${e3}`)).body).toMatchObject({ total: 0, categories: [] });
    expect(names(await ed.get(`/categories?event=${e3}&hide_empty=0`))).toEqual(['Empty']);
    expect((await anon.get('/categories?post=999999')).body).toEqual(invalid('post'));
    expect((await anon.get('/tags?event=0')).body).toEqual(invalid('event'));
    const venue = await eventsClient(aw, 'editor').post('/venues', { venue: 'Not an event' });
    expect((await anon.get(`/categories?event=${venue.body.id}`)).body).toEqual(invalid('event'));
  });

  it('slug and search', async () => {
    const anon = eventsClient(aw, 'anonymous');
    expect(names(await anon.get('/categories?slug=jazz'))).toEqual(['Jazz']);
    expect(names(await anon.get('/categories?slug=Jazz'))).toEqual(['Jazz']);
    expect((await anon.get('/categories?slug=nope')).body.total).toBe(0);
    expect((await anon.get('/categories?slug=')).body).toEqual(invalid('slug'));
    expect(names(await anon.get('/categories?search=jaz'))).toEqual(['Jazz']);
    expect(names(await anon.get('/categories?search=MUS'))).toEqual(['Music']);
    expect(names(await anon.get('/tags?search=door'), 'tags')).toEqual(['Outdoor']);
    expect((await anon.get('/tags?search=')).body).toEqual(invalid('search'));
  });

  it('counts follow published events; deleting a term removes it from its events', async () => {
    const anon = eventsClient(aw, 'anonymous');
    const e4 = await insertEvent(aw, { categories: [ids.art!], tags: [ids.outdoor!] });
    expect((await anon.get(`/categories/${ids.art}`)).body.count).toBe(2);
    expect((await anon.get(`/tags/${ids.outdoor}`)).body.count).toBe(3);

    const d = await eventsClient(aw, 'editor').delete(`/tags/${ids.outdoor}`);
    expect(d.body).toMatchObject({ id: ids.outdoor, count: 3 });
    const posts = aw.events.store.collection('posts');
    for (const id of [e1, e2, e4]) expect((await posts.findOne({ id }))!.tags).not.toContain(ids.outdoor);
    expect((await posts.findOne({ id: e2 }))!.tags).toEqual([ids.free]);
    expect(names(await anon.get(`/tags?event=${e2}`), 'tags')).toEqual(['Free']);
    expect(names(await anon.get(`/tags?event=${e1}&hide_empty=0`), 'tags')).toEqual([]);
  });

  it('per_page above 50 is capped at 50, silently', async () => {
    const e = eventsClient(aw, 'editor');
    for (let i = 1; i <= 52; i++) await e.post('/categories', { name: `Bulk ${String(i).padStart(2, '0')}` });
    const r = await eventsClient(aw, 'anonymous').get('/categories?search=bulk&hide_empty=0&per_page=100');
    expect(r.body).toMatchObject({ total: 52, total_pages: 2, next_rest_url: `${REST}/categories/?page=2` });
    expect(r.body.categories).toHaveLength(50);
    expect(r.headers['x-tec-totalpages']).toBe('2');
  });
});

describe('event terms: route index and doc', () => {
  it('lists the routes with the plugin arguments (hide_empty default "1")', async () => {
    const r = await eventsClient(world, 'anonymous').get('');
    const archive = r.body.routes['/events/v1/categories'];
    expect(archive.methods).toEqual(['GET', 'POST']);
    expect(Object.keys(archive.endpoints[0].args)).toEqual([
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'order',
      'orderby',
      'hide_empty',
      'parent',
      'post',
      'event',
      'slug',
    ]);
    expect(archive.endpoints[0].args.hide_empty).toMatchObject({ type: 'boolean', default: '1' });
    expect(Object.keys(archive.endpoints[1].args)).toEqual(['name', 'description', 'slug', 'parent']);
    expect(archive.endpoints[1].args.name.required).toBe(true);
    expect(Object.keys(r.body.routes['/events/v1/tags'].endpoints[0].args)).not.toContain('parent');
    const item = r.body.routes['/events/v1/categories/(?P<id>[\\d]+)'];
    expect(item.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(Object.keys(r.body.routes['/events/v1/tags/(?P<id>[\\d]+)'].endpoints[1].args)).toEqual([
      'id',
      'name',
      'description',
      'slug',
    ]);
    const doc = await eventsClient(world, 'anonymous').get('/doc');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/categories', '/categories/{id}', '/tags', '/tags/{id}']),
    );
    expect(doc.body.components.schemas).toHaveProperty('Term');
  });
});

describe('the term helpers of the events resource', () => {
  const req = (caller: 'editor' | 'subscriber' | null): RestRequest =>
    ({
      store: world.events.store,
      config: testConfig('events'),
      user: caller ? { id: world.users[caller].id, roles: [caller] } : null,
    }) as unknown as RestRequest;

  it('eventTermObjects: the WP_Term fields, id renamed (so last but urls), by name', async () => {
    const e = eventsClient(world, 'editor');
    const parent = await e.post('/categories', { name: 'Zeta parent' });
    const child = await e.post('/categories', { name: 'Alpha child', parent: parent.body.id, description: 'First.' });
    const out = await eventTermObjects(req(null), 'tribe_events_cat', [parent.body.id, child.body.id, 999999]);
    expect(out.map((t) => t.name)).toEqual(['Alpha child', 'Zeta parent']);
    expect(Object.keys(out[0]!)).toEqual([
      'name',
      'slug',
      'term_group',
      'term_taxonomy_id',
      'taxonomy',
      'description',
      'parent',
      'count',
      'filter',
      'id',
      'urls',
    ]);
    expect(out[0]).toEqual({
      name: 'Alpha child',
      slug: 'alpha-child',
      term_group: 0,
      term_taxonomy_id: child.body.id,
      taxonomy: 'tribe_events_cat',
      description: 'First.',
      parent: parent.body.id,
      count: 0,
      filter: 'raw',
      id: child.body.id,
      urls: {
        self: `${REST}/categories/${child.body.id}`,
        collection: `${REST}/categories`,
        up: `${REST}/categories/${parent.body.id}`,
      },
    });
    expect(await eventTermObjects(req(null), 'post_tag', [])).toEqual([]);
    // A category id is no tag.
    expect(await eventTermObjects(req(null), 'post_tag', [parent.body.id])).toEqual([]);
  });

  it('resolveEventTerms: ids, slugs and names; unknown ids refused; missing names created only when allowed', async () => {
    const e = eventsClient(world, 'editor');
    const t = await e.post('/tags', { name: 'Resolve Me', slug: 'resolve-slug' });
    const numericName = await e.post('/tags', { name: '2030' });
    const id = t.body.id as number;
    expect(
      await resolveEventTerms(
        req(null),
        'post_tag',
        [id, String(id), 'resolve-slug', 'resolve me', '  ', id],
        'tags',
        false,
      ),
    ).toEqual([id]);
    // A numeric string is a slug or name first.
    expect(await resolveEventTerms(req(null), 'post_tag', ['2030'], 'tags', false)).toEqual([numericName.body.id]);
    await expect(resolveEventTerms(req('editor'), 'post_tag', [999999], 'tags', true)).rejects.toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { tags: 'Invalid parameter.' } },
    });
    await expect(resolveEventTerms(req('editor'), 'post_tag', ['999999'], 'tags', true)).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    await expect(resolveEventTerms(req('editor'), 'post_tag', ['Brand new'], 'tags', false)).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    await expect(
      resolveEventTerms(req('subscriber'), 'tribe_events_cat', ['Brand new'], 'categories', true),
    ).rejects.toMatchObject({ code: 'rest_invalid_param', data: { params: { categories: 'Invalid parameter.' } } });
    await expect(resolveEventTerms(req('editor'), 'post_tag', [{ id }], 'tags', false)).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    const [created] = await resolveEventTerms(req('editor'), 'tribe_events_cat', ['Brand new'], 'categories', true);
    expect((await eventsClient(world, 'anonymous').get(`/categories/${created}`)).body).toMatchObject({
      name: 'Brand new',
      slug: 'brand-new',
      count: 0,
    });
    // Once made, the name resolves to it.
    expect(
      await resolveEventTerms(req('editor'), 'tribe_events_cat', ['Brand New', 'brand-new'], 'categories', true),
    ).toEqual([created]);
  });
});
