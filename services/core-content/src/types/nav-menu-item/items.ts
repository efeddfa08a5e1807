/**
 * Menu items as wp_setup_nav_menu_item() sets them up: the stored item (a post of type nav_menu_item whose title,
 * content and excerpt are its own title, description and title attribute, with its menu fields beside them) and
 * what its linked object gives it: the URL and, while it has no title of its own, the object's title; `invalid`
 * when the object is gone, trashed or of an unknown type. The title attribute and description are read through
 * their filters (texturized, tags stripped). Linked objects are loaded for a whole page at once.
 */
import * as core from '../../routes';
import type { RestRequest } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { TERMS, type TermDoc } from '@loom/terms';
import { postCan } from '../../engine/behaviour';
import { permalink } from '../../engine/permalinks';
import { formatTitleText, wpTrimWords } from '@loom/rendering';
import { renderer } from '../../engine/render';
import { ancestorsOf, POSTS, type PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { TAXONOMY_BEHAVIOURS } from '../../engine/terms/registry';
import { termLinks } from '../../engine/terms/presenter';

export const MENU_ITEM_TYPE = 'nav_menu_item';

/** A menu item's own stored fields (WordPress's `_menu_item_*` post meta), on its post document. */
export interface MenuItemFields {
  /** _menu_item_type: custom, post_type, post_type_archive or taxonomy. */
  item_type: string;
  object: string;
  object_id: number;
  /** _menu_item_menu_item_parent: the parent menu item (the REST `parent`). */
  item_parent: number;
  target: string;
  classes: string[];
  /** Space-separated, as stored. */
  xfn: string;
  /** Custom links only ('' for the others: their URL is the object's). */
  url: string;
}

/** The fields of a stored item (defaults for any a document lacks). */
export function itemFields(doc: PostDoc): MenuItemFields {
  const d = doc as Partial<MenuItemFields>;
  return {
    item_type: d.item_type ?? 'custom',
    object: d.object ?? '',
    object_id: d.object_id ?? 0,
    item_parent: d.item_parent ?? 0,
    target: d.target ?? '',
    classes: Array.isArray(d.classes) ? d.classes : [''],
    xfn: d.xfn ?? '',
    url: d.url ?? '',
  };
}

/** The menu an item belongs to (0: none, an orphan). */
export const menuOf = (doc: PostDoc): number => (Array.isArray(doc.menus) ? ((doc.menus as number[])[0] ?? 0) : 0);

/** What wp_setup_nav_menu_item() derives from the linked object. `url` is false for an archive without a link. */
export interface ItemView {
  title: string;
  url: string | false;
  typeLabel: string;
  invalid: boolean;
  /** The nav_menu_attr_title and nav_menu_description filters' output: what every context shows (there is no raw). */
  attrTitle: string;
  description: string;
  /** The linked post or term, when it exists (the `wp:menu-item-object` link). */
  post?: PostDoc;
  term?: TermDoc;
}

/** The objects a page of items links to, with their front-end links. */
export interface Linked {
  posts: Map<number, PostDoc>;
  terms: Map<number, TermDoc>;
  links: { posts: Map<number, string>; terms: Map<number, string> };
}

/** get_permalink() as the caller sees it (the plain form for a type core-content does not serve). */
async function postLinks(req: RestRequest, posts: PostDoc[]): Promise<Map<number, string>> {
  const ancestors = await ancestorsOf(req.store, posts);
  const home = req.config.homeUrl;
  return new Map(
    posts.map((p) => {
      const rules = POST_TYPE_BEHAVIOURS().get(p.type);
      const canRead = postCan(req.user, 'read_post', p);
      return [
        p.id,
        rules
          ? permalink(p, { homeUrl: home, rules, ancestors: ancestors.get(p.id) ?? [], canRead })
          : `${home}/?post_type=${p.type}&p=${p.id}`,
      ];
    }),
  );
}

/** The posts and terms the items link to, in two queries, and their links. */
export async function loadLinked(req: RestRequest, items: PostDoc[]): Promise<Linked> {
  const ids = (type: string) => [
    ...new Set(
      items
        .map(itemFields)
        .filter((f) => f.item_type === type && f.object_id > 0)
        .map((f) => f.object_id),
    ),
  ];
  const postIds = ids('post_type');
  const termIds = ids('taxonomy');
  const posts = postIds.length ? await req.store.collection<PostDoc>(POSTS).find({ id: { $in: postIds } }) : [];
  const terms = termIds.length ? await req.store.collection<TermDoc>(TERMS).find({ id: { $in: termIds } }) : [];
  const termLinkMap = new Map<number, string>();
  for (const taxonomy of new Set(terms.map((t) => t.taxonomy))) {
    const own = terms.filter((t) => t.taxonomy === taxonomy);
    for (const [id, link] of await termLinks(req, taxonomy, TAXONOMY_BEHAVIOURS().get(taxonomy) ?? null, own))
      termLinkMap.set(id, link);
  }
  return {
    posts: new Map(posts.map((p) => [p.id, p])),
    terms: new Map(terms.map((t) => [t.id, t])),
    links: { posts: await postLinks(req, posts), terms: termLinkMap },
  };
}

/** get_post_type_archive_link(): the type's archive (posts: the home page), else false, as WordPress answers it. */
const archiveLink = (type: string, homeUrl: string): string | false =>
  POST_TYPE_BEHAVIOURS().get(type)?.archiveUrl?.(homeUrl) ?? false;

const noTitle = (id: number) => `#${id} (no title)`;

/** wp_setup_nav_menu_item() for a stored item. */
export function viewOf(doc: PostDoc, linked: Linked, homeUrl: string): ItemView {
  return {
    ...objectView(doc, linked, homeUrl),
    attrTitle: formatTitleText(doc.excerpt),
    description: formatTitleText(wpTrimWords(doc.content, 200)),
  };
}

/** The part of the set-up that depends on the item's type and its linked object. */
function objectView(doc: PostDoc, linked: Linked, homeUrl: string): Omit<ItemView, 'attrTitle' | 'description'> {
  const f = itemFields(doc);
  const own = doc.title;
  switch (f.item_type) {
    case 'post_type': {
      const type = core.postTypeNamed(f.object);
      const post = linked.posts.get(f.object_id);
      const original = post ? renderer.renderTitle(post.title) : '';
      return {
        title: own === '' ? original || noTitle(f.object_id) : own,
        url: post ? linked.links.posts.get(post.id)! : '',
        typeLabel: type?.labels.singular_name ?? f.object,
        invalid: !type || !post || post.status === 'trash',
        post,
      };
    }
    case 'taxonomy': {
      const taxonomy = core.taxonomyNamed(f.object);
      const found = linked.terms.get(f.object_id);
      const term = found?.taxonomy === f.object ? found : undefined;
      return {
        title: own === '' ? term?.name || noTitle(f.object_id) : own,
        url: term ? linked.links.terms.get(term.id)! : '',
        typeLabel: taxonomy?.labels.singular_name ?? f.object,
        invalid: !taxonomy || !term,
        term: found,
      };
    }
    case 'post_type_archive': {
      const type = core.postTypeNamed(f.object);
      return {
        title: own === '' && type ? (type.labels.archives ?? '') : own,
        url: type ? archiveLink(type.name, homeUrl) : false,
        typeLabel: 'Post Type Archive',
        invalid: !type,
      };
    }
    default:
      return { title: own, url: f.url, typeLabel: 'Custom Link', invalid: false };
  }
}

/** The object's own title, as wp_update_nav_menu_item() compares an item's title with it (raw, unfiltered). */
export async function originalTitle(
  store: Store,
  f: Pick<MenuItemFields, 'item_type' | 'object' | 'object_id'>,
): Promise<string> {
  if (f.item_type === 'post_type')
    return (await store.collection<PostDoc>(POSTS).findOne({ id: f.object_id }))?.title ?? '';
  if (f.item_type === 'taxonomy')
    return (await store.collection<TermDoc>(TERMS).findOne({ id: f.object_id, taxonomy: f.object }))?.name ?? '';
  if (f.item_type === 'post_type_archive') return core.postTypeNamed(f.object)?.labels.archives ?? '';
  return '';
}

/** Per request, the views of the items a page prepared (the response hooks run per item, the loading per page). */
const views = new WeakMap<RestRequest, Map<number, ItemView>>();

export async function preparePageViews(req: RestRequest, items: PostDoc[]): Promise<void> {
  const linked = await loadLinked(req, items);
  const map = views.get(req) ?? new Map<number, ItemView>();
  for (const item of items) map.set(item.id, viewOf(item, linked, req.config.homeUrl));
  views.set(req, map);
}

/** The view preparePageViews() made for an item of this request, if any. */
export const cachedView = (req: RestRequest, item: PostDoc): ItemView | undefined => views.get(req)?.get(item.id);

export async function viewFor(req: RestRequest, item: PostDoc): Promise<ItemView> {
  const known = views.get(req)?.get(item.id);
  if (known) return known;
  await preparePageViews(req, [item]);
  return views.get(req)!.get(item.id)!;
}
