/**
 * core/navigation through the gateway, as render_block_core_navigation() (WordPress 6.4) renders it: the menu of a
 * published `wp_navigation` post (`ref`), links to unpublished posts left out, the list wrapping, the responsive
 * overlay with its directives, the fallbacks (a draft's ref, no ref: the latest published menu, else a page list),
 * a menu name seen twice, and the same markup inside a post's content.rendered.
 */
import { as, make, startWorld, type World } from '@loom/testing';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());
const admin = () => as(w, 'administrator');

const navigationPost = async (title: string, content: string, status = 'publish') =>
  (await admin().post('/core/v2/navigation', { title, content, status })).body as { id: number };
const render = async (attrs: Record<string, unknown>) => {
  const q = Object.entries(attrs)
    .map(([k, v]) => `attributes[${k}]=${encodeURIComponent(String(v))}`)
    .join('&');
  const r = await admin().get(`/core/v2/block-renderer/core/navigation?context=edit${q ? `&${q}` : ''}`);
  expect(r.status).toBe(200);
  return r.body.rendered as string;
};
const link = (label: string, url: string) =>
  `<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="${url}"><span class="wp-block-navigation-item__label">${label}</span></a></li>`;

test('without any menu, the fallback is a page list (is-fallback), outside the container list', async () => {
  const about = await make(admin(), 'pages', { title: 'About', status: 'publish' });
  const html = await render({ overlayMenu: 'never' });
  expect(html).toBe(
    `<nav class="is-fallback wp-block-navigation" aria-label=""><ul class="wp-block-page-list"><li class="wp-block-pages-list__item"><a class="wp-block-pages-list__item__link" href="${about.link as string}">About</a></li></ul></nav>`,
  );
});

// 'wp-block-navigation__container ' . $class, with an empty $class, then get_block_wrapper_attributes() joining it to
// the supports' class with a space: two spaces, as 6.4 writes them.
test("a published menu by ref: its links in the container list, a link to a draft left out, the menu's name", async () => {
  const page = await make(admin(), 'pages', { title: 'Atelier', status: 'publish' });
  const draft = await make(admin(), 'pages', { title: 'Secret', status: 'draft' });
  const menu = await navigationPost(
    'Main menu',
    `<!-- wp:navigation-link {"label":"Atelier","type":"page","id":${page.id},"url":"${page.link as string}","kind":"post-type"} /-->` +
      `<!-- wp:navigation-link {"label":"Secret","type":"page","id":${draft.id},"url":"http://loom.test/?page_id=${draft.id}","kind":"post-type"} /-->` +
      '<!-- wp:navigation-link {"label":"Shop","url":"https://shop.example.com/","kind":"custom"} /-->',
  );
  const html = await render({ ref: menu.id, overlayMenu: 'never' });
  expect(html).toBe(
    `<nav class="wp-block-navigation" aria-label="Main menu"><ul class="wp-block-navigation__container  wp-block-navigation">${link('Atelier', page.link as string)}${link('Shop', 'https://shop.example.com/')}</ul></nav>`,
  );
  expect(html).not.toContain('Secret');
});

test('the responsive menu (overlayMenu mobile, the default): the overlay markup and the Interactivity directives', async () => {
  const menu = await navigationPost(
    'Overlay',
    '<!-- wp:navigation-link {"label":"Home","url":"/","kind":"custom"} /-->',
  );
  const html = await render({ ref: menu.id, textColor: 'contrast', overlayBackgroundColor: 'base' });
  expect(
    html.startsWith(
      '<nav class="has-text-color has-contrast-color is-responsive wp-block-navigation" aria-label="Overlay" ',
    ),
  ).toBe(true);
  expect(html).toContain(
    `data-wp-interactive\n\t\t\tdata-wp-context='{"core":{"navigation":{"overlayOpenedBy":[],"type":"overlay","roleAttribute":"","ariaLabel":"Menu"}}}'`,
  );
  expect(html).toContain(
    '<button aria-haspopup="true" aria-label="Open menu" class="wp-block-navigation__responsive-container-open " \n\t\t\tdata-wp-on--click="actions.core.navigation.openMenuOnClick"',
  );
  expect(html).toMatch(
    /<div class="wp-block-navigation__responsive-container {2}has-background has-base-background-color" style="" id="modal-1" \n\t\t\tdata-wp-class--has-modal-open=/,
  );
  expect(html).toContain('<div class="wp-block-navigation__responsive-container-content" id="modal-1-content">');
  expect(html).toContain(
    `<ul class="wp-block-navigation__container has-text-color has-contrast-color is-responsive wp-block-navigation">${link('Home', '/')}</ul>`,
  );
  expect(html.endsWith('</div>\n\t\t\t\t</div>\n\t\t\t</div></nav>')).toBe(true);
});

test('a ref to a draft falls back to the latest published menu; a ref to nothing renders nothing', async () => {
  const draft = await navigationPost(
    'Draft menu',
    '<!-- wp:navigation-link {"label":"Draft link","url":"/d","kind":"custom"} /-->',
    'draft',
  );
  const latest = await navigationPost(
    'Latest',
    '<!-- wp:navigation-link {"label":"Newest","url":"/n","kind":"custom"} /-->',
  );
  const html = await render({ ref: draft.id, overlayMenu: 'never' });
  expect(html).toBe(
    `<nav class="is-fallback wp-block-navigation" aria-label=""><ul class="wp-block-navigation__container is-fallback wp-block-navigation">${link('Newest', '/n')}</ul></nav>`,
  );
  expect(html).not.toContain('Draft link');
  expect(latest.id).toBeGreaterThan(draft.id);
  expect(await render({ ref: 987654 })).toBe('');
});

test('inside content.rendered: the same menu, its name numbered the second time it appears', async () => {
  const menu = await navigationPost(
    'Footer',
    '<!-- wp:navigation-link {"label":"Contact","url":"/contact","kind":"custom"} /-->',
  );
  const block = `<!-- wp:navigation {"ref":${menu.id},"overlayMenu":"never"} /-->`;
  const post = await make(admin(), 'posts', { title: 'Two menus', status: 'publish', content: `${block}\n${block}` });
  const html = (await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
  expect(html).toContain(
    `<nav class="wp-block-navigation" aria-label="Footer"><ul class="wp-block-navigation__container  wp-block-navigation">${link('Contact', '/contact')}</ul></nav>`,
  );
  expect(html).toContain('aria-label="Footer 2"');
  // Unpublishing the menu changes the post's rendering (no answer keeps the old one).
  await admin().post(`/core/v2/navigation/${menu.id}`, { status: 'draft' });
  const after = (await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
  expect(after).not.toContain('aria-label="Footer"');
});

test('a submenu (navigation-submenu) and the home link, styled from the navigation, with the submenu directives', async () => {
  const page = await make(admin(), 'pages', { title: 'Looms', status: 'publish' });
  const menu = await navigationPost(
    'With submenu',
    '<!-- wp:home-link {"label":"Home"} /-->' +
      `<!-- wp:navigation-submenu {"label":"Looms","type":"page","id":${page.id},"url":"${page.link as string}","kind":"post-type"} -->` +
      '<!-- wp:navigation-link {"label":"Floor looms","url":"/floor","kind":"custom"} /-->' +
      '<!-- /wp:navigation-submenu -->',
  );
  const html = await render({ ref: menu.id, overlayMenu: 'never', overlayTextColor: 'base', fontSize: 'small' });
  const home =
    '<li class="has-small-font-size wp-block-navigation-item wp-block-home-link"><a class="wp-block-home-link__content wp-block-navigation-item__content" href="http://loom.test" rel="home">Home</a></li>';
  const icon =
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12" fill="none" aria-hidden="true" focusable="false"><path d="M1.50002 4L6.00002 8L10.5 4" stroke-width="1.5"></path></svg>';
  // block_core_navigation_add_directives_to_submenu(): the has-child item, its toggle, its list.
  const submenu =
    `<li class="has-small-font-size wp-block-navigation-item has-child open-on-hover-click wp-block-navigation-submenu" data-wp-interactive data-wp-context="{ &quot;core&quot;: { &quot;navigation&quot;: { &quot;submenuOpenedBy&quot;: {}, &quot;type&quot;: &quot;submenu&quot; } } }" data-wp-effect="effects.core.navigation.initMenu" data-wp-on--focusout="actions.core.navigation.handleMenuFocusout" data-wp-on--keydown="actions.core.navigation.handleMenuKeydown" tabindex="-1" data-wp-on--mouseenter="actions.core.navigation.openMenuOnHover" data-wp-on--mouseleave="actions.core.navigation.closeMenuOnHover">` +
    `<a class="wp-block-navigation-item__content" href="${page.link as string}">Looms</a>` +
    `<button aria-label="Looms submenu" class="wp-block-navigation__submenu-icon wp-block-navigation-submenu__toggle" aria-expanded="false" data-wp-on--click="actions.core.navigation.toggleMenuOnClick" data-wp-bind--aria-expanded="selectors.core.navigation.isMenuOpen">${icon}</button>` +
    `<ul class="wp-block-navigation__submenu-container has-text-color has-base-color wp-block-navigation-submenu" data-wp-on--focus="actions.core.navigation.openMenuOnFocus">${link('Floor looms', '/floor')}</ul></li>`;
  expect(html).toBe(
    // The font size's class twice, as 6.4 writes it: the navigation's own, then its typography support's.
    `<nav class="has-small-font-size wp-block-navigation has-small-font-size" aria-label="With submenu"><ul class="wp-block-navigation__container has-small-font-size wp-block-navigation has-small-font-size">${home}${submenu}</ul></nav>`,
  );
  // A submenu under a page that is no longer published goes, its items with it.
  await admin().post(`/core/v2/pages/${page.id}`, { status: 'draft' });
  const after = await render({ ref: menu.id, overlayMenu: 'never' });
  expect(after).not.toContain('Floor looms');
  expect(after).toContain('wp-block-home-link');
});
