/** core/v2/types: the post types of the site, as WordPress's post types controller shows them. */
import type { Context, Identity } from '@loom/contracts';
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

type PostTypeObject = core.PostTypeObject;

const { collection, item } = core.descriptors.types;
const EDIT_MESSAGE = 'Sorry, you are not allowed to edit posts in this post type.';

/** Whether any REST post type lets the user edit_posts: the gate of edit context and non-public statuses. */
export const canEditSomeType = (user: Identity | null): boolean =>
  core.allPostTypes().some((t) => can(user, t.cap.edit_posts));

/** The types core/v2 serves: a registered type whose routes Loom does not have yet is left out, links and all. */
const served = (name: string) => core.servedPostTypes().find((t) => t.name === name);

export function prepareType(req: RestRequest, type: PostTypeObject, context: Context): Record<string, unknown> {
  const rest = `${req.config.restUrl}/${core.CORE}`;
  const data = {
    capabilities: type.cap,
    description: type.description,
    hierarchical: type.hierarchical,
    has_archive: type.hasArchive,
    visibility: { show_in_nav_menus: type.showInNavMenus, show_ui: type.showUi },
    viewable: type.viewable,
    labels: type.labels,
    name: type.label,
    slug: type.name,
    icon: type.menuIcon,
    // get_all_post_type_supports(): feature => true.
    supports: Object.fromEntries(type.supports.map((f) => [f, true])),
    taxonomies: core
      .taxonomiesOf(type.name)
      .filter((t) => t.rest)
      .map((t) => t.name),
    rest_base: type.restBase,
    rest_namespace: type.restNamespace,
    _links: links({ collection: `${rest}/types`, 'https://api.w.org/items': `${rest}/${type.restBase}` }),
  };
  return filterByContext(collection.schema!, data, context);
}

export const typeBindings: Binding[] = [
  bind(
    collection.endpoints.list,
    // Edit context is open to anyone who can edit some type; the list then keeps the types they can edit.
    (req) =>
      req.params.context !== 'edit' || canEditSomeType(req.user)
        ? true
        : forbidden(req.user, 'rest_cannot_view', EDIT_MESSAGE),
    (req) => {
      const { context } = req.params;
      const visible = core.servedPostTypes().filter((t) => context !== 'edit' || can(req.user, t.cap.edit_posts));
      return { body: Object.fromEntries(visible.map((t) => [t.name, prepareType(req, t, context)])) };
    },
  ),
  // WordPress's item route is public (__return_true); every refusal comes from the handler.
  bind(item.endpoints.read, null, (req) => {
    const { type: name = '', context } = req.params;
    const type = served(name);
    if (!type) {
      if (core.hiddenPostTypes().includes(name)) throw forbidden(req.user, 'rest_cannot_read_type');
      throw wpError('rest_type_invalid');
    }
    if (context === 'edit' && !can(req.user, type.cap.edit_posts))
      throw forbidden(req.user, 'rest_forbidden_context', EDIT_MESSAGE);
    return { body: prepareType(req, type, context) };
  }),
];
