/**
 * A menu item write as WP_REST_Menu_Items_Controller::prepare_item_for_database() reads it (the stored item, or
 * the create defaults, overlaid with the request's fields) and wp_update_nav_menu_item() stores it: the object's
 * existence checked only when no `object` is known, every refusal of the request gathered into one error, the
 * menu checked, a title equal to the object's stored empty (so it follows renames), a non-custom item's URL
 * dropped (it is the object's), classes and xfn cleaned class by class.
 */
import { phpTrim, sanitizeKey, sanitizeUrl } from '@loom/contracts';
import * as core from '../../routes';
import { sanitizeHtmlClass } from '@loom/rendering';
import { can, combinedError, wpError, type RestRequest, type WpError } from '@loom/service-kit';
import { TERMS, type TermDoc } from '@loom/terms';
import { renderer } from '../../engine/render';
import { POSTS, type PostDoc, type PostInput } from '../../engine/repository';
import { itemFields, loadLinked, menuOf, originalTitle, viewOf, type MenuItemFields } from './items';

/** The `menu-item-*` array prepare_item_for_database() builds. */
interface Prepared {
  menuId: number;
  objectId: number;
  object: string;
  parent: number;
  position: number;
  type: string;
  title: string;
  url: string;
  description: string;
  attrTitle: string;
  target: string;
  classes: string[];
  xfn: string[];
  status: string;
}

const CREATE_DEFAULTS: Prepared = {
  menuId: 0,
  objectId: 0,
  object: '',
  parent: 0,
  position: 1,
  type: 'custom',
  title: '',
  url: '',
  description: '',
  attrTitle: '',
  target: '',
  classes: [],
  xfn: [],
  status: 'publish',
};

/**
 * The stored item as prepare_item_for_database() persists it: as set up for reading (its resolved title and URL,
 * its title attribute and description as their filters give them, which an update stores back).
 */
async function fromStored(req: RestRequest, existing: PostDoc): Promise<Prepared> {
  const f = itemFields(existing);
  const view = viewOf(existing, await loadLinked(req, [existing]), req.config.homeUrl);
  return {
    menuId: menuOf(existing),
    objectId: f.object_id,
    object: f.object,
    parent: f.item_parent,
    position: existing.menu_order === 0 ? 1 : existing.menu_order,
    type: f.item_type,
    title: view.title,
    url: view.url || '',
    description: view.description,
    attrTitle: view.attrTitle,
    target: f.target,
    classes: f.classes,
    xfn: f.xfn.split(' '),
    status: existing.status,
  };
}

/** The request's fields over the prepared item (those it carries, create defaults included). */
function overlay(prepared: Prepared, p: Record<string, unknown>): Prepared {
  const out = { ...prepared };
  const set = <K extends keyof Prepared>(key: K, name: string) => {
    if (p[name] !== undefined) out[key] = p[name] as Prepared[K];
  };
  set('objectId', 'object_id');
  set('object', 'object');
  set('parent', 'parent');
  set('position', 'menu_order');
  set('type', 'type');
  set('url', 'url');
  set('description', 'description');
  set('attrTitle', 'attr_title');
  set('target', 'target');
  set('classes', 'classes');
  set('xfn', 'xfn');
  set('status', 'status');
  if (p.menus) out.menuId = Math.abs(p.menus as number);
  const title = (p.title as { raw?: string } | undefined)?.raw;
  if (title !== undefined) out.title = title;
  return out;
}

/** The request's refusals, all of them (WordPress adds each to one WP_Error); the object found fills in `object`. */
async function refusals(req: RestRequest, prepared: Prepared): Promise<WpError[]> {
  const errors: WpError[] = [];
  const id = Math.abs(prepared.objectId);
  if (!prepared.object && prepared.type === 'taxonomy') {
    const term = id > 0 ? await req.store.collection<TermDoc>(TERMS).findOne({ id }) : null;
    if (!term) errors.push(wpError('rest_term_invalid_id'));
    else prepared.object = term.taxonomy;
  } else if (!prepared.object && prepared.type === 'post_type') {
    const post = id > 0 ? await req.store.collection<PostDoc>(POSTS).findOne({ id }) : null;
    if (!post) errors.push(wpError('rest_post_invalid_id', { status: 400 }));
    else prepared.object = post.type;
  }
  if (prepared.type === 'post_type_archive' && !core.postTypeNamed(prepared.object))
    errors.push(wpError('rest_post_invalid_type'));
  if (prepared.type === 'custom') {
    if (prepared.title === '') errors.push(wpError('rest_title_required'));
    // PHP's empty(): '0' is no URL either.
    if (prepared.url === '' || prepared.url === '0') errors.push(wpError('rest_url_required'));
  }
  return errors;
}

/** prepare_item_for_database() then wp_update_nav_menu_item(), as the item write the post repository stores. */
export async function prepareMenuItem(req: RestRequest, existing: PostDoc | null): Promise<PostInput> {
  const prepared = overlay(
    existing ? await fromStored(req, existing) : CREATE_DEFAULTS,
    req.params as Record<string, unknown>,
  );
  const errors = await refusals(req, prepared);
  if (errors.length) throw combinedError(errors);

  // wp_update_nav_menu_item(): the menu must be a menu; an orphan sits first; an item is never its own parent.
  if (
    prepared.menuId &&
    !(await req.store.collection<TermDoc>(TERMS).findOne({ id: prepared.menuId, taxonomy: 'nav_menu' }))
  ) {
    throw wpError('invalid_menu_id');
  }
  const position = prepared.menuId === 0 ? 1 : prepared.position;
  const parent = existing && prepared.parent === existing.id ? 0 : prepared.parent;
  const type = sanitizeKey(prepared.type);
  let title = prepared.title;
  let url = '';
  if (type === 'custom') url = sanitizeUrl(phpTrim(prepared.url));
  else if (
    title ===
    (await originalTitle(req.store, { item_type: type, object: prepared.object, object_id: prepared.objectId }))
  )
    title = '';
  const unfiltered = can(req.user, 'unfiltered_html');
  const kses = (html: string) => (unfiltered ? html : renderer.sanitizePostContent(html));
  const own: MenuItemFields = {
    item_type: type,
    object: sanitizeKey(prepared.object),
    object_id: Math.trunc(prepared.objectId),
    item_parent: Math.trunc(parent),
    target: sanitizeKey(prepared.target),
    classes: prepared.classes.join(' ').split(' ').map(sanitizeHtmlClass),
    xfn: prepared.xfn.join(' ').split(' ').map(sanitizeHtmlClass).join(' '),
    url,
  };
  return {
    // title_save_pre: trimmed, and kses'd for users without unfiltered_html.
    title: unfiltered ? title.trim() : renderer.sanitizeTitle(title.trim()),
    content: kses(prepared.description),
    excerpt: kses(prepared.attrTitle),
    // Only published and draft items exist.
    status: prepared.status === 'publish' ? 'publish' : 'draft',
    menu_order: position,
    own: { ...own },
    ...(prepared.menuId ? { terms: { menus: [prepared.menuId] } } : {}),
  };
}
