/**
 * core/v2/block-types and core/v2/block-renderer through the gateway (WP_REST_Block_Types_Controller and
 * WP_REST_Block_Renderer_Controller, WordPress 6.4), and dynamic blocks inside content.rendered.
 */
import { as, err, startWorld, type World } from '@loom/testing';

const REST = 'http://loom.test/rest';
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());
const admin = () => as(w, 'administrator');

test('core/paragraph has 6.4 shape: attributes with those supports add, handles, deprecated fields (sample 178)', async () => {
  const r = await admin().get('/core/v2/block-types/core/paragraph');
  expect(r.status).toBe(200);
  // Sample 178's attribute order: block.json's, lock, then the supports' (colors, class name, typography).
  expect(Object.keys(r.body.attributes)).toEqual([
    'align',
    'content',
    'dropCap',
    'placeholder',
    'direction',
    'lock',
    'style',
    'backgroundColor',
    'textColor',
    'gradient',
    'className',
    'fontSize',
    'fontFamily',
  ]);
  expect(r.body).toMatchObject({
    is_dynamic: false,
    api_version: 3,
    name: 'core/paragraph',
    title: 'Paragraph',
    icon: null,
    category: 'text',
    parent: null,
    ancestor: null,
    provides_context: [],
    textdomain: null,
    // The atelier theme is a block theme: core styles load separately, so their handles are registered.
    editor_style_handles: ['wp-block-paragraph-editor'],
    style_handles: ['wp-block-paragraph'],
    editor_script: null,
    editor_style: 'wp-block-paragraph-editor',
    style: 'wp-block-paragraph',
    view_script_handles: [],
  });
  expect(r.body._links.self).toEqual([{ href: `${REST}/core/v2/block-types/core/paragraph` }]);
  expect(r.body._links.up).toEqual([{ href: `${REST}/core/v2/block-types/core` }]);
  expect(r.body._links['https://api.w.org/render-block']).toBeUndefined();
});

test('a dynamic block links to its renderer; a viewScript file becomes a -view handle', async () => {
  const r = await admin().get('/core/v2/block-types/core/search');
  expect(r.body.is_dynamic).toBe(true);
  expect(r.body.view_script_handles).toEqual(['wp-block-search-view']);
  expect(r.body.view_script).toBe('wp-block-search-view');
  expect(r.body._links['wp:render-block'] ?? r.body._links['https://api.w.org/render-block']).toBeDefined();
});

test('the list, the namespace filter and the namespace route; unknown types are 404', async () => {
  const all = await admin().get('/core/v2/block-types');
  expect(all.status).toBe(200);
  expect(all.body.length).toBe(93);
  expect(all.body[0].name).toBe('core/legacy-widget');
  const byParam = await admin().get('/core/v2/block-types?namespace=core');
  expect(byParam.body.length).toBe(93);
  expect((await admin().get('/core/v2/block-types?namespace=nope')).body).toEqual([]);
  expect((await admin().get('/core/v2/block-types/core')).body.length).toBe(93);
  expect(err(await admin().get('/core/v2/block-types/core/nope'))).toEqual({
    status: 404,
    code: 'rest_block_type_invalid',
  });
});

test('block types need edit_posts: 401 anonymous (sample 179), 403 subscriber', async () => {
  const anon = await as(w, 'anonymous').get('/core/v2/block-types');
  expect(anon.status).toBe(401);
  expect(anon.body).toEqual({
    code: 'rest_block_type_cannot_view',
    message: 'Sorry, you are not allowed to manage block types.',
    data: { status: 401 },
  });
  expect(err(await as(w, 'subscriber').get('/core/v2/block-types/core/paragraph'))).toEqual({
    status: 403,
    code: 'rest_block_type_cannot_view',
  });
  expect((await as(w, 'contributor').get('/core/v2/block-types/core/paragraph')).status).toBe(200);
});

describe('block-renderer', () => {
  let published: { id: number; link: string };
  let draft: { id: number };
  beforeAll(async () => {
    published = (
      await admin().post('/core/v2/posts', { title: 'Spring linen', status: 'publish', date: '2024-03-05T10:00:00' })
    ).body;
    draft = (await admin().post('/core/v2/posts', { title: 'Secret draft', status: 'draft' })).body;
  });

  test('latest-posts: the published posts as latest-posts.php lists them, never a draft', async () => {
    const r = await admin().get(
      '/core/v2/block-renderer/core/latest-posts?context=edit&attributes[postsToShow]=20&attributes[displayPostDate]=true&attributes[className]=mine',
    );
    expect(r.status).toBe(200);
    const html: string = r.body.rendered;
    // latest-posts.php: extra classes first, then the supports' (custom class name, generated class name).
    expect(html.startsWith('<ul class="wp-block-latest-posts__list has-dates mine wp-block-latest-posts"><li>')).toBe(
      true,
    );
    expect(html).toContain(
      `<a class="wp-block-latest-posts__post-title" href="${published.link}">Spring linen</a><time datetime="2024-03-05T10:00:00+00:00" class="wp-block-latest-posts__post-date">March 5, 2024</time></li>\n`,
    );
    expect(html).not.toContain('Secret draft');
    expect(draft.id).toBeGreaterThan(0);
  });

  test('latest-posts excerpts: excerptLength words and a Read more link, or the manual excerpt as written', async () => {
    const long = (
      await admin().post('/core/v2/posts', {
        title: 'Long read',
        status: 'publish',
        content: 'one two three four five six seven',
      })
    ).body;
    await admin().post('/core/v2/posts', { title: 'Short read', status: 'publish', excerpt: 'Hand <em>made</em>' });
    const r = await admin().get(
      '/core/v2/block-renderer/core/latest-posts?attributes[postsToShow]=2&attributes[displayPostContent]=true&attributes[excerptLength]=5',
    );
    // latest-posts.php: get_the_excerpt() under the block's excerpt_length, " [&hellip;]" replaced by the link;
    // a manual excerpt is neither trimmed nor given paragraphs (get_the_excerpt, not the_excerpt).
    expect(r.body.rendered).toContain('<div class="wp-block-latest-posts__post-excerpt">Hand <em>made</em></div>');
    expect(r.body.rendered).toContain(
      `<div class="wp-block-latest-posts__post-excerpt">one two three four five… <a href="${long.link}" rel="noopener noreferrer">Read more<span class="screen-reader-text">: Long read</span></a></div>`,
    );
  });

  test('archives: monthly counts (archives.php, get_archives_link)', async () => {
    const r = await admin().post('/core/v2/block-renderer/core/archives', { attributes: { showPostCounts: true } });
    expect(r.status).toBe(200);
    expect(r.body.rendered).toContain(`\t<li><a href='http://loom.test/2024/03/'>March 2024</a>&nbsp;(1)</li>\n`);
    expect(r.body.rendered.startsWith('<ul class="wp-block-archives-list wp-block-archives">')).toBe(true);
  });

  test('categories and tag cloud list the terms with published posts', async () => {
    const cats = await admin().get('/core/v2/block-renderer/core/categories');
    expect(cats.body.rendered).toBe(
      '<ul class="wp-block-categories-list wp-block-categories">\t<li class="cat-item cat-item-1"><a href="http://loom.test/category/uncategorized/">Uncategorized</a>\n</li>\n</ul>',
    );
    // categories.php as a dropdown: wp_dropdown_categories() with show_option_none, then the redirect script.
    const dropdown = await admin().get('/core/v2/block-renderer/core/categories?attributes[displayAsDropdown]=true');
    expect(dropdown.body.rendered).toContain(
      '<div class="wp-block-categories-dropdown wp-block-categories"><label class="screen-reader-text" for="wp-block-categories-1">Categories</label>' +
        "<select  name='cat' id='wp-block-categories-1' class='postform'>\n\t<option value='-1'>Select Category</option>\n" +
        '\t<option class="level-0" value="1">Uncategorized</option>\n</select>\t<script',
    );
    expect(dropdown.body.rendered).toContain('location.href = "http://loom.test/?cat=" + dropdown.options');
    const tags = await admin().get('/core/v2/block-renderer/core/tag-cloud');
    expect(tags.body.rendered).toBe('<p class="wp-block-tag-cloud">There&#8217;s no content to show here yet.</p>');
  });

  test('latest-comments with no comments says so', async () => {
    const r = await admin().get('/core/v2/block-renderer/core/latest-comments');
    expect(r.body.rendered).toBe(
      '<div class="has-avatars has-dates has-excerpts no-comments wp-block-latest-comments">No comments to show.</div>',
    );
  });

  test('attributes are validated against the block type: unknown or mistyped ones are 400', async () => {
    const unknown = await admin().post('/core/v2/block-renderer/core/latest-posts', { attributes: { nope: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect(unknown.body.data.params.attributes).toBe('nope is not a valid property of Object.');
    const typed = await admin().post('/core/v2/block-renderer/core/latest-posts', { attributes: { postsToShow: 'x' } });
    expect(typed.body.data.params.attributes).toBe('attributes[postsToShow] is not of type number.');
  });

  test('a static or unknown block is 404 block_invalid; permissions follow edit_posts and post_id', async () => {
    expect(err(await admin().get('/core/v2/block-renderer/core/paragraph'))).toEqual({
      status: 404,
      code: 'block_invalid',
    });
    expect(err(await admin().get('/core/v2/block-renderer/core/nope'))).toEqual({ status: 404, code: 'block_invalid' });
    expect(err(await as(w, 'anonymous').get('/core/v2/block-renderer/core/archives'))).toEqual({
      status: 401,
      code: 'block_cannot_read',
    });
    expect(err(await as(w, 'subscriber').get('/core/v2/block-renderer/core/archives'))).toEqual({
      status: 403,
      code: 'block_cannot_read',
    });
    // A contributor may not edit the administrator's post.
    const other = await as(w, 'contributor').get(`/core/v2/block-renderer/core/archives?post_id=${published.id}`);
    expect(err(other)).toEqual({ status: 403, code: 'block_cannot_read' });
    expect((await admin().get(`/core/v2/block-renderer/core/archives?post_id=${published.id}`)).status).toBe(200);
  });

  test('categories in a tree with counts pad them: distinct published posts of the term and its descendants', async () => {
    const fibres = (await admin().post('/core/v2/categories', { name: 'Fibres' })).body;
    const linen = (await admin().post('/core/v2/categories', { name: 'Linen', parent: fibres.id })).body;
    const post = (categories: number[], status = 'publish') =>
      admin().post('/core/v2/posts', { title: 'Fibre post', status, categories });
    await post([fibres.id, linen.id]);
    await post([linen.id]);
    await post([fibres.id], 'draft');
    const r = await admin().get(
      '/core/v2/block-renderer/core/categories?attributes[showHierarchy]=true&attributes[showPostCounts]=true',
    );
    // Fibres holds one published post itself; with Linen's two (one shared) it counts 2 (wp_list_categories()
    // sets pad_counts for counts in a tree); the draft counts nowhere.
    expect(r.body.rendered).toContain(
      `<li class="cat-item cat-item-${fibres.id}"><a href="http://loom.test/category/fibres/">Fibres</a> (2)\n<ul class='children'>\n\t<li class="cat-item cat-item-${linen.id}"><a href="http://loom.test/category/fibres/linen/">Linen</a> (2)\n</li>\n</ul>\n</li>\n`,
    );
    const flat = await admin().get('/core/v2/block-renderer/core/categories?attributes[showPostCounts]=true');
    expect(flat.body.rendered).toContain('Fibres</a> (1)\n');
  });

  test('page-list: published children of a page by menu_order (page-list.php), a draft never, even in content', async () => {
    const page = async (body: Record<string, unknown>) => (await admin().post('/core/v2/pages', body)).body;
    const guides = await page({ title: 'Guides', status: 'publish' });
    const knit = await page({ title: 'Knitting', status: 'publish', parent: guides.id, menu_order: 2 });
    const dye = await page({ title: 'Dyeing', status: 'publish', parent: guides.id, menu_order: 1 });
    const plan = await page({ title: 'Hidden plan', status: 'draft', parent: guides.id });
    const item = (p: { link: string }, title: string) =>
      `<li class="wp-block-pages-list__item"><a class="wp-block-pages-list__item__link" href="${p.link}">${title}</a></li>`;
    const r = await admin().get(`/core/v2/block-renderer/core/page-list?attributes[parentPageID]=${guides.id}`);
    expect(r.status).toBe(200);
    // render_block_core_page_list(): get_pages( sort_column menu_order,post_title ), the parent's children only.
    expect(r.body.rendered).toBe(`<ul class="wp-block-page-list">${item(dye, 'Dyeing')}${item(knit, 'Knitting')}</ul>`);
    expect(knit.link).toBe('http://loom.test/guides/knitting/');
    const all = await admin().get('/core/v2/block-renderer/core/page-list');
    expect(all.body.rendered).toContain(
      `<li class="wp-block-pages-list__item has-child"><a class="wp-block-pages-list__item__link" href="${guides.link}">Guides</a><ul class="wp-block-navigation__submenu-container"><li class="wp-block-pages-list__item ">`,
    );
    expect(all.body.rendered).not.toContain('Hidden plan');

    const host = await page({
      title: 'Index',
      status: 'publish',
      content: `<!-- wp:page-list {"parentPageID":${guides.id}} /-->`,
    });
    const before = await as(w, 'anonymous').get(`/core/v2/pages/${host.id}`);
    expect(before.body.content.rendered).toContain('Knitting');
    expect(before.body.content.rendered).not.toContain('Hidden plan');
    await admin().post(`/core/v2/pages/${plan.id}`, { status: 'publish' });
    const after = await as(w, 'anonymous').get(`/core/v2/pages/${host.id}`);
    expect(after.body.content.rendered).toContain('Hidden plan');
  });

  test('calendar: the current month of the site clock (get_calendar), published posts only', async () => {
    const now = (await admin().post('/core/v2/posts', { title: 'Today post', status: 'publish' })).body;
    await admin().post('/core/v2/posts', { title: 'Private', status: 'private', date: '2025-06-15T10:00:00' });
    const scheduled = await admin().post('/core/v2/posts', {
      title: 'Scheduled',
      status: 'publish',
      date: '2031-07-04T10:00:00',
    });
    expect(scheduled.body.status).toBe('future');
    const r = await admin().post('/core/v2/block-renderer/core/calendar', { attributes: {} });
    expect(r.status).toBe(200);
    const html: string = r.body.rendered;
    const [y, m, d] = (now.date as string).slice(0, 10).split('-');
    const month = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      timeZone: 'UTC',
    });
    expect(html.startsWith('<div class="wp-block-calendar"><table id="wp-calendar" class="wp-calendar-table">')).toBe(
      true,
    );
    expect(html).toContain(
      `\n\t<caption>${month} ${y}</caption>\n\t<thead>\n\t<tr>\n\t\t<th scope="col" title="Monday">M</th>`,
    );
    // The post published today links its day, which is today (calendar.php: <td id="today">).
    expect(html).toContain(
      `<td id="today"><a href="http://loom.test/${y}/${m}/${d}/" aria-label="Posts published on ${month} ${Number(d)}, ${y}">${Number(d)}</a></td>`,
    );
    // The nearest earlier month with a published post is March 2024 (not the private post's); no later one (not
    // the scheduled post's).
    expect(html).toContain(
      '<span class="wp-calendar-nav-prev"><a href="http://loom.test/2024/03/">&laquo; Mar</a></span>',
    );
    expect(html).toContain('<span class="wp-calendar-nav-next">&nbsp;</span>\n\t</nav></div>');
  });

  test('revisions render dynamic blocks with the site data, listed as well as one by one', async () => {
    const post = (await admin().post('/core/v2/posts', { title: 'Digest', status: 'draft', content: 'v0' })).body;
    await admin().post(`/core/v2/posts/${post.id}`, { content: '<!-- wp:latest-posts {"postsToShow":50} /-->' });
    const list = await admin().get(`/core/v2/posts/${post.id}/revisions`);
    expect(list.status).toBe(200);
    const latest = list.body[0];
    expect(latest.content.rendered).toContain('Spring linen');
    const one = await admin().get(`/core/v2/posts/${post.id}/revisions/${latest.id}`);
    expect(one.body.content.rendered).toBe(latest.content.rendered);
  });

  test('a latest-posts block in content shows a post published after the first read', async () => {
    const page = (
      await admin().post('/core/v2/pages', {
        title: 'News',
        status: 'publish',
        content: '<!-- wp:latest-posts {"postsToShow":50} /-->',
      })
    ).body;
    const before = await as(w, 'anonymous').get(`/core/v2/pages/${page.id}`);
    expect(before.body.content.rendered).toContain('Spring linen');
    expect(before.body.content.rendered).not.toContain('Autumn wool');
    await admin().post('/core/v2/posts', { title: 'Autumn wool', status: 'publish' });
    const after = await as(w, 'anonymous').get(`/core/v2/pages/${page.id}`);
    expect(after.body.content.rendered).toContain('Autumn wool');
    expect(after.body.content.rendered).not.toContain('Secret draft');
  });
});
