/**
 * core/v2 block patterns and their categories (WP_REST_Block_Patterns_Controller and
 * WP_REST_Block_Pattern_Categories_Controller, WordPress 6.4): the registered ones, read-only, no arguments.
 */
import { z } from 'zod';
import { READABLE, endpoint, field, resource, route, type ResourceDef } from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

const ALL = ['view', 'edit', 'embed'] as const;
const ro = { readonly: true };

export const blockPatternResource: ResourceDef = resource('block-pattern', {
  name: field(z.string().describe('The pattern name.'), [...ALL], ro),
  title: field(z.string().describe('The pattern title, in human readable format.'), [...ALL], ro),
  content: field(z.string().describe('The pattern content.'), [...ALL], ro),
  description: field(z.string().describe('The pattern detailed description.'), [...ALL], ro),
  viewport_width: field(z.number().describe('The pattern viewport width for inserter preview.'), [...ALL], ro),
  inserter: field(z.boolean().describe('Determines whether the pattern is visible in inserter.'), [...ALL], ro),
  categories: field(z.array(z.unknown()).describe('The pattern category slugs.'), [...ALL], ro),
  keywords: field(z.array(z.unknown()).describe('The pattern keywords.'), [...ALL], ro),
  block_types: field(
    z.array(z.unknown()).describe('Block types that the pattern is intended to be used with.'),
    [...ALL],
    ro,
  ),
  post_types: field(
    z.array(z.unknown()).describe('An array of post types that the pattern is restricted to be used with.'),
    [...ALL],
    ro,
  ),
  template_types: field(
    z.array(z.unknown()).describe('An array of template types where the pattern fits.'),
    [...ALL],
    ro,
  ),
  source: field(
    z
      .enum([
        'core',
        'plugin',
        'theme',
        'pattern-directory/core',
        'pattern-directory/theme',
        'pattern-directory/featured',
      ])
      .describe('Where the pattern comes from e.g. core'),
    [...ALL],
    ro,
  ),
});

export const blockPatternCategoryResource: ResourceDef = resource('block-pattern-category', {
  name: field(z.string().describe('The category name.'), [...ALL], ro),
  label: field(z.string().describe('The category label, in human readable format.'), [...ALL], ro),
  description: field(z.string().describe('The category description, in human readable format.'), [...ALL], ro),
});

export const blockPatterns = {
  patterns: route(CORE, `/${CORE}/block-patterns/patterns`, { list: endpoint(READABLE, {}) }, blockPatternResource),
  categories: route(
    CORE,
    `/${CORE}/block-patterns/categories`,
    { list: endpoint(READABLE, {}) },
    blockPatternCategoryResource,
  ),
};
