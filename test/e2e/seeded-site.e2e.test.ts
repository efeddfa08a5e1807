/**
 * The seeded site: `npm run seed` (scripts/seed.js, at a CI-sized scale) against real processes, then the
 * collection parameters of posts and pages checked against what the full listing says, as a client would; and the
 * seed's two forms. The seed finds the site as `npm start` names it (LOOM_BASE_URL, GATEWAY_PORT), touches only
 * what it made (the site's own newest post keeps its content), changes nothing on a second run and says why it
 * cannot reach a site that is not there.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { freePort } from '@loom/testing';
import { Cluster } from './processes';

const ROOT = resolve(__dirname, '../..');
const cluster = new Cluster();
/** The seed, run without blocking this process (a synchronous run leaves its idle connections to the gateway stale). */
const seed = async (env: NodeJS.ProcessEnv) =>
  (await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/seed.js')], { env, encoding: 'utf8' })).stdout;
let rest: string;
let auth: string;
let seedEnv: NodeJS.ProcessEnv;
/** A post of the site's own, the newest published one when the seed runs. */
let own: { id: number; content: { raw: string }; modified_gmt: string; featured_media: number };

interface Post {
  id: number;
  slug: string;
  status: string;
  author: number;
  sticky: boolean;
  date_gmt: string;
  modified_gmt?: string;
  title: { raw: string };
  categories: number[];
  tags: number[];
  parent?: number;
  menu_order?: number;
  _links: Record<string, Array<{ count?: number }>>;
}

beforeAll(async () => {
  await cluster.init();
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [join(ROOT, 'services/core-content/dist/cli.js'), ...args], {
      env: cluster.env,
      encoding: 'utf8',
    });
  cli('users', 'create', '--login', 'seeder', '--email', 'seeder@example.com', '--role', 'administrator');
  const password = /Password: (.+)\n/.exec(cli('app-passwords', 'create', '--login', 'seeder', '--name', 'seed'))![1]!;
  auth = `Basic ${Buffer.from(`seeder:${password}`).toString('base64')}`;
  await cluster.start('core-content');
  await cluster.start('forms');
  await cluster.start('gateway', 'healthz'); // core-content and forms run: the index stays incomplete, /readyz 503
  rest = `${cluster.url()}/rest/core/v2`;
  const posted = await fetch(`${rest}/posts?context=edit`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Our own news',
      content: '<p>Written by us.</p>',
      status: 'publish',
      date_gmt: new Date(Date.now() - 60000).toISOString().slice(0, 19),
    }),
  });
  own = await posted.json();
  // The site's address as `npm start` gives it to the processes (cluster.env: LOOM_BASE_URL), no LOOM_SEED_URL.
  seedEnv = {
    ...cluster.env,
    LOOM_SEED_USER: 'seeder',
    LOOM_SEED_APP_PASSWORD: password,
    LOOM_SEED_POSTS: '150',
    LOOM_SEED_PAGES: '12',
  };
  await seed(seedEnv);
}, 120000);
afterAll(() => cluster.stopAll());

const get = async (path: string, asAdmin = false) => {
  const r = await fetch(`${rest}/${path}`, { headers: asAdmin ? { authorization: auth } : {} });
  return {
    status: r.status,
    body: (await r.json()) as Post[],
    total: Number(r.headers.get('x-wp-total')),
    pages: Number(r.headers.get('x-wp-totalpages')),
  };
};
/** Every item of a collection, page by page (bounded by the reported page count). */
async function all(path: string, asAdmin = false): Promise<Post[]> {
  const first = await get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=1`, asAdmin);
  const out = [...first.body];
  for (let p = 2; p <= first.pages && p <= 50; p++)
    out.push(...(await get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${p}`, asAdmin)).body);
  return out;
}
const ids = (list: Post[]) => list.map((p) => p.id);

test('the seed created the site, and anonymous readers see only what is published', async () => {
  const everything = await all('posts?status=any&context=edit', true);
  expect(everything.length).toBe(151);
  expect(everything.filter((p) => /^seed-post-\d+$/.test(p.slug))).toHaveLength(150);
  const published = everything.filter((p) => p.status === 'publish');
  const anon = await all('posts');
  expect(ids(anon).sort()).toEqual(ids(published).sort());
  expect((await get('posts')).total).toBe(published.length);
  expect(ids(await all('posts?status=draft', true)).sort()).toEqual(
    ids(everything.filter((p) => p.status === 'draft')).sort(),
  );
  // As WordPress (sample 27): a 400 whose detail is rest_forbidden_status.
  const refused = await fetch(`${rest}/posts?status=draft`);
  expect(refused.status).toBe(400);
  expect((await refused.json()).data.details.status.code).toBe('rest_forbidden_status');
});

test('the seeded images: uploaded, served through the gateway, the newest post featuring one and showing them in a gallery', async () => {
  type Media = {
    id: number;
    post: number;
    media_type: string;
    alt_text: string;
    source_url: string;
    media_details: { sizes: Record<string, { source_url: string }> };
  };
  const media = (await (await fetch(`${rest}/media?per_page=100`)).json()) as Media[];
  expect(media).toHaveLength(4);
  type Featured = {
    id: number;
    featured_media: number;
    content: { rendered: string };
    _embedded: { 'wp:featuredmedia': Media[] };
  };
  const [post] = (await (await fetch(`${rest}/posts?per_page=1&_embed=wp:featuredmedia`)).json()) as Featured[];
  expect(media.every((m) => m.post === post!.id && m.media_type === 'image' && m.alt_text !== '')).toBe(true);
  expect(media.map((m) => m.id)).toContain(post!.featured_media);
  const featured = post!._embedded['wp:featuredmedia'][0]!;
  expect(featured.id).toBe(post!.featured_media);
  for (const url of [featured.source_url, featured.media_details.sizes.medium!.source_url]) {
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  }
  const html = post!.content.rendered;
  expect(html).toContain(
    `<div id='gallery-1' class='gallery galleryid-${post!.id} gallery-columns-2 gallery-size-medium'>`,
  );
  expect(html.match(/<figure class='gallery-item'>/g)).toHaveLength(4);
  for (const m of media) expect(html).toContain(`src="${m.media_details.sizes.medium!.source_url}"`);
});

test("the showcase's thread: approved comments and replies, read anonymously", async () => {
  const [showcase] = (await get('posts?slug=seed-post-1')).body;
  const thread = await get(`comments?post=${showcase!.id}&order=asc&orderby=id`);
  expect(thread.total).toBe(5);
  const byId = new Map(thread.body.map((c) => [c.id, c as unknown as { parent: number; author_name: string }]));
  const parents = thread.body.map((c) => {
    const parent = (c as unknown as { parent: number }).parent;
    return parent ? thread.body.findIndex((p) => p.id === parent) : -1;
  });
  expect(parents).toEqual([-1, 0, 1, -1, 3]);
  expect([...byId.values()].map((c) => c.author_name)).toEqual([
    'Ada Weaver',
    'Grace Tailor',
    'Ada Weaver',
    'Linus Cutter',
    'Grace Tailor',
  ]);
});

test("the site's own newest post is not the seed's to edit: same content, no featured image, not modified", async () => {
  const r = await fetch(`${rest}/posts/${own.id}?context=edit`, { headers: { authorization: auth } });
  const now = (await r.json()) as typeof own;
  expect(now.content.raw).toBe('<p>Written by us.</p>');
  expect(now.featured_media).toBe(0);
  expect(now.modified_gmt).toBe(own.modified_gmt);
});

test('categories, tags, author, sticky, include/exclude, slug, search, dates, order and offset', async () => {
  const published = await all('posts?context=edit', true);
  const cat = published.flatMap((p) => p.categories)[0]!;
  expect(ids(await all(`posts?categories=${cat}`)).sort()).toEqual(
    ids(published.filter((p) => p.categories.includes(cat))).sort(),
  );
  expect(ids(await all(`posts?categories_exclude=${cat}`)).sort()).toEqual(
    ids(published.filter((p) => !p.categories.includes(cat))).sort(),
  );
  const [t1, t2] = [...new Set(published.flatMap((p) => p.tags))];
  expect(ids(await all(`posts?tags[terms]=${t1},${t2}&tags[operator]=AND`)).sort()).toEqual(
    ids(published.filter((p) => p.tags.includes(t1!) && p.tags.includes(t2!))).sort(),
  );
  const author = published[0]!.author;
  expect(ids(await all(`posts?author=${author}`)).sort()).toEqual(
    ids(published.filter((p) => p.author === author)).sort(),
  );
  expect(ids(await all('posts?sticky=true')).sort()).toEqual(ids(published.filter((p) => p.sticky)).sort());
  const some = ids(published).slice(0, 5);
  expect(ids(await all(`posts?include=${some.join(',')}&orderby=include`))).toEqual(some);
  expect(ids(await all(`posts?exclude=${some.join(',')}`)).length).toBe(published.length - 5);
  expect(ids(await all(`posts?slug=${published[3]!.slug}`))).toEqual([published[3]!.id]);
  const byTitle = await all('posts?orderby=title&order=asc&context=edit', true);
  const titles = byTitle.map((p) => p.title.raw);
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
  const newestFirst = await all('posts?context=edit', true);
  const dates = newestFirst.map((p) => p.date_gmt);
  expect(dates).toEqual([...dates].sort().reverse());
  const middle = dates[Math.floor(dates.length / 2)]!;
  expect(ids(await all(`posts?after=${middle}`)).sort()).toEqual(
    ids(newestFirst.filter((p) => p.date_gmt > middle)).sort(),
  );
  const offset = await get('posts?per_page=5&offset=7');
  expect(ids(offset.body)).toEqual(ids(newestFirst).slice(7, 12));
  const search = await all('posts?search=weave&context=edit', true);
  expect(search.length).toBeGreaterThan(0);
  const past = await get(`posts?page=${(await get('posts')).pages + 1}`);
  expect([past.status, (past.body as unknown as { code: string }).code]).toEqual([
    400,
    'rest_post_invalid_page_number',
  ]);
});

test('pages: parent, menu_order and the revisions the seed made', async () => {
  const pages = await all('pages?context=edit', true);
  expect(pages.length).toBe(12);
  const parent = pages.find((p) => pages.some((c) => c.parent === p.id));
  if (parent)
    expect(ids(await all(`pages?parent=${parent.id}`)).sort()).toEqual(
      ids(pages.filter((p) => p.parent === parent.id)).sort(),
    );
  const ordered = await all('pages?orderby=menu_order&order=asc&context=edit', true);
  expect(ordered.map((p) => p.menu_order)).toEqual([...ordered.map((p) => p.menu_order)].sort((a, b) => a! - b!));
  for (const p of pages) expect(p._links['version-history']![0]!.count).toBe(2);
  const revisions = await fetch(`${rest}/pages/${pages[0]!.id}/revisions`, { headers: { authorization: auth } });
  expect((await revisions.json()).length).toBe(2);
});

test('forms: the seed made one contact form (formsA/v1) and one WPForms form (formsB/v1)', async () => {
  const root = rest.replace(/\/core\/v2$/, '');
  const contactForms = await fetch(`${root}/formsA/v1/contact-forms`, { headers: { authorization: auth } });
  expect(contactForms.status).toBe(200);
  const list = (await contactForms.json()) as Array<{ id: number; hash: string; title: string }>;
  expect(list).toHaveLength(1);
  expect(list[0]!.hash).toMatch(/^[0-9a-f]{7}$/);
  const wpforms = await fetch(`${root}/formsB/v1/forms`, { headers: { authorization: auth } });
  const body = (await wpforms.json()) as { forms: Array<{ post_type: string; post_content: string }> };
  expect(body.forms).toHaveLength(1);
  expect(body.forms[0]!.post_type).toBe('wpforms');
  expect(JSON.parse(body.forms[0]!.post_content).fields).toHaveLength(3);
});

test('a second run finds everything the seed made, changes nothing and says so', async () => {
  const snapshot = async () => {
    const lists = await Promise.all(
      [
        'posts?status=any&',
        'pages?status=any&',
        'media?',
        'users?',
        'categories?',
        'tags?',
        'comments?status=any&',
      ].map((p) => all(`${p}context=edit`, true)),
    );
    const forms = await Promise.all(
      ['formsA/v1/contact-forms', 'formsB/v1/forms'].map(async (p) =>
        (await fetch(`${rest.replace(/\/core\/v2$/, '')}/${p}`, { headers: { authorization: auth } })).json(),
      ),
    );
    return { lists: lists.map((l) => l.map((i) => [i.id, i.modified_gmt]).sort()), forms };
  };
  const before = await snapshot();
  const out = await seed(seedEnv);
  expect(out).toContain(
    `seed: nothing to do at ${cluster.url()}: the seed's 8 users, 12 categories, 24 tags, 150 posts, 12 pages, 4 images, 5 comments and 2 forms are all there already.`,
  );
  expect(await snapshot()).toEqual(before);
}, 60000);

test('a site that does not answer: which address was tried, and what to do', async () => {
  const port = await freePort();
  // No LOOM_BASE_URL: the address follows GATEWAY_PORT, as under `npm start`.
  const r = await seed({ ...seedEnv, LOOM_BASE_URL: '', GATEWAY_PORT: String(port) }).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => e,
  );
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`seed failed: cannot reach Loom at http://127.0.0.1:${port} (ECONNREFUSED).`);
  expect(r.stderr).toContain('Start it with `npm start`');
  expect(r.stderr).not.toContain('fetch failed');
});
