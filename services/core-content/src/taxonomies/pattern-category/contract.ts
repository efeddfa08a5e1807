/**
 * `wp_pattern_category` (spec 2.11, core/v2/pattern_category): the categories of reusable blocks. Flat (so
 * creating one needs only assign_terms, edit_posts), not public: no archive, so a term links as
 * `?taxonomy=wp_pattern_category&term=<slug>` (get_term_link without rewrite rules or a query var). It has no
 * differences from the generic taxonomy, so this contract is all there is of it.
 */
import { defineTaxonomy } from '../../engine/contract/taxonomy';

export const patternCategoryTaxonomy = defineTaxonomy({
  name: 'wp_pattern_category',
  hierarchical: false,
  // Spec 4.6: the route is core/v2/pattern_category.
  restBase: 'pattern_category',
  objectType: ['wp_block'],
  labels: {
    name: 'Pattern Categories',
    singular_name: 'Pattern Category',
    add_new_item: 'Add New Category',
    add_or_remove_items: 'Add or remove pattern categories',
    back_to_items: '&larr; Go to Pattern Categories',
    choose_from_most_used: 'Choose from the most used pattern categories',
    edit_item: 'Edit Pattern Category',
    item_link: 'Pattern Category Link',
    item_link_description: 'A link to a pattern category.',
    items_list: 'Pattern Categories list',
    items_list_navigation: 'Pattern Categories list navigation',
    new_item_name: 'New Pattern Category Name',
    no_terms: 'No pattern categories',
    not_found: 'No pattern categories found.',
    popular_items: 'Popular Pattern Categories',
    search_items: 'Search Pattern Categories',
    separate_items_with_commas: 'Separate pattern categories with commas',
    update_item: 'Update Pattern Category',
    view_item: 'View Pattern Category',
  },
  showTagcloud: false,
  visibility: {
    public: false,
    publicly_queryable: false,
    show_admin_column: true,
    show_in_nav_menus: false,
    show_in_quick_edit: true,
    show_ui: true,
  },
  cap: {
    manage_terms: 'manage_categories',
    edit_terms: 'manage_categories',
    delete_terms: 'manage_categories',
    assign_terms: 'edit_posts',
  },
  rest: { title: 'wp_pattern_category', allowBatch: true },
});
