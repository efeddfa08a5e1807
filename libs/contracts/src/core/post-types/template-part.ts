/** `wp_template_part` (spec 2.8, core/v2/template-parts): registered; its routes come with the templates resource. */
import { themeOptionsCaps } from '../registry/capabilities';
import { definePostType } from '../registry/post-type';
import { siteEditorLabels } from './site-editor-labels';

export const templatePartType = definePostType({
  name: 'wp_template_part',
  restBase: 'template-parts',
  description: 'Template parts to include in your templates.',
  labels: siteEditorLabels('Template Parts', 'Template Part', 'template part', 'template parts'),
  supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
  cap: themeOptionsCaps(),
});
