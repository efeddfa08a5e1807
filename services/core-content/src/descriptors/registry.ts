/**
 * The site's registered post types, post statuses and taxonomies: what WordPress keeps in
 * $wp_post_types, $wp_post_statuses and $wp_taxonomies. Registration order matters: WordPress lists each
 * collection in that order. Values are WordPress's (its version that the captured samples come from), with
 * core/v2 as the REST namespace and the site's spec 2.2 extension statuses registered after core's.
 */
import type { Identity } from '@loom/contracts';
import { postTypeCaps, themeOptionsCaps, userCan, type PostTypeCaps, type TaxonomyCaps } from './capabilities';
import { postTypeLabels, taxonomyLabels, type Labels } from './labels';

const NAMESPACE = 'core/v2';

// ---------------------------------------------------------------------------------------------------------
// Post types

export interface PostTypeObject {
  name: string;
  /** The plural title (WordPress's `label`), shown as `name`. */
  label: string;
  description: string;
  hierarchical: boolean;
  hasArchive: boolean | string;
  menuIcon: string | null;
  restBase: string;
  restNamespace: string;
  showUi: boolean;
  showInNavMenus: boolean;
  /** is_post_type_viewable(): publicly queryable, or a public built-in type. */
  viewable: boolean;
  /** Features in add_post_type_support() order. */
  supports: string[];
  labels: Labels;
  cap: PostTypeCaps;
}

interface PostTypeArgs {
  name: string;
  restBase: string;
  labels: Labels;
  description?: string;
  hierarchical?: boolean;
  menuIcon?: string;
  showUi?: boolean;
  showInNavMenus?: boolean;
  viewable?: boolean;
  supports?: string[];
  cap?: PostTypeCaps;
}

function postType(a: PostTypeArgs): PostTypeObject {
  const hierarchical = a.hierarchical ?? false;
  const labels = postTypeLabels(a.labels, hierarchical, a.name);
  return {
    name: a.name,
    label: labels.name ?? a.name,
    description: a.description ?? '',
    hierarchical,
    hasArchive: false,
    menuIcon: a.menuIcon ?? null,
    restBase: a.restBase,
    restNamespace: NAMESPACE,
    showUi: a.showUi ?? false,
    showInNavMenus: a.showInNavMenus ?? false,
    viewable: a.viewable ?? false,
    // register_post_type() gives types that name no features title and editor.
    supports: a.supports ?? ['title', 'editor'],
    labels,
    cap: a.cap ?? postTypeCaps('post', 'posts'),
  };
}

/** Post types shown in REST (show_in_rest), in registration order (sample 18). */
export const POST_TYPES: readonly PostTypeObject[] = [
  postType({
    name: 'post',
    restBase: 'posts',
    labels: { name_admin_bar: 'Post' },
    menuIcon: 'dashicons-admin-post',
    showUi: true,
    showInNavMenus: true,
    viewable: true,
    supports: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'trackbacks', 'custom-fields', 'comments', 'revisions', 'post-formats'],
  }),
  postType({
    name: 'page',
    restBase: 'pages',
    labels: { name_admin_bar: 'Page' },
    hierarchical: true,
    menuIcon: 'dashicons-admin-page',
    showUi: true,
    showInNavMenus: true,
    viewable: true,
    supports: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions'],
    cap: postTypeCaps('page', 'pages'),
  }),
  postType({
    name: 'attachment',
    restBase: 'media',
    labels: { name: 'Media', name_admin_bar: 'Media', add_new: 'Add New', edit_item: 'Edit Media', view_item: 'View Attachment Page', attributes: 'Attachment Attributes' },
    menuIcon: 'dashicons-admin-media',
    showUi: true,
    viewable: true,
    supports: ['title', 'author', 'comments'],
    cap: postTypeCaps('post', 'posts', { create_posts: 'upload_files' }),
  }),
  postType({
    name: 'nav_menu_item',
    restBase: 'menu-items',
    labels: { name: 'Navigation Menu Items', singular_name: 'Navigation Menu Item' },
    cap: themeOptionsCaps(),
  }),
  postType({
    name: 'wp_block',
    restBase: 'blocks',
    labels: {
      name: 'Reusable blocks',
      singular_name: 'Reusable block',
      add_new: 'Add New',
      add_new_item: 'Add new Reusable block',
      new_item: 'New Reusable block',
      edit_item: 'Edit Reusable block',
      view_item: 'View Reusable block',
      view_items: 'View Reusable blocks',
      all_items: 'All Reusable blocks',
      search_items: 'Search Reusable blocks',
      not_found: 'No reusable blocks found.',
      not_found_in_trash: 'No reusable blocks found in Trash.',
      filter_items_list: 'Filter reusable blocks list',
      items_list_navigation: 'Reusable blocks list navigation',
      items_list: 'Reusable blocks list',
      item_published: 'Reusable block published.',
      item_published_privately: 'Reusable block published privately.',
      item_reverted_to_draft: 'Reusable block reverted to draft.',
      item_scheduled: 'Reusable block scheduled.',
      item_updated: 'Reusable block updated.',
    },
    showUi: true,
    supports: ['title', 'editor', 'revisions'],
    // Reading raw blocks needs edit_posts; creating one needs publish_posts.
    cap: postTypeCaps('block', 'blocks', {
      read: 'edit_posts',
      create_posts: 'publish_posts',
      edit_posts: 'edit_posts',
      edit_published_posts: 'edit_published_posts',
      delete_published_posts: 'delete_published_posts',
      delete_posts: 'delete_posts',
      edit_others_posts: 'edit_others_posts',
      delete_others_posts: 'delete_others_posts',
    }),
  }),
  postType({
    name: 'wp_template',
    restBase: 'templates',
    description: 'Templates to include in your theme.',
    labels: siteEditorLabels('Templates', 'Template', 'template', 'templates'),
    supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
    cap: themeOptionsCaps(),
  }),
  postType({
    name: 'wp_template_part',
    restBase: 'template-parts',
    description: 'Template parts to include in your templates.',
    labels: siteEditorLabels('Template Parts', 'Template Part', 'template part', 'template parts'),
    supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author'],
    cap: themeOptionsCaps(),
  }),
  postType({
    name: 'wp_navigation',
    restBase: 'navigation',
    description: 'Navigation menus that can be inserted into your site.',
    labels: siteEditorLabels('Navigation Menus', 'Navigation Menu', 'Navigation Menu', 'Navigation Menu'),
    showUi: true,
    supports: ['title', 'editor', 'revisions'],
    cap: themeOptionsCaps(),
  }),
];

/** The labels the site-editor types register; `item`/`items` are the lower-case forms their sentences use. */
function siteEditorLabels(plural: string, singular: string, item: string, items: string): Labels {
  return {
    name: plural,
    singular_name: singular,
    add_new: 'Add New',
    add_new_item: `Add New ${singular}`,
    new_item: `New ${singular}`,
    edit_item: `Edit ${singular}`,
    view_item: `View ${singular}`,
    all_items: plural,
    search_items: `Search ${plural}`,
    parent_item_colon: `Parent ${singular}:`,
    not_found: `No ${items} found.`,
    not_found_in_trash: `No ${items} found in Trash.`,
    archives: `${item.charAt(0).toUpperCase()}${item.slice(1)} archives`,
    insert_into_item: `Insert into ${item}`,
    uploaded_to_this_item: `Uploaded to this ${item}`,
    filter_items_list: `Filter ${items} list`,
    items_list_navigation: `${plural} list navigation`,
    items_list: `${plural} list`,
  };
}

/** Registered but not shown in REST: the item route answers rest_cannot_read_type for these. */
export const HIDDEN_POST_TYPES: readonly string[] = ['revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_global_styles'];

// ---------------------------------------------------------------------------------------------------------
// Taxonomies

export interface TaxonomyObject {
  name: string;
  label: string;
  description: string;
  hierarchical: boolean;
  restBase: string;
  restNamespace: string;
  /** Post types the taxonomy is registered for (`types`). */
  objectType: string[];
  showTagcloud: boolean;
  visibility: {
    public: boolean;
    publicly_queryable: boolean;
    show_admin_column: boolean;
    show_in_nav_menus: boolean;
    show_in_quick_edit: boolean;
    show_ui: boolean;
  };
  labels: Labels;
  cap: TaxonomyCaps;
}

const publicTaxonomy = { public: true, publicly_queryable: true, show_admin_column: true, show_in_nav_menus: true, show_in_quick_edit: true, show_ui: true };

function taxonomy(t: Omit<TaxonomyObject, 'label' | 'labels' | 'description' | 'restNamespace'> & { labels?: Labels }): TaxonomyObject {
  const labels = taxonomyLabels(t.labels ?? {}, t.hierarchical, t.name);
  return { ...t, label: labels.name ?? t.name, labels, description: '', restNamespace: NAMESPACE };
}

/** Taxonomies shown in REST, in registration order (sample 20, then wp_pattern_category). */
export const TAXONOMIES: readonly TaxonomyObject[] = [
  taxonomy({
    name: 'category',
    hierarchical: true,
    restBase: 'categories',
    objectType: ['post'],
    showTagcloud: true,
    visibility: publicTaxonomy,
    cap: { manage_terms: 'manage_categories', edit_terms: 'edit_categories', delete_terms: 'delete_categories', assign_terms: 'assign_categories' },
  }),
  taxonomy({
    name: 'post_tag',
    hierarchical: false,
    restBase: 'tags',
    objectType: ['post'],
    showTagcloud: true,
    visibility: publicTaxonomy,
    cap: { manage_terms: 'manage_post_tags', edit_terms: 'edit_post_tags', delete_terms: 'delete_post_tags', assign_terms: 'assign_post_tags' },
  }),
  taxonomy({
    name: 'nav_menu',
    hierarchical: false,
    restBase: 'menus',
    objectType: ['nav_menu_item'],
    labels: { name: 'Navigation Menus', singular_name: 'Navigation Menu' },
    showTagcloud: false,
    visibility: { public: false, publicly_queryable: false, show_admin_column: false, show_in_nav_menus: false, show_in_quick_edit: false, show_ui: false },
    cap: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
  }),
  taxonomy({
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
    visibility: { public: false, publicly_queryable: false, show_admin_column: true, show_in_nav_menus: false, show_in_quick_edit: true, show_ui: true },
    cap: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
  }),
];

/** Registered but not shown in REST: their item route refuses with rest_forbidden. */
export const HIDDEN_TAXONOMIES: readonly string[] = ['link_category', 'post_format', 'wp_theme', 'wp_template_part_area'];

/** get_object_taxonomies() limited to REST taxonomies, in registration order. */
export const taxonomiesOf = (postType: string): TaxonomyObject[] => TAXONOMIES.filter((t) => t.objectType.includes(postType));

// ---------------------------------------------------------------------------------------------------------
// Post statuses

export interface StatusObject {
  name: string;
  label: string;
  public: boolean;
  protected: boolean;
  private: boolean;
  /** Internal statuses are never listed and never readable over REST (trash excepted). */
  internal: boolean;
  publiclyQueryable: boolean;
  showInAdminAllList: boolean;
  dateFloating: boolean;
}

type StatusFlags = Partial<Pick<StatusObject, 'public' | 'protected' | 'private' | 'internal' | 'dateFloating'>> & { showInAdminAllList?: boolean };

/** register_post_status() defaults: queryable follows public, the "all" list shows every non-internal status. */
function status(name: string, label: string, flags: StatusFlags): StatusObject {
  const internal = flags.internal ?? false;
  return {
    name,
    label,
    public: flags.public ?? false,
    protected: flags.protected ?? false,
    private: flags.private ?? false,
    internal,
    publiclyQueryable: flags.public ?? false,
    showInAdminAllList: flags.showInAdminAllList ?? !internal,
    dateFloating: flags.dateFloating ?? false,
  };
}

/** Every registered status, in registration order: WordPress core's, then those extensions add. */
export const STATUSES: readonly StatusObject[] = [
  status('publish', 'Published', { public: true }),
  status('future', 'Scheduled', { protected: true }),
  status('draft', 'Draft', { protected: true, dateFloating: true }),
  status('pending', 'Pending', { protected: true, dateFloating: true }),
  status('private', 'Private', { private: true }),
  status('trash', 'Trash', { internal: true }),
  status('auto-draft', 'auto-draft', { internal: true, dateFloating: true }),
  status('inherit', 'inherit', { internal: true }),
  status('request-pending', 'Pending', { internal: true }),
  status('request-confirmed', 'Confirmed', { internal: true }),
  status('request-failed', 'Failed', { internal: true }),
  status('request-completed', 'Completed', { internal: true }),

  // From extensions (spec 2.2, write status set). The forum component's topic/reply statuses, flagged as it
  // registers them: closed topics stay publicly readable; spam and orphans are hidden like drafts (protected);
  // hidden forums are private.
  status('closed', 'Closed', { public: true }),
  status('spam', 'Spam', { protected: true, showInAdminAllList: false }),
  status('orphan', 'Orphan', { protected: true }),
  status('hidden', 'Hidden', { private: true }),
  // The x- statuses of other extensions are editorial states (disabled, auto-publishing outcomes and queue,
  // ignored): never on the front end, so protected like draft/pending, and listed for editors.
  status('x-disabled', 'Disabled', { protected: true }),
  status('x-ea-success', 'Success', { protected: true }),
  status('x-ea-failed', 'Failed', { protected: true }),
  status('x-ea-schedule', 'Schedule', { protected: true }),
  status('x-ea-pending', 'Pending', { protected: true }),
  status('x-ea-draft', 'Draft', { protected: true }),
  status('x-ignored', 'Ignored', { protected: true }),
  // Filter-only (spec 3): an extension's internal workflow status.
  status('x-rewrite-republish', 'Republish', { internal: true }),
];

/** The statuses the collection lists: get_post_stati(['internal' => false]) plus trash, appended. */
export const restStatuses = (): StatusObject[] => [...STATUSES.filter((s) => !s.internal), ...STATUSES.filter((s) => s.name === 'trash')];

/** Whether any REST post type lets the user edit_posts: the gate of edit context and non-public statuses. */
export const canEditSomeType = (user: Identity | null): boolean => POST_TYPES.some((t) => userCan(user, t.cap.edit_posts));
