/**
 * What WordPress 6.4's block editor asks for when it opens a post, replayed through the /wp-json face as the editor
 * sends it: the preload paths of wp-admin/edit-form-blocks.php (lines 55-75 of 6.4.3), then the requests
 * @wordpress/core-data makes for getEntityRecord('root', 'site') and '__unstableBase', getCurrentTheme(),
 * __experimentalGetCurrentGlobalStylesId() and the styles it names, the theme's base styles and variations,
 * getBlockPatterns() and getBlockPatternCategories(). Each answers as 6.4 does, with the fields the editor reads.
 */
import { basicForAll, roleUsers, startSite, type Site } from '@loom/testing';

jest.setTimeout(120_000);

let site: Site;
let admin: Record<string, string>;
let editor: Record<string, string>;
let postId: number;

beforeAll(async () => {
  site = await startSite();
  const auth = await basicForAll(site.services['core-content'].url, roleUsers());
  admin = auth.administrator;
  editor = auth.editor;
  const post = await call('POST', '/wp/v2/posts', admin, {
    title: 'Spring collection',
    content: '<!-- wp:paragraph --><p>Linen.</p><!-- /wp:paragraph -->',
  });
  expect(post.status).toBe(201);
  postId = (post.body as { id: number }).id;
});
afterAll(async () => site?.close());

interface Answer {
  status: number;
  allow: string | null;
  body: unknown;
}

async function call(method: string, path: string, auth: Record<string, string>, body?: object): Promise<Answer> {
  const res = await fetch(`${site.url}/wp-json${path}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, allow: res.headers.get('allow'), body: await res.json() };
}

type Obj = Record<string, unknown>;
const obj = (a: Answer) => a.body as Obj;

describe.each([
  ['an administrator', () => admin],
  ['an editor', () => editor],
])('the preload paths of edit-form-blocks.php, for %s', (_who, auth) => {
  test('types, taxonomies, the post, its type, the user and its autosaves answer 200 with what the editor reads', async () => {
    const types = await call('GET', '/wp/v2/types?context=view', auth());
    expect(types.status).toBe(200);
    expect(obj(types).post).toMatchObject({ slug: 'post', rest_base: 'posts', rest_namespace: 'wp/v2' });
    const taxonomies = await call('GET', '/wp/v2/taxonomies?context=view', auth());
    expect(taxonomies.status).toBe(200);
    expect(obj(taxonomies).category).toMatchObject({ slug: 'category', rest_base: 'categories' });
    const post = await call('GET', `/wp/v2/posts/${postId}?context=edit`, auth());
    expect(post.status).toBe(200);
    expect(obj(post)).toMatchObject({
      id: postId,
      title: { raw: 'Spring collection' },
      content: { raw: expect.stringContaining('<!-- wp:paragraph -->'), block_version: 1 },
      status: 'draft',
    });
    const type = await call('GET', '/wp/v2/types/post?context=edit', auth());
    expect(type.status).toBe(200);
    expect(obj(type)).toMatchObject({ slug: 'post', supports: expect.objectContaining({ editor: true }) });
    const me = await call('GET', '/wp/v2/users/me', auth());
    expect(me.status).toBe(200);
    expect(obj(me)).toHaveProperty('id');
    const autosaves = await call('GET', `/wp/v2/posts/${postId}/autosaves?context=edit`, auth());
    expect(autosaves.status).toBe(200);
    expect(autosaves.body).toEqual([]);
  });

  test('the OPTIONS preloads tell the editor, through Allow, what the user may create', async () => {
    for (const path of ['/wp/v2/media', '/wp/v2/pages', '/wp/v2/blocks']) {
      const r = await call('OPTIONS', path, auth());
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
      expect(r.allow?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(obj(r)).toHaveProperty('schema');
    }
    // Templates need edit_theme_options, which editors lack: their Allow names no method, as 6.4's.
    const templates = await call('OPTIONS', '/wp/v2/templates', auth());
    expect(templates.status).toBe(200);
    expect(templates.allow).toBe(auth() === admin ? 'GET, POST' : null);
  });

  test('the reusable blocks: per_page=-1 is refused as 6.4 refuses it; the editor fetches them page by page', async () => {
    // WordPress 6.4 answers this preload path 400 too (per_page's minimum is 1); @wordpress/api-fetch's
    // fetch-all middleware turns the editor's own per_page=-1 into pages of 100, which answer 200.
    const preload = await call('GET', '/wp/v2/blocks?context=edit&per_page=-1', auth());
    expect({ status: preload.status, code: obj(preload).code }).toEqual({ status: 400, code: 'rest_invalid_param' });
    const paged = await call('GET', '/wp/v2/blocks?context=edit&per_page=100', auth());
    expect(paged.status).toBe(200);
    expect(Array.isArray(paged.body)).toBe(true);
  });
});

describe('settings, theme, styles and patterns', () => {
  test('/wp/v2/settings and its OPTIONS (preloaded; also getEntityRecord("root", "site")) for an administrator', async () => {
    const settings = await call('GET', '/wp/v2/settings', admin);
    expect(settings.status).toBe(200);
    expect(obj(settings)).toMatchObject({ title: 'Loom', url: site.url, show_on_front: 'posts', posts_per_page: 10 });
    const options = await call('OPTIONS', '/wp/v2/settings', admin);
    expect(options.status).toBe(200);
    expect(options.allow).toBe('GET, POST, PUT, PATCH');
    expect(Object.keys((obj(options).schema as { properties: Obj }).properties)).toEqual(
      expect.arrayContaining(['title', 'description', 'site_logo', 'site_icon', 'page_on_front']),
    );
    // An editor may not manage options: WordPress's preload stores the 403 and the editor goes without.
    expect((await call('GET', '/wp/v2/settings', editor)).status).toBe(403);
  });

  test('the index links the active theme for those who may edit posts (add_active_theme_link_to_index)', async () => {
    const links = async (auth: Record<string, string>) =>
      (obj(await call('GET', '/', auth))._links as Obj)['https://api.w.org/active-theme'];
    expect(await links(editor)).toEqual([{ href: `${site.url}/wp-json/wp/v2/themes/atelier` }]);
    expect(await links({})).toBeUndefined();
  });

  test("core-data's __unstableBase: the index's site fields", async () => {
    const base = await call(
      'GET',
      '/?_fields=description,gmt_offset,home,name,site_icon,site_icon_url,site_logo,timezone_string,url',
      editor,
    );
    expect(base.status).toBe(200);
    expect(Object.keys(obj(base)).sort()).toEqual(
      [
        'description',
        'gmt_offset',
        'home',
        'name',
        'site_icon',
        'site_icon_url',
        'site_logo',
        'timezone_string',
        'url',
      ].sort(),
    );
  });

  test('getCurrentTheme(), the global styles it links to, the base styles and the variations', async () => {
    for (const auth of [admin, editor]) {
      const themes = await call('GET', '/wp/v2/themes?status=active', auth);
      expect(themes.status).toBe(200);
      const [theme] = themes.body as Obj[];
      expect(theme).toMatchObject({ status: 'active', is_block_theme: true });
      expect(theme!.theme_supports).toMatchObject({ 'block-templates': true });
      const stylesheet = theme!.stylesheet as string;
      const base = await call('GET', `/wp/v2/global-styles/themes/${stylesheet}?context=view`, auth);
      const variations = await call('GET', `/wp/v2/global-styles/themes/${stylesheet}/variations?context=view`, auth);
      if (auth === editor) {
        // 6.4 asks edit_theme_options of both (6.5 relaxed it to edit_posts): the editor goes without.
        expect([base.status, obj(base).code]).toEqual([403, 'rest_cannot_manage_global_styles']);
        expect(variations.status).toBe(403);
        continue;
      }
      expect(base.status).toBe(200);
      expect(obj(base)).toMatchObject({ settings: expect.any(Object), styles: expect.any(Object) });
      expect(variations.status).toBe(200);
      expect(Array.isArray(variations.body)).toBe(true);
    }
    const [theme] = (await call('GET', '/wp/v2/themes?context=edit&status=active', admin)).body as Obj[];
    const href = ((theme!._links as Obj)['wp:user-global-styles'] as Array<{ href: string }>)[0]!.href;
    const id = /global-styles\/(\d+)$/.exec(href)?.[1];
    expect(id).toBeDefined();
    const user = await call('GET', `/wp/v2/global-styles/${id}?context=edit`, admin);
    expect(user.status).toBe(200);
    expect(obj(user)).toMatchObject({ id: Number(id), settings: expect.any(Object), styles: expect.any(Object) });
    const options = await call('OPTIONS', `/wp/v2/global-styles/${id}`, admin);
    expect(options.status).toBe(200);
    expect(options.allow).toBe('GET, POST, PUT, PATCH');
  });

  test("the theme's stylesheet and screenshot URLs answer with its files; nothing else of the theme is served", async () => {
    const [theme] = (await call('GET', '/wp/v2/themes?status=active', editor)).body as Obj[];
    const dir = `${site.url}/wp-content/themes/${theme!.stylesheet as string}`;
    expect(theme).toMatchObject({ stylesheet_uri: dir, template_uri: dir, screenshot: `${dir}/screenshot.png` });
    const css = await fetch(`${dir}/style.css`);
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect(await css.text()).toContain('Theme Name:');
    const png = await fetch(theme!.screenshot as string);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    for (const path of [
      `${dir}/theme.json`,
      `${dir}/templates/index.html`,
      `${dir}/%2e%2e/%2e%2e/package.json`,
      `${site.url}/wp-content/themes/another/style.css`,
      `${dir}/.hidden.css`,
    ])
      expect({ path, status: (await fetch(path)).status }).toEqual({ path, status: 404 });
  });

  test('getBlockPatterns() and getBlockPatternCategories()', async () => {
    const patterns = await call('GET', '/wp/v2/block-patterns/patterns', editor);
    expect(patterns.status).toBe(200);
    expect((patterns.body as Obj[]).length).toBeGreaterThan(0);
    expect((patterns.body as Obj[])[0]).toMatchObject({
      name: expect.any(String),
      title: expect.any(String),
      content: expect.any(String),
      categories: expect.any(Array),
    });
    const categories = await call('GET', '/wp/v2/block-patterns/categories', editor);
    expect(categories.status).toBe(200);
    expect((categories.body as Obj[])[0]).toMatchObject({ name: expect.any(String), label: expect.any(String) });
  });
});
