/**
 * `nav_menu` (spec 2.11, core/v2/menus): WP_REST_Menus_Controller over the terms controller. Reads for anyone who
 * may edit some content; writes through wp_update_nav_menu_object() (another menu's name is `menu_exists`, the
 * slug always comes from the name, an update without a description empties it); locations and auto_add are site
 * settings (menus/options.ts); deleting a menu deletes its items; replies in view context; no trash.
 */
import { ERROR_CODES } from '@loom/contracts';
import { wpError, WpError, type RestRequest } from '@loom/service-kit';
import { wpFilterKses } from '@loom/rendering';
import { TERMS, type TermDoc } from '@loom/terms';
import {
  assignLocations,
  autoAddMenus,
  locationAssignments,
  locationsOf,
  releaseLocations,
  setAutoAdd,
} from '../../site/options';
import { menuReadAccess } from './read-access';
import { siteClock } from '../../engine/dates';
import { POSTS, PostRepository, type PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { escapeHtml } from '../../resources/users/fields';
import { menuLocationsOf } from '../../site/theme';
import type { OwnTaxonomyBehaviour } from '../../engine/terms/behaviour';

type MenuParams = { name?: string; description?: string; locations?: string[]; auto_add?: boolean; parent?: unknown };

/** The locations argument's validate callback: every location must be one the theme registers. */
function checkLocations(req: RestRequest): true | WpError {
  for (const location of (req.params as MenuParams).locations ?? []) {
    if (menuLocationsOf(req).some((l) => l.name === location)) continue;
    const { message } = ERROR_CODES.rest_invalid_menu_location;
    // The detail is the validate callback's WP_Error as it is: its data is the location, no status.
    return wpError('rest_invalid_param', {
      message: 'Invalid parameter(s): locations',
      data: {
        params: { locations: message },
        details: { locations: { code: 'rest_invalid_menu_location', message, data: { location } } },
      },
    });
  }
  return true;
}

/** Another menu of that name (get_term_by( 'name' ): compared as stored, without regard to case). */
async function namesake(req: RestRequest, name: string, except: number): Promise<TermDoc | null> {
  const stored = wpFilterKses(name).trim().toLowerCase();
  return req.store.collection<TermDoc>(TERMS).findOne({ taxonomy: 'nav_menu', name_sort: stored, id: { $ne: except } });
}

const menuExistsMessage = (name: string) =>
  `The menu name <strong>${escapeHtml(name)}</strong> conflicts with another menu name. Please try another.`;

function refuseParent(req: RestRequest): void {
  if ((req.params as MenuParams).parent !== undefined) {
    throw wpError('rest_taxonomy_not_hierarchical');
  }
}

/** handle_locations() and handle_auto_add(): only what the request carries. */
async function saveSettings(req: RestRequest, menu: number): Promise<void> {
  const p = req.params as MenuParams;
  if (p.locations !== undefined) await assignLocations(req.store, menu, p.locations);
  if (p.auto_add !== undefined) await setAutoAdd(req.store, menu, p.auto_add);
}

const cannotView = 'Sorry, you are not allowed to view menus.';

export const navMenuBehaviour: OwnTaxonomyBehaviour = {
  writeContext: 'view',
  trashMessage: "Menus do not support trashing. Set 'force=true' to delete.",
  hooks: {
    checkArgs: checkLocations,
    readPermission: (req) => menuReadAccess(req.user, cannotView),
    async create(req, repo) {
      refuseParent(req);
      const p = req.params as MenuParams & { name: string };
      const existing = await namesake(req, p.name, 0);
      // The create route gives the client the existing menu's id (in data and, added first, as additional_data).
      const exists = (id: number) =>
        wpError('menu_exists', { message: menuExistsMessage(p.name), data: { term_id: id }, additionalData: [id] });
      if (existing) throw exists(existing.id);
      let term: TermDoc;
      try {
        term = await repo.create({ name: p.name, description: p.description });
      } catch (e) {
        // A concurrent creation took the name first.
        if (e instanceof WpError && e.code === 'term_exists') throw exists(e.data?.term_id as number);
        throw e;
      }
      await saveSettings(req, term.id);
      return term;
    },
    async update(req, repo, term) {
      refuseParent(req);
      const p = req.params as MenuParams;
      const name = p.name ?? term.name;
      // The update route passes wp_update_nav_menu_object()'s error on as it is: no status (data null), so a 500.
      if (await namesake(req, name, term.id)) throw new WpError('menu_exists', menuExistsMessage(name), null);
      // wp_update_nav_menu_object(): the slug is made from the name again, and the description is the one sent or ''.
      const updated = await repo.update(term.id, { name, description: p.description ?? '', slug: '' });
      await saveSettings(req, term.id);
      return updated;
    },
    // wp_delete_nav_menu(): the menu's items go first, then the menu, then its place in the locations.
    async delete(req, repo, term) {
      const clock = siteClock(req.config);
      for (const item of await req.store.collection<PostDoc>(POSTS).find({ menus: term.id })) {
        const rules = POST_TYPE_BEHAVIOURS().get(item.type);
        if (rules) await new PostRepository(req.store, rules, clock, req.config.homeUrl).deletePermanently(item.id);
      }
      await repo.delete(term.id);
      await releaseLocations(req.store, term.id);
      await setAutoAdd(req.store, term.id, false);
    },
    async respond(req, page) {
      const assigned = await locationAssignments(req.store);
      const autoAdd = await autoAddMenus(req.store);
      for (const r of page) {
        const locations = locationsOf(assigned, r.term.id);
        r.data.locations = locations;
        r.data.auto_add = autoAdd.includes(r.term.id);
        if (locations.length) {
          r.rels['https://api.w.org/menu-location'] = locations.map((l) => ({
            embeddable: true,
            href: `${req.config.restUrl}/core/v2/menu-locations/${l}`,
          }));
        }
      }
    },
  },
};
