/**
 * The collection query set for posts (P) and pages (G), spec 4.6, through the gateway: every parameter,
 * pagination headers and errors (samples 03, 25-28, 31, 52), and who may list which statuses.
 */
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let anon: Client;
const P: Record<string, number> = {};
let catA: number;
let catB: number;
let catC: number;
let t1: number;
let t2: number;

const ids = (r: { body: unknown }) => (r.body as Array<{ id: number }>).map((p) => p.id);

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  anon = as(w, 'anonymous');
  catA = (await admin.post('/core/v2/categories', { name: 'Fabrics' })).body.id;
  catB = (await admin.post('/core/v2/categories', { name: 'Linens', parent: catA })).body.id;
  catC = (await admin.post('/core/v2/categories', { name: 'Other' })).body.id;
  t1 = (await admin.post('/core/v2/tags', { name: 'one' })).body.id;
  t2 = (await admin.post('/core/v2/tags', { name: 'two' })).body.id;
  const editor = as(w, 'editor');
  P.alpha = (
    await make(admin, 'posts', {
      title: 'Alpha cotton',
      content: 'A linen weave',
      status: 'publish',
      date: '2020-01-01T10:00:00',
      categories: [catA],
      tags: [t1],
    })
  ).id;
  P.beta = (
    await make(as(w, 'author'), 'posts', {
      title: 'Beta linen',
      excerpt: 'cotton excerpt',
      status: 'publish',
      date: '2020-02-01T10:00:00',
      categories: [catB],
      tags: [t1, t2],
    })
  ).id;
  P.gamma = (
    await make(editor, 'posts', {
      title: 'gamma',
      content: 'plain',
      status: 'publish',
      date: '2020-03-01T10:00:00',
      tags: [t2],
      sticky: true,
    })
  ).id;
  P.delta = (
    await make(as(w, 'author2'), 'posts', {
      title: 'Delta cotton linen',
      status: 'publish',
      date: '2020-04-01T10:00:00',
      categories: [catA, catB],
      password: 'secret',
    })
  ).id;
  P.draft = (await make(as(w, 'author'), 'posts', { title: 'Author draft cotton', date: '2020-05-01T10:00:00' })).id;
  P.draft2 = (
    await make(as(w, 'contributor'), 'posts', { title: 'Contributor draft', date: '2020-05-02T10:00:00' })
  ).id;
  P.pending = (
    await make(as(w, 'contributor'), 'posts', {
      title: 'Pending cotton',
      status: 'pending',
      date: '2020-05-03T10:00:00',
    })
  ).id;
  P.private = (
    await make(editor, 'posts', { title: 'Private cotton', status: 'private', date: '2020-05-04T10:00:00' })
  ).id;
  P.future = (
    await make(admin, 'posts', { title: 'Future cotton', status: 'publish', date: '2099-01-01T10:00:00' })
  ).id;
  P.trash = (
    await make(admin, 'posts', { title: 'Trashed cotton', status: 'publish', date: '2020-05-05T10:00:00' })
  ).id;
  await admin.delete(`/core/v2/posts/${P.trash}`);
});
afterAll(() => w.close());

const PUBLISHED = () => [P.delta, P.gamma, P.beta, P.alpha];

describe('pagination (samples 03, 25, 26, 31, 52)', () => {
  test('anonymous readers get published posts, newest first, with totals and Link headers', async () => {
    const all = await anon.get('/core/v2/posts');
    expect(ids(all)).toEqual(PUBLISHED());
    expect([all.headers['x-wp-total'], all.headers['x-wp-totalpages']]).toEqual(['4', '1']);
    const first = await anon.get('/core/v2/posts?per_page=2');
    expect(ids(first)).toEqual([P.delta, P.gamma]);
    expect([first.headers['x-wp-total'], first.headers['x-wp-totalpages']]).toEqual(['4', '2']);
    expect(first.headers.link).toBe('<http://loom.test/rest/core/v2/posts?per_page=2&page=2>; rel="next"');
    const second = await anon.get('/core/v2/posts?per_page=2&page=2');
    expect(ids(second)).toEqual([P.beta, P.alpha]);
    expect(second.headers.link).toBe('<http://loom.test/rest/core/v2/posts?per_page=2&page=1>; rel="prev"');
  });

  test('a page past the end (sample 31), per_page bounds (samples 25, 26)', async () => {
    expect((await anon.get('/core/v2/posts?page=999')).body).toEqual({
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
      data: { status: 400 },
    });
    const perPage = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        details: {
          per_page: {
            code: 'rest_out_of_bounds',
            message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
            data: null,
          },
        },
      },
    };
    expect((await anon.get('/core/v2/posts?per_page=1000')).body).toEqual(perPage);
    expect((await anon.get('/core/v2/posts?per_page=0')).body).toEqual(perPage);
    expect(err(await anon.get('/core/v2/posts?page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    // No match at all is an empty page, not an error.
    const none = await anon.get('/core/v2/posts?search=nothing-matches-this&page=3');
    expect([none.status, none.body, none.headers['x-wp-total'], none.headers['x-wp-totalpages']]).toEqual([
      200,
      [],
      '0',
      '0',
    ]);
  });

  test('offset skips items (totals unchanged); HEAD answers the headers only', async () => {
    const r = await anon.get('/core/v2/posts?per_page=2&offset=1');
    expect(ids(r)).toEqual([P.gamma, P.beta]);
    expect(r.headers['x-wp-total']).toBe('4');
    const head = await anon.head('/core/v2/posts?per_page=2');
    expect(head.status).toBe(200);
    expect([head.headers['x-wp-total'], head.headers['x-wp-totalpages'], head.text ?? '']).toEqual(['4', '2', '']);
  });
});

describe('filters', () => {
  test('search over title, excerpt and content; search_columns; exclusion terms; protected posts only for signed-in callers', async () => {
    expect(ids(await anon.get('/core/v2/posts?search=cotton'))).toEqual([P.beta, P.alpha]);
    expect(ids(await admin.get('/core/v2/posts?search=cotton'))).toEqual([P.delta, P.beta, P.alpha]);
    expect(ids(await admin.get('/core/v2/posts?search=cotton&search_columns=post_title'))).toEqual([P.delta, P.alpha]);
    expect(ids(await admin.get('/core/v2/posts?search=cotton&search_columns[]=post_excerpt'))).toEqual([P.beta]);
    expect(ids(await admin.get('/core/v2/posts?search=cotton -linen'))).toEqual([]);
    expect(ids(await admin.get('/core/v2/posts?search=weave'))).toEqual([P.alpha]);
    expect(ids(await admin.get('/core/v2/posts?search=GAMMA'))).toEqual([P.gamma]);
    expect(err(await anon.get('/core/v2/posts?search=x&search_columns=post_name'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('include, exclude, slug, author, author_exclude', async () => {
    expect(ids(await anon.get(`/core/v2/posts?include=${P.alpha},${P.gamma},${P.draft}`))).toEqual([P.gamma, P.alpha]);
    expect(ids(await anon.get(`/core/v2/posts?exclude[]=${P.alpha}&exclude[]=${P.delta}`))).toEqual([P.gamma, P.beta]);
    expect(ids(await anon.get('/core/v2/posts?slug=gamma,beta-linen'))).toEqual([P.gamma, P.beta]);
    expect(ids(await anon.get(`/core/v2/posts?author=${w.users.author.id}`))).toEqual([P.beta]);
    expect(ids(await anon.get(`/core/v2/posts?author_exclude=${w.users.author.id},1`))).toEqual([P.delta, P.gamma]);
  });

  test('categories and tags: id lists, objects with operator and include_children, exclusions, tax_relation', async () => {
    expect(ids(await anon.get(`/core/v2/posts?categories=${catA}`))).toEqual([P.delta, P.alpha]);
    expect(ids(await anon.get(`/core/v2/posts?categories[terms]=${catA}&categories[include_children]=1`))).toEqual([
      P.delta,
      P.beta,
      P.alpha,
    ]);
    expect(ids(await anon.get(`/core/v2/posts?categories[terms]=${catA},${catB}&categories[operator]=AND`))).toEqual([
      P.delta,
    ]);
    expect(ids(await anon.get(`/core/v2/posts?categories=${catC}`))).toEqual([]);
    expect(ids(await anon.get(`/core/v2/posts?categories_exclude=${catA}`))).toEqual([P.gamma, P.beta]);
    expect(
      ids(await anon.get(`/core/v2/posts?categories_exclude[terms]=${catA}&categories_exclude[include_children]=true`)),
    ).toEqual([P.gamma]);
    expect(ids(await anon.get(`/core/v2/posts?tags=${t1},${t2}`))).toEqual([P.gamma, P.beta, P.alpha]);
    expect(ids(await anon.get(`/core/v2/posts?tags[terms]=${t1},${t2}&tags[operator]=AND`))).toEqual([P.beta]);
    expect(ids(await anon.get(`/core/v2/posts?tags_exclude=${t2}`))).toEqual([P.delta, P.alpha]);
    // Relations: AND by default; OR joins the taxonomies' clauses.
    expect(ids(await anon.get(`/core/v2/posts?categories=${catA}&tags=${t2}`))).toEqual([]);
    expect(ids(await anon.get(`/core/v2/posts?categories=${catA}&tags=${t2}&tax_relation=OR`))).toEqual([
      P.delta,
      P.gamma,
      P.beta,
      P.alpha,
    ]);
    expect(ids(await anon.get(`/core/v2/posts?categories=${catB}&tags_exclude=${t1}&tax_relation=OR`))).toEqual([
      P.delta,
      P.gamma,
      P.beta,
    ]);
    // JSON form of the object.
    const body = await anon
      .get('/core/v2/posts')
      .query({ 'categories[terms][]': [catB], 'categories[operator]': 'OR' });
    expect(ids(body)).toEqual([P.delta, P.beta]);
    expect(err(await anon.get('/core/v2/posts?categories=abc'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon.get(`/core/v2/posts?categories[terms]=${catA}&categories[colour]=red`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await anon.get(`/core/v2/posts?tags=${t1}&tax_relation=XOR`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('sticky', async () => {
    expect(ids(await anon.get('/core/v2/posts?sticky=true'))).toEqual([P.gamma]);
    expect(ids(await anon.get('/core/v2/posts?sticky=0'))).toEqual([P.delta, P.beta, P.alpha]);
    expect(ids(await anon.get(`/core/v2/posts?sticky=1&include=${P.alpha}`))).toEqual([]);
  });
});

describe('order and orderby', () => {
  test('every orderby of the enum; asc and desc', async () => {
    expect(ids(await anon.get('/core/v2/posts?order=asc'))).toEqual([...PUBLISHED()].reverse());
    expect(ids(await anon.get('/core/v2/posts?orderby=id&order=asc'))).toEqual([P.alpha, P.beta, P.gamma, P.delta]);
    expect(ids(await anon.get('/core/v2/posts?orderby=title&order=asc'))).toEqual([P.alpha, P.beta, P.delta, P.gamma]);
    expect(ids(await anon.get('/core/v2/posts?orderby=slug&order=desc'))).toEqual([P.gamma, P.delta, P.beta, P.alpha]);
    expect(ids(await anon.get('/core/v2/posts?orderby=author&order=asc')).slice(0, 1)).toEqual([P.alpha]);
    expect(ids(await anon.get('/core/v2/posts?orderby=parent'))).toHaveLength(4);
    await admin.post(`/core/v2/posts/${P.alpha}`, { excerpt: 'touched' });
    expect(ids(await anon.get('/core/v2/posts?orderby=modified')).slice(0, 1)).toEqual([P.alpha]);
    expect(ids(await anon.get(`/core/v2/posts?orderby=include&include=${P.beta},${P.delta},${P.alpha}`))).toEqual([
      P.beta,
      P.delta,
      P.alpha,
    ]);
    expect(ids(await anon.get('/core/v2/posts?orderby=include_slugs&slug=gamma,alpha-cotton,beta-linen'))).toEqual([
      P.gamma,
      P.alpha,
      P.beta,
    ]);
    expect(err(await anon.get('/core/v2/posts?orderby=menu_order'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('relevance needs a search (sample 28) and ranks title matches first', async () => {
    expect((await anon.get('/core/v2/posts?orderby=relevance')).body).toEqual({
      code: 'rest_no_search_term_defined',
      message: 'You need to define a search term to order by relevance.',
      data: { status: 400 },
    });
    expect(ids(await admin.get('/core/v2/posts?orderby=relevance&search=cotton linen'))).toEqual([
      P.delta,
      P.beta,
      P.alpha,
    ]);
    expect(ids(await admin.get('/core/v2/posts?orderby=relevance&search=linen'))).toEqual([P.delta, P.beta, P.alpha]);
    // The rank always comes first; order=asc turns only the ties (by date) around.
    expect(ids(await admin.get('/core/v2/posts?orderby=relevance&search=linen&order=asc'))).toEqual([
      P.beta,
      P.delta,
      P.alpha,
    ]);
    expect((await anon.get('/core/v2/posts?orderby=include')).body.code).toBe('rest_orderby_include_missing_include');
  });
});

describe('statuses (sample 27): anything but publish needs authentication and the capability', () => {
  test('anonymous and subscribers are refused with rest_forbidden_status inside rest_invalid_param', async () => {
    expect((await anon.get('/core/v2/posts?status=draft')).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: {
        status: 400,
        params: { status: 'Status is forbidden.' },
        details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
      },
    });
    expect((await as(w, 'subscriber').get('/core/v2/posts?status=private')).body.data.details.status.data).toEqual({
      status: 403,
    });
    expect(err(await anon.get('/core/v2/posts?status=trash'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await anon.get('/core/v2/posts?status=any'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(ids(await anon.get('/core/v2/posts?status=publish'))).toEqual(PUBLISHED());
    expect(err(await anon.get('/core/v2/posts?status=bogus'))).toEqual({ status: 400, code: 'rest_invalid_param' });
  });

  test('contributors and authors see their own drafts; editors see everyone’s; totals count only what is visible', async () => {
    const contributor = await as(w, 'contributor').get('/core/v2/posts?status=draft');
    expect(ids(contributor)).toEqual([P.draft2]);
    expect(contributor.headers['x-wp-total']).toBe('1');
    expect(ids(await as(w, 'author').get('/core/v2/posts?status=draft,pending'))).toEqual([P.draft]);
    expect(ids(await as(w, 'editor').get('/core/v2/posts?status=draft,pending'))).toEqual([
      P.pending,
      P.draft2,
      P.draft,
    ]);
    expect(ids(await as(w, 'author').get('/core/v2/posts?status=private'))).toEqual([]);
    expect(ids(await as(w, 'editor').get('/core/v2/posts?status=private'))).toEqual([P.private]);
    expect(ids(await as(w, 'author2').get('/core/v2/posts?status=future'))).toEqual([]);
    expect(ids(await admin.get('/core/v2/posts?status=future'))).toEqual([P.future]);
  });

  test('trash for editors; any is every status but the internal ones (trash only when named)', async () => {
    expect(ids(await as(w, 'editor').get('/core/v2/posts?status=trash'))).toEqual([P.trash]);
    expect(ids(await as(w, 'author').get('/core/v2/posts?status=trash'))).toEqual([]);
    const any = ids(await admin.get('/core/v2/posts?status=any&per_page=100'));
    expect(any).toEqual(expect.arrayContaining([P.future, P.private, P.pending, P.draft, P.draft2, ...PUBLISHED()]));
    expect(any).not.toContain(P.trash);
    expect(ids(await admin.get('/core/v2/posts?status=any,trash&per_page=100'))).toContain(P.trash);
  });

  test('edit context lists only what the caller may edit', async () => {
    const r = await as(w, 'author').get('/core/v2/posts?context=edit&status=publish,draft');
    expect(ids(r)).toEqual([P.draft, P.beta]);
    expect(r.body[0].content).toHaveProperty('raw');
  });
});

describe('pages: parent, parent_exclude, menu_order, orderby menu_order', () => {
  let a: number;
  let b: number;
  let c: number;
  let d: number;
  beforeAll(async () => {
    a = (await make(admin, 'pages', { title: 'About', status: 'publish', menu_order: 2 })).id;
    b = (await make(admin, 'pages', { title: 'Contact', status: 'publish', menu_order: 1 })).id;
    c = (await make(admin, 'pages', { title: 'Team', status: 'publish', parent: a, menu_order: 3 })).id;
    d = (await make(admin, 'pages', { title: 'History', status: 'publish', parent: a, menu_order: 1 })).id;
  });

  test('filters and orders', async () => {
    expect(ids(await anon.get(`/core/v2/pages?parent=${a}&orderby=menu_order&order=asc`))).toEqual([d, c]);
    expect(ids(await anon.get('/core/v2/pages?parent=0&orderby=menu_order&order=asc'))).toEqual([b, a]);
    expect(ids(await anon.get(`/core/v2/pages?parent_exclude=${a}&orderby=title&order=asc`))).toEqual([a, b]);
    expect(ids(await anon.get('/core/v2/pages?menu_order=1&orderby=id&order=asc'))).toEqual([b, d]);
    expect(ids(await anon.get(`/core/v2/pages?orderby=parent&order=desc&include=${a},${c}`))).toEqual([c, a]);
    expect(err(await anon.get('/core/v2/pages?sticky=true'))).toEqual({ status: 200, code: undefined });
  });
});
