/**
 * `nav_menu` (spec 2.11, core/v2/menus): the menus that hold menu items; everything needs edit_theme_options.
 * WP_REST_Menus_Controller's schema is the terms controller's without count, link and taxonomy, plus the menu's
 * locations and auto_add. `parent` is read although no argument lists it: the controller refuses it
 * (rest_taxonomy_not_hierarchical) whenever a write carries one.
 */
import { z } from 'zod';
import { field, type FieldDef, hiddenArg, sanitizedOnly } from '@loom/contracts';
import { defineTaxonomy } from '../../engine/contract/taxonomy';

const VE = ['view', 'edit'] as const;
const LOCATIONS = 'The locations assigned to the menu.';
const AUTO_ADD = 'Whether to automatically add top level pages to this menu.';

const HIDDEN_FIELDS = new Set(['count', 'link', 'taxonomy']);

function menuFields(terms: Record<string, FieldDef>): Record<string, FieldDef> {
  const kept = Object.fromEntries(Object.entries(terms).filter(([name]) => !HIDDEN_FIELDS.has(name)));
  return {
    ...kept,
    locations: field(z.array(z.string()).describe(LOCATIONS), [...VE]),
    auto_add: field(z.boolean().describe(AUTO_ADD), [...VE]),
  };
}

export const navMenuTaxonomy = defineTaxonomy({
  name: 'nav_menu',
  hierarchical: false,
  restBase: 'menus',
  objectType: ['nav_menu_item'],
  labels: { name: 'Navigation Menus', singular_name: 'Navigation Menu' },
  showTagcloud: false,
  visibility: {
    public: false,
    publicly_queryable: false,
    show_admin_column: false,
    show_in_nav_menus: false,
    show_in_quick_edit: false,
    show_ui: false,
  },
  cap: {
    manage_terms: 'edit_theme_options',
    edit_terms: 'edit_theme_options',
    delete_terms: 'edit_theme_options',
    assign_terms: 'edit_theme_options',
  },
  rest: {
    title: 'nav_menu',
    allowBatch: true,
    fields: menuFields,
    writeArgs: (args) => ({
      ...args,
      locations: z.array(z.string()).optional().describe(LOCATIONS),
      auto_add: z.boolean().optional().describe(AUTO_ADD),
      parent: hiddenArg(sanitizedOnly(z.unknown().optional())),
    }),
  },
});
