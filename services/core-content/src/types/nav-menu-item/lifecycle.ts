/**
 * What menus follow in the life of other content, as WordPress's hooks do: a page published for the first time
 * at the top level joins the menus with auto_add (_wp_auto_add_pages_to_menu), and the items linking to a post
 * deleted for good, or to a deleted term, go with it (_wp_delete_post_menu_item, _wp_delete_tax_menu_item).
 */
import type { Filter, Store } from '@loom/store';
import { onPostLifecycle } from '../../engine/lifecycle';
import { onTermDeleted } from '../../engine/terms/lifecycle';
import { siteClock } from '../../engine/dates';
import { POSTS, PostRepository, type PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { WpError, type KitConfig } from '@loom/service-kit';
import { MENU_ITEM_TYPE } from './items';
import { autoAddMenus } from '../../site/options';

/** The site each store serves (its clock and home URL), for the menu items written here. */
const sites = new WeakMap<Store, KitConfig>();

export function rememberMenuSite(store: Store, config: KitConfig): void {
  sites.set(store, config);
}

function itemRepository(store: Store): PostRepository | null {
  const config = sites.get(store);
  return config
    ? new PostRepository(store, POST_TYPE_BEHAVIOURS().get(MENU_ITEM_TYPE)!, siteClock(config), config.homeUrl)
    : null;
}

let registered = false;

/** Registers the listeners (once per process, at core-content's start-up). */
export function registerMenuLifecycle(): void {
  if (registered) return;
  registered = true;
  onPostLifecycle({
    async saved(current, previous, store, by) {
      // WordPress checks the page type by name here (transition_post_status), whatever else is hierarchical.
      if (current.type !== 'page' || current.status !== 'publish' || previous?.status === 'publish' || current.parent)
        return;
      const items = store.collection<PostDoc>(POSTS);
      for (const menu of await autoAddMenus(store)) {
        const inMenu = await items.find({ type: MENU_ITEM_TYPE, menus: menu, status: { $in: ['publish', 'draft'] } });
        if (inMenu.some((i) => i.object_id === current.id)) continue;
        // Appended after the menu's items (wp_update_nav_menu_item with position 0).
        await itemRepository(store)?.create(
          {
            title: '',
            status: 'publish',
            menu_order: inMenu.length + 1,
            terms: { menus: [menu] },
            own: {
              item_type: 'post_type',
              object: current.type,
              object_id: current.id,
              item_parent: 0,
              target: '',
              classes: [''],
              xfn: '',
              url: '',
            },
          },
          { userId: by.userId, canPublish: true },
        );
      }
    },
    async deleted(post, store) {
      await deleteItems(store, { item_type: 'post_type', object_id: post.id, id: { $ne: post.id } });
    },
  });
  // _wp_delete_tax_menu_item(): the items linking to a deleted term of that taxonomy.
  onTermDeleted((term, store) =>
    deleteItems(store, { item_type: 'taxonomy', object: term.taxonomy, object_id: term.id }),
  );
}

async function deleteItems(store: Store, filter: Filter): Promise<void> {
  const repo = itemRepository(store);
  if (!repo) return;
  for (const item of await store.collection<PostDoc>(POSTS).find({ type: MENU_ITEM_TYPE, ...filter })) {
    try {
      await repo.deletePermanently(item.id);
    } catch (e) {
      // Deleted meanwhile by another request: nothing left to do.
      if (!(e instanceof WpError && e.code === 'rest_post_invalid_id')) throw e;
    }
  }
}
