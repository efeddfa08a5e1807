/** `nav_menu` (spec 2.11, core/v2/menus): the menus that hold menu items; everything needs edit_theme_options. */
import { defineTaxonomy } from '../registry/taxonomy';

export const navMenuTaxonomy = defineTaxonomy({
  name: 'nav_menu',
  hierarchical: false,
  restBase: 'menus',
  objectType: ['nav_menu_item'],
  labels: { name: 'Navigation Menus', singular_name: 'Navigation Menu' },
  showTagcloud: false,
  visibility: { public: false, publicly_queryable: false, show_admin_column: false, show_in_nav_menus: false, show_in_quick_edit: false, show_ui: false },
  cap: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
});
