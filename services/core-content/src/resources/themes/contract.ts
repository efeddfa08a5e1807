/**
 * core/v2 themes (WP_REST_Themes_Controller, WordPress 6.4): the installed themes, read-only. Loom has one theme
 * directory in use, the active one (src/site/theme), so the collection holds that theme alone.
 */
import { z } from 'zod';
import { READABLE, endpoint, field, resource, route, wp, type FieldDef, type ResourceDef } from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';
import { THEME_FEATURES } from './supports';

// The schema names no contexts: every field is in every one.
const ALL = ['view', 'edit', 'embed'] as const;
const ro = { readonly: true };

/** A header shown as found in the file (`raw`) and transformed for display (`rendered`). */
const rich = (description: string, raw: string, rendered: string, uri = false): FieldDef => {
  const s = () => (uri ? z.string().url() : z.string());
  return field(z.object({ raw: s(), rendered: s() }).describe(description), [...ALL], {
    ...ro,
    properties: { raw: field(s().describe(raw), [...ALL]), rendered: field(s().describe(rendered), [...ALL]) },
  });
};

export const themeResource: ResourceDef = resource('theme', {
  stylesheet: field(z.string().describe("The theme's stylesheet. This uniquely identifies the theme."), [...ALL], ro),
  template: field(
    z
      .string()
      .describe(
        "The theme's template. If this is a child theme, this refers to the parent theme, otherwise this is the same as the theme's stylesheet.",
      ),
    [...ALL],
    ro,
  ),
  author: rich(
    'The theme author.',
    "The theme author's name, as found in the theme header.",
    'HTML for the theme author, transformed for display.',
  ),
  author_uri: rich(
    'The website of the theme author.',
    'The website of the theme author, as found in the theme header.',
    'The website of the theme author, transformed for display.',
    true,
  ),
  description: rich(
    'A description of the theme.',
    'The theme description, as found in the theme header.',
    'The theme description, transformed for display.',
  ),
  is_block_theme: field(z.boolean().describe('Whether the theme is a block-based theme.'), [...ALL], ro),
  name: rich('The name of the theme.', 'The theme name, as found in the theme header.', 'The theme name, transformed for display.'),
  requires_php: field(z.string().describe('The minimum PHP version required for the theme to work.'), [...ALL], ro),
  requires_wp: field(z.string().describe('The minimum WordPress version required for the theme to work.'), [...ALL], ro),
  screenshot: field(z.string().url().describe("The theme's screenshot URL."), [...ALL], ro),
  stylesheet_uri: field(
    wp(z.string().describe("The uri for the theme's stylesheet directory."), { format: 'uri' }),
    [...ALL],
    ro,
  ),
  tags: field(
    z
      .object({ raw: z.array(z.string()), rendered: z.string() })
      .describe('Tags indicating styles and features of the theme.'),
    [...ALL],
    {
      ...ro,
      properties: {
        raw: field(z.array(z.string()).describe('The theme tags, as found in the theme header.'), [...ALL]),
        rendered: field(z.string().describe('The theme tags, transformed for display.'), [...ALL]),
      },
    },
  ),
  template_uri: field(
    wp(
      z
        .string()
        .describe(
          "The uri for the theme's template directory. If this is a child theme, this refers to the parent theme, otherwise this is the same as the theme's stylesheet directory.",
        ),
      { format: 'uri' },
    ),
    [...ALL],
    ro,
  ),
  textdomain: field(z.string().describe("The theme's text domain."), [...ALL], ro),
  theme_supports: field(
    z
      .object(Object.fromEntries(THEME_FEATURES.map((f) => [f.name, f.schema.optional()])))
      .describe('Features supported by this theme.'),
    [...ALL],
    ro,
  ),
  theme_uri: rich(
    "The URI of the theme's webpage.",
    "The URI of the theme's webpage, as found in the theme header.",
    "The URI of the theme's webpage, transformed for display.",
    true,
  ),
  version: field(z.string().describe("The theme's current version."), [...ALL], ro),
  status: field(z.enum(['inactive', 'active']).describe('A named status for the theme.'), [...ALL]),
});

export const themes = {
  collection: route(
    CORE,
    `/${CORE}/themes`,
    {
      list: endpoint(READABLE, {
        status: z
          .array(z.enum(['active', 'inactive']))
          .optional()
          .describe('Limit result set to themes assigned one or more statuses.'),
      }),
    },
    themeResource,
  ),
  item: route(
    CORE,
    `/${CORE}/themes/<stylesheet>`,
    {
      read: endpoint(READABLE, {
        stylesheet: z.string().optional().describe("The theme's stylesheet. This uniquely identifies the theme."),
      }),
    },
    themeResource,
  ),
};
