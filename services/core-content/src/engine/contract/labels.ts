/**
 * WordPress's label objects (get_post_type_labels / get_taxonomy_labels): a table of defaults, one value for
 * flat objects and one for hierarchical ones, overlaid with the labels an object registers. Objects that
 * register only a few labels therefore show WordPress's generic "Post"/"Tag" wording for the rest, as
 * WordPress itself does.
 */
export type Labels = Record<string, string | null>;

type Defaults = Record<string, [flat: string | null, hierarchical: string | null]>;

const POST_TYPE_DEFAULTS: Defaults = {
  name: ['Posts', 'Pages'],
  singular_name: ['Post', 'Page'],
  add_new: ['Add New', 'Add New'],
  add_new_item: ['Add New Post', 'Add New Page'],
  edit_item: ['Edit Post', 'Edit Page'],
  new_item: ['New Post', 'New Page'],
  view_item: ['View Post', 'View Page'],
  view_items: ['View Posts', 'View Pages'],
  search_items: ['Search Posts', 'Search Pages'],
  not_found: ['No posts found.', 'No pages found.'],
  not_found_in_trash: ['No posts found in Trash.', 'No pages found in Trash.'],
  parent_item_colon: [null, 'Parent Page:'],
  all_items: ['All Posts', 'All Pages'],
  archives: ['Post Archives', 'Page Archives'],
  attributes: ['Post Attributes', 'Page Attributes'],
  insert_into_item: ['Insert into post', 'Insert into page'],
  uploaded_to_this_item: ['Uploaded to this post', 'Uploaded to this page'],
  featured_image: ['Featured image', 'Featured image'],
  set_featured_image: ['Set featured image', 'Set featured image'],
  remove_featured_image: ['Remove featured image', 'Remove featured image'],
  use_featured_image: ['Use as featured image', 'Use as featured image'],
  filter_items_list: ['Filter posts list', 'Filter pages list'],
  filter_by_date: ['Filter by date', 'Filter by date'],
  items_list_navigation: ['Posts list navigation', 'Pages list navigation'],
  items_list: ['Posts list', 'Pages list'],
  item_published: ['Post published.', 'Page published.'],
  item_published_privately: ['Post published privately.', 'Page published privately.'],
  item_reverted_to_draft: ['Post reverted to draft.', 'Page reverted to draft.'],
  item_scheduled: ['Post scheduled.', 'Page scheduled.'],
  item_updated: ['Post updated.', 'Page updated.'],
  item_link: ['Post Link', 'Page Link'],
  item_link_description: ['A link to a post.', 'A link to a page.'],
};

const SLUG_HELP =
  'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.';

const TAXONOMY_DEFAULTS: Defaults = {
  name: ['Tags', 'Categories'],
  singular_name: ['Tag', 'Category'],
  search_items: ['Search Tags', 'Search Categories'],
  popular_items: ['Popular Tags', null],
  all_items: ['All Tags', 'All Categories'],
  parent_item: [null, 'Parent Category'],
  parent_item_colon: [null, 'Parent Category:'],
  name_field_description: ['The name is how it appears on your site.', 'The name is how it appears on your site.'],
  slug_field_description: [SLUG_HELP, SLUG_HELP],
  parent_field_description: [
    null,
    'Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.',
  ],
  desc_field_description: [
    'The description is not prominent by default; however, some themes may show it.',
    'The description is not prominent by default; however, some themes may show it.',
  ],
  edit_item: ['Edit Tag', 'Edit Category'],
  view_item: ['View Tag', 'View Category'],
  update_item: ['Update Tag', 'Update Category'],
  add_new_item: ['Add New Tag', 'Add New Category'],
  new_item_name: ['New Tag Name', 'New Category Name'],
  separate_items_with_commas: ['Separate tags with commas', null],
  add_or_remove_items: ['Add or remove tags', null],
  choose_from_most_used: ['Choose from the most used tags', null],
  not_found: ['No tags found.', 'No categories found.'],
  no_terms: ['No tags', 'No categories'],
  filter_by_item: [null, 'Filter by category'],
  items_list_navigation: ['Tags list navigation', 'Categories list navigation'],
  items_list: ['Tags list', 'Categories list'],
  most_used: ['Most Used', 'Most Used'],
  back_to_items: ['&larr; Go to Tags', '&larr; Go to Categories'],
  item_link: ['Tag Link', 'Category Link'],
  item_link_description: ['A link to a tag.', 'A link to a category.'],
};

/**
 * _get_custom_object_labels: registered labels win; `singular_name`, `all_items`, `archives`, `menu_name` and
 * `name_admin_bar` fall back to the registered name (or the object key) before the generic defaults apply.
 */
function customObjectLabels(defaults: Defaults, custom: Labels, hierarchical: boolean, objectName: string): Labels {
  const own: Labels = { ...custom };
  if (own.name != null) own.singular_name ??= own.name;
  own.name_admin_bar ??= own.singular_name ?? objectName;
  if (own.name != null) own.menu_name ??= own.name;
  if (own.menu_name != null) own.all_items ??= own.menu_name;
  if (own.all_items != null) own.archives ??= own.all_items;
  const base: Labels = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, hierarchical ? v[1] : v[0]]));
  const merged = { ...base, ...own };
  // Core objects register no name of their own; WordPress still shows a menu name and archives label.
  merged.menu_name ??= merged.name ?? null;
  merged.archives ??= merged.all_items ?? null;
  return merged;
}

export const postTypeLabels = (custom: Labels, hierarchical: boolean, objectName: string): Labels =>
  customObjectLabels(POST_TYPE_DEFAULTS, custom, hierarchical, objectName);

export const taxonomyLabels = (custom: Labels, hierarchical: boolean, objectName: string): Labels =>
  customObjectLabels(TAXONOMY_DEFAULTS, custom, hierarchical, objectName);
