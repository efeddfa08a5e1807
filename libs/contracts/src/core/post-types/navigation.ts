/** `wp_navigation` (spec 2.9, core/v2/navigation): navigation menus of the block editor. */
import { themeOptionsCaps } from '../registry/capabilities';
import { definePostType } from '../registry/post-type';
import { siteEditorLabels } from './site-editor-labels';

export const navigationType = definePostType({
  name: 'wp_navigation',
  restBase: 'navigation',
  description: 'Navigation menus that can be inserted into your site.',
  labels: siteEditorLabels('Navigation Menus', 'Navigation Menu', 'Navigation Menu', 'Navigation Menu'),
  showUi: true,
  supports: ['title', 'editor', 'revisions'],
  cap: themeOptionsCaps(),
});
