/**
 * `wp_template` (spec 2.8, core/v2/templates): served by the templates controller (core/templates.ts). What this type
 * adds to the templates controller's schema is `is_custom` (WordPress's `'wp_template' === $this->post_type`
 * branches); slugs are unique within a theme.
 */
import { z } from 'zod';
import { field, hiddenArg } from '@loom/contracts';
import { themeOptionsCaps } from '../../engine/contract/capabilities';
import { definePostType } from '../../engine/contract/post-type';
import { siteEditorLabels } from '../../engine/contract/site-editor-labels';

export const templateType = definePostType({
  name: 'wp_template',
  restBase: 'templates',
  description: 'Templates to include in your theme.',
  labels: siteEditorLabels('Templates', 'Template', 'template', 'templates'),
  supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
  slugScope: 'theme',
  cap: themeOptionsCaps(),
  rest: {
    controller: 'templates',
    allowBatch: false,
    trash: true,
    autosaves: true,
    fields: (fields) => ({
      ...fields,
      is_custom: field(z.boolean().describe('Whether a template is a custom template.'), ['embed', 'view', 'edit'], {
        readonly: true,
      }),
    }),
    // The site editor marks templates made from a suggestion (`single-post-hello`): not listed, but read on write.
    writeArgs: (args) => ({ ...args, is_wp_suggestion: hiddenArg(z.boolean().optional()) }),
  },
});
