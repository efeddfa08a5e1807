/**
 * `wp_template` (core/v2/templates): the default template types of WordPress's hierarchy (fixed titles, never
 * custom), untitled custom templates named after their entity, custom templates per post type, suggestions.
 */
import type { OwnTemplateKind } from '../../engine/templates/kind';

/** get_default_block_template_types() (WordPress 6.4's titles and descriptions). */
const DEFAULT_TYPES: ReadonlyMap<string, { title: string; description: string }> = new Map([
  [
    'index',
    {
      title: 'Index',
      description: 'Used as a fallback template for all pages when a more specific template is not defined.',
    },
  ],
  [
    'home',
    {
      title: 'Blog Home',
      description:
        'Displays the latest posts as either the site homepage or as the "Posts page" as defined under reading settings. If it exists, the Front Page template overrides this template when posts are shown on the homepage.',
    },
  ],
  [
    'front-page',
    {
      title: 'Front Page',
      description:
        "Displays your site's homepage, whether it is set to display latest posts or a static page. The Front Page template takes precedence over all templates.",
    },
  ],
  [
    'singular',
    {
      title: 'Single Entries',
      description:
        'Displays any single entry, such as a post or a page. This template will serve as a fallback when a more specific template (e.g. Single Post, Page, or Attachment) cannot be found.',
    },
  ],
  [
    'single',
    {
      title: 'Single Posts',
      description:
        'Displays single posts on your website unless a custom template has been applied to that post or a dedicated template exists.',
    },
  ],
  [
    'page',
    {
      title: 'Pages',
      description: 'Display all static pages unless a custom template has been applied or a dedicated template exists.',
    },
  ],
  [
    'archive',
    {
      title: 'All Archives',
      description:
        'Displays any archive, including posts by a single author, category, tag, taxonomy, custom post type, and date. This template will serve as a fallback when more specific templates (e.g. Category or Tag) cannot be found.',
    },
  ],
  [
    'author',
    {
      title: 'Author Archives',
      description:
        "Displays a single author's post archive. This template will serve as a fallback when a more specific template (e.g. Author: Admin) cannot be found.",
    },
  ],
  [
    'category',
    {
      title: 'Category Archives',
      description:
        'Displays a post category archive. This template will serve as a fallback when a more specific template (e.g. Category: Recipes) cannot be found.',
    },
  ],
  [
    'taxonomy',
    {
      title: 'Taxonomy',
      description:
        'Displays a custom taxonomy archive. Like categories and tags, taxonomies have terms which you use to classify things. For example: a taxonomy named "Art" can have multiple terms, such as "Modern" and "18th Century." This template will serve as a fallback when a more specific template (e.g. Taxonomy: Art) cannot be found.',
    },
  ],
  [
    'date',
    {
      title: 'Date Archives',
      description: 'Displays a post archive when a specific date is visited (e.g., example.com/2023/).',
    },
  ],
  [
    'tag',
    {
      title: 'Tag Archives',
      description:
        'Displays a post tag archive. This template will serve as a fallback when a more specific template (e.g. Tag: Pizza) cannot be found.',
    },
  ],
  [
    'attachment',
    {
      title: 'Attachment Pages',
      description: 'Displays when a visitor views the dedicated page that exists for any media attachment.',
    },
  ],
  ['search', { title: 'Search Results', description: 'Displays when a visitor performs a search on your website.' }],
  ['privacy-policy', { title: 'Privacy Policy', description: "Displays your site's Privacy Policy page." }],
  [
    '404',
    {
      title: 'Page: 404',
      description: 'Displays when a visitor views a non-existent page, such as a dead link or a mistyped URL.',
    },
  ],
]);

export const templateKind: OwnTemplateKind = {
  defaultTypes: DEFAULT_TYPES,
  entityTitles: true,
  areas: false,
  postTypes: true,
  suggestions: true,
};
