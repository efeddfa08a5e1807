/**
 * Menus (spec 2.6, 2.11): what the menu item type (post-types/nav-menu-item.ts) and the nav_menu taxonomy
 * (taxonomies/nav-menu.ts) share, the site settings they keep, the menu-locations routes and the hooks into
 * other content's life.
 */
export { menuLocationBindings } from '../../resources/menu-locations/handlers';
export { registerMenuLifecycle, rememberMenuSite } from './lifecycle';
export { ensureOptionIndexes } from '../../site/options';
