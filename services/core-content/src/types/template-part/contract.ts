/**
 * `wp_template_part` (spec 2.8, core/v2/template-parts): served by the templates controller (core/templates.ts). What
 * this type adds is `area` (field and write argument: WordPress's `'wp_template_part' === $this->post_type`
 * branches); slugs are unique within a theme.
 */
import { z } from 'zod';
import { field } from '@loom/contracts';
import { themeOptionsCaps } from '../../engine/contract/capabilities';
import { definePostType } from '../../engine/contract/post-type';
import { siteEditorLabels } from '../../engine/contract/site-editor-labels';

const AREA = 'Where the template part is intended for use (header, footer, etc.)';

export const templatePartType = definePostType({
  name: 'wp_template_part',
  restBase: 'template-parts',
  description: 'Template parts to include in your templates.',
  labels: siteEditorLabels('Template Parts', 'Template Part', 'template part', 'template parts'),
  supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
  slugScope: 'theme',
  cap: themeOptionsCaps(),
  rest: {
    controller: 'templates',
    allowBatch: false,
    trash: true,
    autosaves: true,
    fields: (fields) => ({ ...fields, area: field(z.string().describe(AREA), ['embed', 'view', 'edit']) }),
    writeArgs: (args) => ({ ...args, area: z.string().optional().describe(AREA) }),
  },
});
