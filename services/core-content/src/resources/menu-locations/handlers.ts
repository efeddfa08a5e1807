/**
 * core/v2/menu-locations (WP_REST_Menu_Locations_Controller): the theme's locations (src/theme), each
 * with the menu assigned to it, for those who may edit theme options. The list is an object keyed by location
 * (`[]` when the theme registers none, as PHP encodes an empty array).
 */
import type { Context } from '@loom/contracts';
import * as core from '../../routes';
import {
  bind,
  can,
  filterByContext,
  forbidden,
  links,
  wpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';
import { menuLocationsOf, type MenuLocation } from '../../site/theme';
import { locationAssignments, menuAt, type LocationAssignment } from '../../site/options';

const check = (req: RestRequest) =>
  can(req.user, 'edit_theme_options')
    ? true
    : forbidden(req.user, 'rest_cannot_view', 'Sorry, you are not allowed to view menu locations.');

function present(
  req: RestRequest,
  location: MenuLocation,
  assigned: LocationAssignment[],
  context: Context,
): Record<string, unknown> {
  const base = `${req.config.restUrl}/core/v2/menu-locations`;
  const menu = menuAt(assigned, location.name);
  const data = { name: location.name, description: location.description, menu };
  return {
    ...filterByContext(core.menuLocationResource, data, context),
    _links: links({
      self: `${base}/${location.name}`,
      collection: base,
      'https://api.w.org/menu': menu
        ? { embeddable: true, href: `${req.config.restUrl}/core/v2/menus/${menu}` }
        : undefined,
    }),
  };
}

export const menuLocationBindings: Binding[] = [
  bind(core.menuLocations.collection.endpoints.list, check, async (req) => {
    const assigned = await locationAssignments(req.store);
    const body: Record<string, unknown> = {};
    // Location names are data: defined as own keys, so none can reach the object's prototype.
    for (const l of menuLocationsOf(req))
      Object.defineProperty(body, l.name, {
        value: present(req, l, assigned, req.params.context),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return { body: Object.keys(body).length ? body : [] };
  }),
  bind(core.menuLocations.item.endpoints.read, check, async (req) => {
    const location = menuLocationsOf(req).find((l) => l.name === req.params.location);
    if (!location) throw wpError('rest_menu_location_invalid');
    return { body: present(req, location, await locationAssignments(req.store), req.params.context) };
  }),
];
