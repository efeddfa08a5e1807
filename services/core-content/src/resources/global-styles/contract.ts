/**
 * core/v2 global styles (WP_REST_Global_Styles_Controller and WP_REST_Global_Styles_Revisions_Controller, WordPress
 * 6.4): the active theme's base styles and its style variations, read-only, and the user's styles (a
 * wp_global_styles post) read and updated by id, with their revisions. In 6.4 the revisions controller has the
 * collection route only (the single revision route came in 6.5), and it registers before the styles' own routes.
 */
import { z } from 'zod';
import {
  EDITABLE,
  READABLE,
  contextParam,
  endpoint,
  field,
  offsetParam,
  pageParam,
  resource,
  route,
  type ResourceDef,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';
import { revisionPerPage } from '../../engine/revisions/contract';

const object = () => z.object({}).passthrough();

export const globalStylesResource: ResourceDef = resource('wp_global_styles', {
  id: field(z.string().describe('ID of global styles config.'), ['embed', 'view', 'edit'], { readonly: true }),
  styles: field(object().describe('Global styles.'), ['view', 'edit']),
  settings: field(object().describe('Global settings.'), ['view', 'edit']),
  title: field(
    z
      .union([z.object({ raw: z.string(), rendered: z.string() }), z.string()])
      .describe('Title of the global styles variation.'),
    ['embed', 'view', 'edit'],
    {
      properties: {
        raw: field(z.string().describe('Title for the global styles variation, as it exists in the database.'), [
          'view',
          'edit',
          'embed',
        ]),
        rendered: field(
          z.string().describe('HTML title for the post, transformed for display.'),
          ['view', 'edit', 'embed'],
          {
            readonly: true,
          },
        ),
      },
    },
  ),
});

export const globalStylesRevisionResource: ResourceDef = resource('wp_global_styles-revision', {
  author: field(z.number().int().describe('The ID for the author of the revision.'), ['view', 'edit', 'embed']),
  date: field(
    z.string().datetime({ local: true }).describe("The date the revision was published, in the site's timezone."),
    ['view', 'edit', 'embed'],
  ),
  date_gmt: field(z.string().datetime({ local: true }).describe('The date the revision was published, as GMT.'), [
    'view',
    'edit',
  ]),
  id: field(z.number().int().describe('Unique identifier for the revision.'), ['view', 'edit', 'embed']),
  modified: field(
    z.string().datetime({ local: true }).describe("The date the revision was last modified, in the site's timezone."),
    ['view', 'edit'],
  ),
  modified_gmt: field(
    z.string().datetime({ local: true }).describe('The date the revision was last modified, as GMT.'),
    ['view', 'edit'],
  ),
  parent: field(z.number().int().describe('The ID for the parent of the revision.'), ['view', 'edit', 'embed']),
  styles: field(object().describe('Global styles.'), ['view', 'edit']),
  settings: field(object().describe('Global settings.'), ['view', 'edit']),
});

const stylesheetArg = () => z.string().optional().describe('The theme identifier');

export const globalStyles = {
  revisions: route(
    CORE,
    `/${CORE}/global-styles/<parent>/revisions`,
    {
      list: endpoint(READABLE, {
        parent: z.number().int().optional().describe('The ID for the parent of the revision.'),
        context: contextParam('view'),
        page: pageParam(),
        per_page: revisionPerPage(),
        offset: offsetParam(),
      }),
    },
    globalStylesRevisionResource,
  ),
  variations: route(CORE, `/${CORE}/global-styles/themes/<variations_stylesheet>/variations`, {
    list: endpoint(READABLE, { stylesheet: stylesheetArg() }),
  }),
  theme: route(CORE, `/${CORE}/global-styles/themes/<stylesheet>`, {
    read: endpoint(READABLE, { stylesheet: stylesheetArg() }),
  }),
  item: route(
    CORE,
    `/${CORE}/global-styles/<global_styles_id>`,
    {
      read: endpoint(READABLE, { id: z.string().optional().describe('The id of a template') }),
      update: endpoint(
        EDITABLE,
        {
          styles: object().optional().describe('Global styles.'),
          settings: object().optional().describe('Global settings.'),
          title: z
            .union([z.object({ raw: z.string().optional() }).passthrough(), z.string()])
            .optional()
            .describe('Title of the global styles variation.'),
        },
        { allowBatch: false },
      ),
    },
    globalStylesResource,
  ),
};
