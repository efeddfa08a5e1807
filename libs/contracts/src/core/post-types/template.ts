/** `wp_template` (spec 2.8, core/v2/templates): registered; its routes come with the templates resource. */
import { themeOptionsCaps } from '../registry/capabilities';
import { definePostType } from '../registry/post-type';
import { siteEditorLabels } from './site-editor-labels';

export const templateType = definePostType({
  name: 'wp_template',
  restBase: 'templates',
  description: 'Templates to include in your theme.',
  labels: siteEditorLabels('Templates', 'Template', 'template', 'templates'),
  supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
  cap: themeOptionsCaps(),
});
