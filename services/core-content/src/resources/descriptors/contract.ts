/**
 * core/v2 descriptors (spec 4.6): the post types, statuses and taxonomies of the site, in WordPress's
 * shapes. The resource schemas (fields and their contexts) follow WordPress's post-types, post-statuses
 * and taxonomies controllers.
 */
import { z } from 'zod';
import {
  READABLE,
  endpoint,
  field,
  resource,
  route,
  type ResourceDef,
  keyedByName,
  type Noun,
  wp,
  contextParam,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

/** An object WordPress describes only as `type: object` (a free-form map such as `labels`). */
const freeObject = (description: string) => wp(z.any().describe(description), { type: 'object' });

const ro = { readonly: true };

/** WP_REST_Post_Types_Controller's item schema (the `template`/`template_lock` fields of WordPress 6.6+ aside). */
export const typeResource: ResourceDef = resource('type', {
  capabilities: field(freeObject('All capabilities used by the post type.'), ['edit'], ro),
  description: field(z.string().describe('A human-readable description of the post type.'), ['view', 'edit'], ro),
  hierarchical: field(z.boolean().describe('Whether or not the post type should have children.'), ['view', 'edit'], ro),
  viewable: field(z.boolean().describe('Whether or not the post type can be viewed.'), ['edit'], ro),
  labels: field(freeObject('Human-readable labels for the post type for various contexts.'), ['edit'], ro),
  name: field(z.string().describe('The title for the post type.'), ['view', 'edit', 'embed'], ro),
  slug: field(z.string().describe('An alphanumeric identifier for the post type.'), ['view', 'edit', 'embed'], ro),
  supports: field(freeObject('All features, supported by the post type.'), ['edit'], ro),
  has_archive: field(
    wp(
      z
        .any()
        .describe(
          'If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive.',
        ),
      {
        type: ['string', 'boolean'],
      },
    ),
    ['view', 'edit'],
    ro,
  ),
  taxonomies: field(z.array(z.string()).describe('Taxonomies associated with post type.'), ['view', 'edit'], ro),
  rest_base: field(z.string().describe('REST base route for the post type.'), ['view', 'edit', 'embed'], ro),
  rest_namespace: field(
    z.string().describe("REST route's namespace for the post type."),
    ['view', 'edit', 'embed'],
    ro,
  ),
  visibility: field(
    z
      .object({
        show_ui: z.boolean().optional().describe('Whether to generate a default UI for managing this post type.'),
        show_in_nav_menus: z
          .boolean()
          .optional()
          .describe('Whether to make the post type available for selection in navigation menus.'),
      })
      .describe('The visibility settings for the post type.'),
    ['edit'],
    ro,
  ),
  icon: field(z.string().nullable().describe('The icon for the post type.'), ['view', 'edit', 'embed'], ro),
});

/** WP_REST_Post_Statuses_Controller's item schema. */
export const statusResource: ResourceDef = resource('status', {
  name: field(z.string().describe('The title for the status.'), ['embed', 'view', 'edit'], ro),
  private: field(z.boolean().describe('Whether posts with this status should be private.'), ['edit'], ro),
  protected: field(z.boolean().describe('Whether posts with this status should be protected.'), ['edit'], ro),
  public: field(
    z.boolean().describe('Whether posts of this status should be shown in the front end of the site.'),
    ['view', 'edit'],
    ro,
  ),
  queryable: field(
    z.boolean().describe('Whether posts with this status should be publicly-queryable.'),
    ['view', 'edit'],
    ro,
  ),
  show_in_list: field(
    z.boolean().describe('Whether to include posts in the edit listing for their post type.'),
    ['edit'],
    ro,
  ),
  slug: field(z.string().describe('An alphanumeric identifier for the status.'), ['embed', 'view', 'edit'], ro),
  date_floating: field(
    z.boolean().describe('Whether posts of this status may have floating published dates.'),
    ['view', 'edit'],
    ro,
  ),
});

/** WP_REST_Taxonomies_Controller's item schema. */
export const taxonomyResource: ResourceDef = resource('taxonomy', {
  capabilities: field(freeObject('All capabilities used by the taxonomy.'), ['edit'], ro),
  description: field(z.string().describe('A human-readable description of the taxonomy.'), ['view', 'edit'], ro),
  hierarchical: field(z.boolean().describe('Whether or not the taxonomy should have children.'), ['view', 'edit'], ro),
  labels: field(freeObject('Human-readable labels for the taxonomy for various contexts.'), ['edit'], ro),
  name: field(z.string().describe('The title for the taxonomy.'), ['view', 'edit', 'embed'], ro),
  slug: field(z.string().describe('An alphanumeric identifier for the taxonomy.'), ['view', 'edit', 'embed'], ro),
  show_cloud: field(z.boolean().describe('Whether or not the term cloud should be displayed.'), ['edit'], ro),
  types: field(z.array(z.string()).describe('Types associated with the taxonomy.'), ['view', 'edit'], ro),
  rest_base: field(z.string().describe('REST base route for the taxonomy.'), ['view', 'edit', 'embed'], ro),
  rest_namespace: field(z.string().describe('REST namespace route for the taxonomy.'), ['view', 'edit', 'embed'], ro),
  visibility: field(
    z
      .object({
        public: z
          .boolean()
          .optional()
          .describe(
            'Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users.',
          ),
        publicly_queryable: z.boolean().optional().describe('Whether the taxonomy is publicly queryable.'),
        show_ui: z.boolean().optional().describe('Whether to generate a default UI for managing this taxonomy.'),
        show_admin_column: z
          .boolean()
          .optional()
          .describe('Whether to allow automatic creation of taxonomy columns on associated post-types table.'),
        show_in_nav_menus: z
          .boolean()
          .optional()
          .describe('Whether to make the taxonomy available for selection in navigation menus.'),
        show_in_quick_edit: z
          .boolean()
          .optional()
          .describe('Whether to show the taxonomy in the quick/bulk edit panel.'),
      })
      .describe('The visibility settings for the taxonomy.'),
    ['edit'],
    ro,
  ),
});

/** The descriptors' lists are keyed by name; a noun given to a list also names its items. */
const byName = (noun?: Noun) => ({ docs: keyedByName(noun) });
const POST_TYPE: Noun = { one: 'post type', many: 'post types' };
const POST_STATUS: Noun = { one: 'post status', many: 'post statuses' };

export const descriptors = {
  types: {
    collection: route(
      CORE,
      `/${CORE}/types`,
      { list: endpoint(READABLE, { context: contextParam('view') }, byName(POST_TYPE)) },
      typeResource,
    ),
    item: route(
      CORE,
      `/${CORE}/types/<type>`,
      {
        read: endpoint(READABLE, {
          type: z.string().optional().describe('An alphanumeric identifier for the post type.'),
          context: contextParam('view'),
        }),
      },
      typeResource,
    ),
  },
  statuses: {
    collection: route(
      CORE,
      `/${CORE}/statuses`,
      { list: endpoint(READABLE, { context: contextParam('view') }, byName(POST_STATUS)) },
      statusResource,
    ),
    item: route(
      CORE,
      `/${CORE}/statuses/<status>`,
      {
        read: endpoint(READABLE, {
          status: z.string().optional().describe('An alphanumeric identifier for the status.'),
          context: contextParam('view'),
        }),
      },
      statusResource,
    ),
  },
  taxonomies: {
    collection: route(
      CORE,
      `/${CORE}/taxonomies`,
      {
        list: endpoint(
          READABLE,
          {
            context: contextParam('view'),
            type: z.string().optional().describe('Limit results to taxonomies associated with a specific post type.'),
          },
          byName(),
        ),
      },
      taxonomyResource,
    ),
    item: route(
      CORE,
      `/${CORE}/taxonomies/<taxonomy>`,
      {
        read: endpoint(READABLE, {
          taxonomy: z.string().optional().describe('An alphanumeric identifier for the taxonomy.'),
          context: contextParam('view'),
        }),
      },
      taxonomyResource,
    ),
  },
};
