/** `page` (spec 2.4): hierarchical, with page attributes (menu_order); no formats, sticky or terms. */
import { postTypeCaps } from '../../engine/contract/capabilities';
import { definePostType, POSTS_CONTROLLER } from '../../engine/contract/post-type';
import { POST_META_DEFAULTS } from '../../engine/contract/meta';

export const pageType = definePostType({
  name: 'page',
  restBase: 'pages',
  labels: { name_admin_bar: 'Page' },
  hierarchical: true,
  menuIcon: 'dashicons-admin-page',
  showUi: true,
  showInNavMenus: true,
  viewable: true,
  public: true,
  supports: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions'],
  cap: postTypeCaps('page', 'pages'),
  meta: POST_META_DEFAULTS,
  // The posts controller's fixed schema for pages shows an excerpt, which pages do not support.
  rest: {
    ...POSTS_CONTROLLER,
    schemaFeatures: [
      'title',
      'editor',
      'author',
      'excerpt',
      'thumbnail',
      'comments',
      'revisions',
      'page-attributes',
      'custom-fields',
    ],
  },
});
