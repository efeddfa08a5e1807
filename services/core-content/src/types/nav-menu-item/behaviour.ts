/**
 * `nav_menu_item` (spec 2.6, core/v2/menu-items): WP_REST_Menu_Items_Controller over the posts controller. Its own
 * prepare_item_for_database and response (menus/), reads for anyone who may edit some content (contributors
 * included, never anonymous callers), no trash, a `wp:menu-item-object` link to the linked post or term, and
 * autosaves that keep no text (the menu item write carries none).
 */
import * as core from '../../routes';
import { sanitizeHtmlClass } from '@loom/rendering';
import type { Link } from '@loom/service-kit';
import { prepareMenuItem } from './item-input';
import { cachedView, itemFields, menuOf, preparePageViews, viewFor } from './items';
import { menuReadAccess } from '../../taxonomies/nav-menu/read-access';
import type { OwnBehaviour } from '../../engine/behaviour';
import { renderer } from '../../engine/render';

const cannotView = 'Sorry, you are not allowed to view menu items.';
const TERM_REL = 'https://api.w.org/term';

export const navMenuItemBehaviour: OwnBehaviour = {
  attachmentsLink: false,
  trashMessage: "Menu items do not support trashing. Set 'force=true' to delete.",
  // delete_item prepares `previous` in the request's context, which its route does not take: view.
  deletedContext: 'view',
  autosaveText: false,
  hooks: {
    prepareItemForDatabase: prepareMenuItem,
    // wp_update_nav_menu_item(): a custom link is its own object.
    beforeSave(next) {
      if (next.item_type === 'custom') {
        next.object = 'custom';
        next.object_id = next.id;
      }
    },
    listPermission: (req) => menuReadAccess(req.user, cannotView),
    readPermission: (req) => menuReadAccess(req.user, cannotView),
    preparePage: (posts, ctx) => preparePageViews(ctx.req, posts),
    async prepareResponse(data, post, ctx) {
      const f = itemFields(post);
      const view = await viewFor(ctx.req, post);
      const menu = menuOf(post);
      return {
        id: post.id,
        title: { raw: view.title, rendered: renderer.renderTitle(view.title) },
        status: post.status,
        url: view.url,
        attr_title: view.attrTitle,
        description: view.description,
        type: f.item_type,
        type_label: view.typeLabel,
        object: f.object,
        object_id: Math.abs(f.object_id),
        parent: f.item_parent,
        menu_order: post.menu_order,
        target: f.target,
        classes: f.classes,
        xfn: f.xfn.split(' ').map(sanitizeHtmlClass),
        invalid: view.invalid,
        meta: data.meta,
        // get_the_terms() gives nothing for an item in no menu: the field is then left out.
        ...(menu ? { menus: menu } : {}),
      };
    },
    // The linked post or term (rest_get_route_for_post/term), right after the menu link.
    links(rels, post, ctx) {
      const view = cachedView(ctx.req, post);
      const f = itemFields(post);
      let object: Link | undefined;
      if (f.object_id && f.item_type === 'post_type' && view?.post) {
        const type = core.postTypeNamed(view.post.type);
        if (type)
          object = { post_type: type.name, embeddable: true, href: `${ctx.rest}/${type.restBase}/${view.post.id}` };
      } else if (f.object_id && f.item_type === 'taxonomy' && view?.term) {
        const taxonomy = core.taxonomyNamed(view.term.taxonomy);
        if (taxonomy)
          object = {
            taxonomy: taxonomy.name,
            embeddable: true,
            href: `${ctx.rest}/${taxonomy.restBase}/${view.term.id}`,
          };
      }
      if (!object) return rels;
      const out: typeof rels = {};
      for (const [rel, value] of Object.entries(rels)) {
        out[rel] = value;
        if (rel === TERM_REL) out['https://api.w.org/menu-item-object'] = object;
      }
      return out;
    },
  },
};
