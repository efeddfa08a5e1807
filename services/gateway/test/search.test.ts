/**
 * core/v2/search (WP_REST_Search_Controller, WordPress 6.4) through the gateway, with the real core-content and
 * events services: the post handler's one WP_Query over post, page and The Events Calendar's tribe_events (post
 * status publish, `s` matched on title/excerpt/content, ordered by relevance then post_date DESC), the term handler
 * (WP_Term_Query: name/slug LIKE, hide_empty false, by name; `type` is the taxonomy in 6.4, no subtype), the
 * post-format handler (formats with a term, ids are slugs), parameters validated as WordPress validates them.
 */
import { eventsClient, restClient, startEventsWorld, type EventsWorld } from '@loom/testing';

let world: EventsWorld;
const ids: Record<string, number> = {};

const core = (caller: 'anonymous' | 'editor' = 'anonymous') => restClient(world.gw.app, world.auth[caller], '/rest');
const search = (query: string, caller: 'anonymous' | 'editor' = 'anonymous') =>
  core(caller).get(`/core/v2/search?${query}`);
const titles = (r: { body: { title: string }[] }) => r.body.map((x) => x.title);

beforeAll(async () => {
  world = await startEventsWorld();
  const ed = core('editor');
  const post = async (key: string, body: Record<string, unknown>, path = '/core/v2/posts') => {
    const r = await ed.post(path, { status: 'publish', ...body });
    if (r.status !== 201) throw new Error(`${key}: ${r.status} ${JSON.stringify(r.body)}`);
    ids[key] = r.body.id;
  };
  await post('oldTitle', { title: 'Linen shirts', content: 'Woven.', date: '2020-01-01T10:00:00' });
  await post('newContent', { title: 'Spring news', content: 'We now weave linen.', date: '2021-01-01T10:00:00' });
  await post('page', { title: 'Linen care', content: 'Wash cold.', date: '2019-06-01T10:00:00' }, '/core/v2/pages');
  await post('draft', { title: 'Linen draft', status: 'draft' });
  await post('private', { title: 'Linen private', status: 'private' });
  await post('protected', { title: 'Linen protected', password: 'secret', date: '2018-01-01T10:00:00' });
  await post('aside', { title: 'Cotton aside', format: 'aside', date: '2017-01-01T10:00:00' });
  const e = eventsClient(world, 'editor');
  const event = async (key: string, body: Record<string, unknown>) => {
    const r = await e.post('/events', { start_date: '2031-05-01 10:00', end_date: '2031-05-01 12:00', ...body });
    if (r.status !== 201) throw new Error(`${key}: ${r.status} ${JSON.stringify(r.body)}`);
    ids[key] = r.body.id;
  };
  await event('linenEvent', { title: 'Linen fair', date: '2022-03-01 09:00:00' });
  await event('pastEvent', {
    title: 'Old linen market',
    start_date: '2001-05-01 10:00',
    end_date: '2001-05-01 12:00',
    date: '2000-01-01 09:00:00',
  });
  await event('draftEvent', { title: 'Linen draft event', status: 'draft' });
  ids.category = (await ed.post('/core/v2/categories', { name: 'Linen goods' })).body.id;
  ids.tag = (await ed.post('/core/v2/tags', { name: 'linen' })).body.id;
}, 120_000);

afterAll(() => world.close());

describe('post handler (WP_REST_Post_Search_Handler)', () => {
  it('finds published posts, pages and events; title matches first, then post_date DESC; drafts, private and (for visitors) protected posts never', async () => {
    const r = await search('search=linen');
    expect(r.status).toBe(200);
    // Rank 0: "linen" in the title (Linen fair 2022, Linen shirts 2020, Linen care 2019, Old linen market 2000);
    // rank 1: elsewhere (Spring news, content). Within a rank, newest first.
    expect(titles(r)).toEqual(['Linen fair', 'Linen shirts', 'Linen care', 'Old linen market', 'Spring news']);
    expect(r.headers['x-wp-total']).toBe('5');
    expect(r.headers['x-wp-totalpages']).toBe('1');
    expect(r.body.map((x: { subtype: string }) => x.subtype)).toEqual([
      'tribe_events',
      'post',
      'page',
      'tribe_events',
      'post',
    ]);
  });

  it('shapes a result as prepare_item and prepare_item_links do', async () => {
    const r = await search('search=shirts');
    const base = r.body[0]._links.self[0].href.split('/rest/')[0];
    expect(r.body).toEqual([
      {
        id: ids.oldTitle,
        title: 'Linen shirts',
        url: `${base}/linen-shirts/`,
        type: 'post',
        subtype: 'post',
        _links: {
          self: [{ embeddable: true, href: `${base}/rest/core/v2/posts/${ids.oldTitle}` }],
          about: [{ href: `${base}/rest/core/v2/types/post` }],
          collection: [{ href: `${base}/rest/core/v2/search` }],
        },
      },
    ]);
    const ev = await search('search=fair');
    expect(ev.body[0]).toMatchObject({
      id: ids.linenEvent,
      title: 'Linen fair',
      type: 'post',
      subtype: 'tribe_events',
    });
    expect(ev.body[0].url).toMatch(/\/event\/linen-fair\/$/);
    expect(ev.body[0]._links.self).toEqual([
      { embeddable: true, href: `${base}/rest/events/v1/events/${ids.linenEvent}` },
    ]);
  });

  it('a signed-in searcher also finds password-protected posts (WP_Query leaves them out for visitors only), never drafts', async () => {
    expect(titles(await search('search=linen&subtype=post', 'editor'))).toEqual([
      'Linen shirts',
      'Linen protected',
      'Spring news',
    ]);
    expect(titles(await search('search=linen&subtype=post'))).toEqual(['Linen shirts', 'Spring news']);
  });

  it('subtype limits the types; any overrides the rest; events come and go with tribe_events', async () => {
    expect(titles(await search('search=linen&subtype=page'))).toEqual(['Linen care']);
    expect(titles(await search('search=linen&subtype=tribe_events'))).toEqual(['Linen fair', 'Old linen market']);
    expect(titles(await search('search=linen&subtype=post,page'))).toEqual([
      'Linen shirts',
      'Linen care',
      'Spring news',
    ]);
    expect(titles(await search('search=linen&subtype=page,any'))).toHaveLength(5);
  });

  it('without a search: every published post, page and event, newest first', async () => {
    const r = await search('per_page=100');
    expect(titles(r)).toEqual([
      'Linen fair',
      'Spring news',
      'Linen shirts',
      'Linen care',
      'Linen protected',
      'Cotton aside',
      'Old linen market',
    ]);
  });

  it('include and exclude (post__in, post__not_in)', async () => {
    // Post and event ids are two id spaces (two services): an id filter applies to both (docs/differences.md).
    expect(titles(await search(`search=linen&subtype=post,page&include=${ids.page},${ids.newContent}`))).toEqual([
      'Linen care',
      'Spring news',
    ]);
    expect(titles(await search(`search=linen&subtype=tribe_events&exclude=${ids.linenEvent}`))).toEqual([
      'Old linen market',
    ]);
    expect(titles(await search(`search=linen&subtype=post&exclude=${ids.oldTitle}`))).toEqual(['Spring news']);
  });

  it('pages over the merged list, with X-WP-Total, X-WP-TotalPages and Link; past the end rest_search_invalid_page_number', async () => {
    const p1 = await search('search=linen&per_page=2');
    const p2 = await search('search=linen&per_page=2&page=2');
    const p3 = await search('search=linen&per_page=2&page=3');
    expect([titles(p1), titles(p2), titles(p3)]).toEqual([
      ['Linen fair', 'Linen shirts'],
      ['Linen care', 'Old linen market'],
      ['Spring news'],
    ]);
    expect(p2.headers['x-wp-total']).toBe('5');
    expect(p2.headers['x-wp-totalpages']).toBe('3');
    expect(p2.headers.link).toContain('rel="prev"');
    expect(p2.headers.link).toContain('rel="next"');
    const past = await search('search=linen&per_page=2&page=4');
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('rest_search_invalid_page_number');
    // Nothing matched: an empty page, whatever its number.
    const none = await search('search=zzzz&page=3');
    expect([none.status, none.body, none.headers['x-wp-total']]).toEqual([200, [], '0']);
  });

  it('_embed=self embeds the post (core-content) and the event (the events service)', async () => {
    const r = await search('search=linen&subtype=post,tribe_events&_embed=self');
    // Keyed by subtype and id: posts and events are two id spaces.
    const byId = new Map(r.body.map((x: { id: number; subtype: string }) => [`${x.subtype}:${x.id}`, x]));
    const post = byId.get(`post:${ids.oldTitle}`) as {
      _embedded: { self: { id: number; title: { rendered: string } }[] };
    };
    expect(post._embedded.self[0]).toMatchObject({ id: ids.oldTitle, title: { rendered: 'Linen shirts' } });
    const ev = byId.get(`tribe_events:${ids.linenEvent}`) as { _embedded: { self: { id: number; title: string }[] } };
    expect(ev._embedded.self[0]).toMatchObject({ id: ids.linenEvent, title: 'Linen fair' });
  });

  it('a newly published event is found at once (no answer cache keeps a search with events)', async () => {
    expect(titles(await search('search=tablecloth'))).toEqual([]);
    const r = await eventsClient(world, 'editor').post('/events', {
      title: 'Tablecloth show',
      start_date: '2031-06-01 10:00',
      end_date: '2031-06-01 12:00',
    });
    expect(r.status).toBe(201);
    expect(titles(await search('search=tablecloth'))).toEqual(['Tablecloth show']);
  });
});

describe('term handler (WP_REST_Term_Search_Handler)', () => {
  it('finds categories and tags by name or slug, hide_empty false, ordered by name; type is the taxonomy (6.4)', async () => {
    const r = await search('type=term&search=linen');
    expect(r.status).toBe(200);
    expect(r.body.map((t: { title: string; type: string }) => [t.title, t.type])).toEqual([
      ['linen', 'post_tag'],
      ['Linen goods', 'category'],
    ]);
    expect(r.headers['x-wp-total']).toBe('2');
    const cat = r.body[1];
    expect(cat.subtype).toBeUndefined();
    expect(cat.url).toMatch(/\/category\/linen-goods\/$/);
    expect(cat._links.self[0]).toEqual({
      embeddable: true,
      href: expect.stringMatching(new RegExp(`/rest/core/v2/categories/${ids.category}$`)),
    });
    expect(cat._links.about[0].href).toMatch(/\/rest\/core\/v2\/taxonomies\/category$/);
    expect(titles(await search('type=term&search=linen&subtype=category'))).toEqual(['Linen goods']);
    expect(titles(await search(`type=term&search=linen&exclude=${ids.tag}`))).toEqual(['Linen goods']);
    const embedded = await search('type=term&search=linen&subtype=category&_embed=self');
    expect(embedded.body[0]._embedded.self[0]).toMatchObject({ id: ids.category, name: 'Linen goods' });
  });
});

describe('post-format handler (WP_REST_Post_Format_Search_Handler)', () => {
  it('lists the formats in use whose slug or name matches; ids are slugs, no links but collection', async () => {
    const r = await search('type=post-format');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id: 'aside',
        title: 'Aside',
        url: expect.stringMatching(/\/type\/aside\/$/),
        type: 'post-format',
        _links: { collection: [{ href: expect.stringMatching(/\/rest\/core\/v2\/search$/) }] },
      },
    ]);
    expect((await search('type=post-format&search=ASI')).body).toHaveLength(1);
    expect((await search('type=post-format&search=gallery')).body).toEqual([]);
  });
});

describe('parameters (get_collection_params)', () => {
  it.each([
    ['type=user', 'type'],
    ['subtype=attachment', 'subtype'],
    ['subtype=wp_block', 'subtype'],
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
    ['context=edit', 'context'],
    ['include=abc', 'include'],
  ])('%s → 400 rest_invalid_param naming %s', async (query, param) => {
    const r = await search(query);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_invalid_param');
    expect(Object.keys(r.body.data.params)).toEqual([param]);
  });

  it('the index lists the route with WordPress 6.4 arguments', async () => {
    const r = await core().get('/core/v2/search');
    expect(r.headers.allow).toBe('GET');
    const index = await core().get('/');
    const route = index.body.routes['/core/v2/search'];
    const args = route.endpoints[0].args;
    expect(Object.keys(args)).toEqual([
      'context',
      'page',
      'per_page',
      'search',
      'type',
      'subtype',
      'exclude',
      'include',
    ]);
    expect(args.context.enum).toEqual(['view', 'embed']);
    expect(args.type).toMatchObject({ default: 'post', enum: ['post', 'term', 'post-format'] });
    expect(args.subtype).toMatchObject({
      default: 'any',
      type: 'array',
      items: { enum: ['post', 'page', 'tribe_events', 'category', 'post_tag', 'any'], type: 'string' },
    });
  });
});

describe('events service down', () => {
  it('subtype=any answers core results alone; tribe_events alone answers 503 loom_service_unavailable', async () => {
    await world.events.close();
    const any = await search('search=linen');
    expect(titles(any)).toEqual(['Linen shirts', 'Linen care', 'Spring news']);
    expect(any.headers['x-wp-total']).toBe('3');
    const only = await search('search=linen&subtype=tribe_events');
    expect(only.status).toBe(503);
    expect(only.body.code).toBe('loom_service_unavailable');
  });
});
