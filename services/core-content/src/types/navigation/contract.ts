/**
 * `wp_navigation` (spec 2.9, core/v2/navigation): navigation menus of the block editor, served by the posts
 * controller. WP_Navigation_Fallback::update_wp_navigation_post_schema adds the embed context to status, content
 * (raw, rendered, block_version) and title.raw, so an embedded menu carries what the editor needs. Otherwise it is
 * the generic post type (core-content gives it the default behaviour): drafts need edit_theme_options (its caps),
 * no theme template exists for it (only '' passes check_template), links are the plain `?post_type=wp_navigation&p=ID`.
 */
import { themeOptionsCaps } from '../../engine/contract/capabilities';
import { editArg, editField, type PropertyEdits } from '../../engine/contract/field-edits';
import { definePostType, POSTS_CONTROLLER } from '../../engine/contract/post-type';
import { siteEditorLabels } from '../../engine/contract/site-editor-labels';

const TITLE: PropertyEdits = { raw: ['edit', 'embed'] };
const CONTENT: PropertyEdits = {
  raw: ['edit', 'embed'],
  rendered: ['view', 'edit', 'embed'],
  block_version: ['edit', 'embed'],
};

export const navigationType = definePostType({
  name: 'wp_navigation',
  restBase: 'navigation',
  description: 'Navigation menus that can be inserted into your site.',
  labels: siteEditorLabels('Navigation Menus', 'Navigation Menu', 'Navigation Menu', 'Navigation Menu'),
  showUi: true,
  supports: ['title', 'editor', 'revisions'],
  cap: themeOptionsCaps(),
  rest: {
    ...POSTS_CONTROLLER,
    noun: { one: 'navigation menu', many: 'navigation menus' },
    fields: (fields) => ({
      ...fields,
      status: editField(fields.status!, {}, ['view', 'edit', 'embed']),
      title: editField(fields.title!, TITLE),
      content: editField(fields.content!, CONTENT, ['view', 'edit', 'embed']),
    }),
    writeArgs: (args) => ({ ...args, title: editArg(args.title!, TITLE), content: editArg(args.content!, CONTENT) }),
  },
});
