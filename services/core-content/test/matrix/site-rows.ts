/**
 * The matrix rows of the site's and the editor's resources (WordPress 6.4's permission checks): search is public;
 * block types, the block renderer, block patterns and the active theme need edit_posts; settings, global styles
 * and the other themes need manage_options, edit_theme_options or switch_themes (administrators).
 */
import type { MatrixWorld, Row } from './harness';

type Statuses = [number, number, number, number, number, number];
const ADMIN_ONLY = (ok: number): Statuses => [401, 403, 403, 403, 403, ok];
const EDITS_POSTS = (ok: number): Statuses => [401, 403, ok, ok, ok, ok];

/** The user's global styles of the active theme (made on first need), as the themes item links them. */
async function userStyles(w: MatrixWorld): Promise<number> {
  const [theme] = (await w.read('themes?status=active')) as Array<{ _links: Record<string, Array<{ href: string }>> }>;
  return Number(/(\d+)$/.exec(theme!._links['wp:user-global-styles']![0]!.href)![1]);
}

export const siteRows: Row[] = [
  { name: 'search', method: 'get', path: () => 'search?search=x', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'render a dynamic block',
    method: 'get',
    path: () => 'block-renderer/core/archives?context=edit',
    expect: EDITS_POSTS(200),
  },
  { name: 'list block types', method: 'get', path: () => 'block-types', expect: EDITS_POSTS(200) },
  { name: "a namespace's block types", method: 'get', path: () => 'block-types/core', expect: EDITS_POSTS(200) },
  { name: 'a block type', method: 'get', path: () => 'block-types/core/paragraph', expect: EDITS_POSTS(200) },
  {
    name: "the user's global styles revisions",
    method: 'get',
    path: async (w) => `global-styles/${await userStyles(w)}/revisions`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: "the theme's style variations",
    method: 'get',
    path: () => 'global-styles/themes/atelier/variations',
    expect: ADMIN_ONLY(200),
  },
  {
    name: "the theme's base styles",
    method: 'get',
    path: () => 'global-styles/themes/atelier',
    expect: ADMIN_ONLY(200),
  },
  {
    name: "read the user's global styles",
    method: 'get',
    path: async (w) => `global-styles/${await userStyles(w)}`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: "change the user's global styles",
    method: 'post',
    path: async (w) => `global-styles/${await userStyles(w)}`,
    body: () => ({ styles: { color: { text: '#222222' } } }),
    expect: ADMIN_ONLY(200),
  },
  { name: 'read the settings', method: 'get', path: () => 'settings', expect: ADMIN_ONLY(200) },
  {
    name: 'change a setting',
    method: 'post',
    path: () => 'settings',
    body: () => ({ posts_per_page: 12 }),
    expect: ADMIN_ONLY(200),
  },
  { name: 'list themes', method: 'get', path: () => 'themes', expect: ADMIN_ONLY(200) },
  { name: 'the active theme', method: 'get', path: () => 'themes?status=active', expect: EDITS_POSTS(200) },
  { name: 'a theme by stylesheet', method: 'get', path: () => 'themes/atelier', expect: EDITS_POSTS(200) },
  { name: 'block patterns', method: 'get', path: () => 'block-patterns/patterns', expect: EDITS_POSTS(200) },
  {
    name: 'block pattern categories',
    method: 'get',
    path: () => 'block-patterns/categories',
    expect: EDITS_POSTS(200),
  },
];
