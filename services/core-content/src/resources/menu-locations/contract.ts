/**
 * core/v2 menu locations (WP_REST_Menu_Locations_Controller; not in the spec, but WordPress serves it and menus
 * link to it): the theme's registered locations, each with the menu assigned to it. Read-only.
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
  contextParam,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

const ALL = ['embed', 'view', 'edit'] as const;
const ro = { readonly: true };

export const menuLocationResource: ResourceDef = resource('menu-location', {
  name: field(z.string().describe('The name of the menu location.'), [...ALL], ro),
  description: field(z.string().describe('The description of the menu location.'), [...ALL], ro),
  menu: field(z.number().int().describe('The ID of the assigned menu.'), [...ALL], ro),
});

export const menuLocations = {
  collection: route(
    CORE,
    `/${CORE}/menu-locations`,
    { list: endpoint(READABLE, { context: contextParam('view') }, { docs: keyedByName() }) },
    menuLocationResource,
  ),
  item: route(
    CORE,
    `/${CORE}/menu-locations/<location>`,
    {
      read: endpoint(READABLE, {
        location: z.string().optional().describe('An alphanumeric identifier for the menu location.'),
        context: contextParam('view'),
      }),
    },
    menuLocationResource,
  ),
};
