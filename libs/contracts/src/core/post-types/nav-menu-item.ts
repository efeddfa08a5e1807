/** `nav_menu_item` (spec 2.6, core/v2/menu-items): every capability is edit_theme_options. */
import { themeOptionsCaps } from '../registry/capabilities';
import { definePostType } from '../registry/post-type';
import { FORUM_META_DEFAULTS } from '../registry/meta';

export const navMenuItemType = definePostType({
  name: 'nav_menu_item',
  restBase: 'menu-items',
  labels: { name: 'Navigation Menu Items', singular_name: 'Navigation Menu Item' },
  cap: themeOptionsCaps(),
  meta: FORUM_META_DEFAULTS,
});
