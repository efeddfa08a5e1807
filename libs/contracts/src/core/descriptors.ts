/**
 * core/v2 descriptors (spec 4.6): the post types, statuses and taxonomies of the site, in WordPress's
 * shapes. The resource schemas (fields and their contexts) follow WordPress's post-types, post-statuses
 * and taxonomies controllers.
 */
import { z } from 'zod';
import { READABLE, endpoint, resource, route, type ResourceDef } from '../define';
import { contextParam } from '../params';
import { CORE } from './terms';

// TODO(descriptors): full field lists; filled in by the descriptors work.
export const typeResource: ResourceDef = resource('type', {});
export const statusResource: ResourceDef = resource('status', {});
export const taxonomyResource: ResourceDef = resource('taxonomy', {});

export const descriptors = {
  types: {
    collection: route(CORE, `/${CORE}/types`, { list: endpoint(READABLE, { context: contextParam('view') }) }, typeResource),
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
    collection: route(CORE, `/${CORE}/statuses`, { list: endpoint(READABLE, { context: contextParam('view') }) }, statusResource),
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
        list: endpoint(READABLE, {
          context: contextParam('view'),
          type: z.string().optional().describe('Limit results to taxonomies associated with a specific post type.'),
        }),
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
