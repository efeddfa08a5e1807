/**
 * WordPress's capability model, shared by every service so each route declares its check in one line:
 * the default roles with their primitive capabilities (populate_roles, plus what the events and forms
 * plugins add on activation), and the meta capabilities WordPress maps onto them (map_meta_cap) for a
 * given object: `can(user, 'edit_user', { userId: 7 })`, `can(user, 'edit_post', { post: { author, status, type } })`.
 *
 * Capabilities by service:
 * - core-content: WordPress core's (edit_posts, publish_posts, edit_others_posts, manage_categories,
 *   edit_theme_options, upload_files, list_users, edit_users, create_users, delete_users, promote_users...).
 * - events (The Events Calendar): edit/publish/delete/read_private/edit_others/... `_tribe_events`,
 *   `_tribe_venues`, `_tribe_organizers`, granted per role as the plugin does; event categories are a
 *   taxonomy whose manage/edit/delete_terms the plugin maps to publish_tribe_events, event tags (post_tag) use
 *   manage_categories.
 * - forms (Contact Form 7's meta capabilities): wpcf7_read_contact_form(s) → edit_posts,
 *   wpcf7_edit_contact_form(s) and wpcf7_delete_contact_form → publish_pages,
 *   wpcf7_manage_integration → manage_options; submitting feedback needs nothing.
 */
import { own, type Identity, type Role } from '@loom/contracts';

/** The Events Calendar's post-type capabilities for one of its types, by what each role gets. */
function tribeCaps(plural: string) {
  return {
    contributor: [`edit_${plural}`, `delete_${plural}`, `read_${plural}`],
    author: [`publish_${plural}`, `edit_published_${plural}`, `delete_published_${plural}`],
    editor: [
      `edit_others_${plural}`,
      `delete_others_${plural}`,
      `read_private_${plural}`,
      `edit_private_${plural}`,
      `delete_private_${plural}`,
    ],
  };
}
const TRIBE = ['tribe_events', 'tribe_venues', 'tribe_organizers'].map(tribeCaps);
const tribe = (level: 'contributor' | 'author' | 'editor') => TRIBE.flatMap((t) => t[level]);

const subscriber = ['read', 'level_0'];
const contributor = [...subscriber, 'edit_posts', 'delete_posts', 'level_1', ...tribe('contributor')];
const author = [
  ...contributor,
  'upload_files',
  'publish_posts',
  'edit_published_posts',
  'delete_published_posts',
  'level_2',
  ...tribe('author'),
];
const editor = [
  ...author,
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'unfiltered_html',
  'edit_others_posts',
  'edit_pages',
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_others_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
  'level_7',
  'level_6',
  'level_5',
  'level_4',
  'level_3',
  ...tribe('editor'),
];
const administrator = [
  ...editor,
  'switch_themes',
  'edit_themes',
  'activate_plugins',
  'edit_plugins',
  'edit_users',
  'edit_files',
  'manage_options',
  'import',
  'export',
  'list_users',
  'create_users',
  'delete_users',
  'promote_users',
  'remove_users',
  'add_users',
  'edit_theme_options',
  'edit_dashboard',
  'customize',
  'delete_site',
  'update_core',
  'update_plugins',
  'update_themes',
  'install_plugins',
  'install_themes',
  'delete_themes',
  'delete_plugins',
  'unfiltered_upload',
  'level_10',
  'level_9',
  'level_8',
];

export const ROLE_CAPABILITIES: Record<Role, ReadonlySet<string>> = {
  subscriber: new Set(subscriber),
  contributor: new Set(contributor),
  author: new Set(author),
  editor: new Set(editor),
  administrator: new Set(administrator),
};

/**
 * A post type's capability names, as get_post_type_capabilities() gives them (the registry of each service holds its
 * types'). map_meta_cap reads these to turn edit_post, delete_post and read_post into primitives.
 */
export interface PostTypeCapNames {
  read: string;
  read_private_posts: string;
  edit_posts: string;
  edit_others_posts: string;
  edit_published_posts: string;
  edit_private_posts: string;
  delete_posts: string;
  delete_others_posts: string;
  delete_published_posts: string;
  delete_private_posts: string;
  publish_posts: string;
}

/** The primitives of capability_type `post` (plural `posts`) or `page` (`pages`) with map_meta_cap. */
export function capabilityType(plural: string): PostTypeCapNames {
  return {
    read: 'read',
    read_private_posts: `read_private_${plural}`,
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    delete_posts: `delete_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_private_posts: `delete_private_${plural}`,
    publish_posts: `publish_${plural}`,
  };
}

/** The post a post meta capability (edit_post, delete_post, read_post, publish_post...) is checked against. */
export interface CapPost {
  /** post_author; 0 means nobody, so nobody is "the author". */
  author: number;
  status: string;
  type: string;
  /** For a trashed post, the status it had before (WordPress's `_wp_trash_meta_status`). */
  trashedFrom?: string;
  /** The type's capability names (its registry entry's `cap`). */
  caps: PostTypeCapNames;
  /** The status object's `public` flag (default: publish); public posts are readable by anyone with `read`. */
  statusPublic?: boolean;
  /** The status object's `private` flag (default: private); such posts need read_private_posts. */
  statusPrivate?: boolean;
}

/** The object a meta capability is checked against. */
export interface CapObject {
  /** The user the check is about (edit_user, delete_user, application passwords...). */
  userId?: number;
  /** The post the check is about (edit_post, delete_post, read_post, publish_post and their _page forms). */
  post?: CapPost;
}

/** What map_meta_cap turns a meta capability into: the primitives required, or null for "never". */
type Mapper = (user: Identity, obj: CapObject) => string[] | null;

const self = (user: Identity, obj: CapObject) => obj.userId !== undefined && obj.userId === user.id;

/** Users may edit themselves; everyone else needs edit_users. Application passwords follow edit_user. */
const editUser: Mapper = (user, obj) => (self(user, obj) ? [] : ['edit_users']);

const isAuthor = (user: Identity, post: CapPost) => post.author > 0 && post.author === user.id;
const PUBLISHED = ['publish', 'future'];

/**
 * map_meta_cap's edit_post / delete_post: the author needs edit_posts (edit_published_posts once published or
 * scheduled, also for a trashed post that was); anyone else edit_others_posts, plus edit_published_posts or
 * edit_private_posts for published or private posts.
 */
const editOrDelete =
  (verb: 'edit' | 'delete'): Mapper =>
  (user, obj) => {
    const post = obj.post;
    if (!post) return null;
    const caps = post.caps;
    const cap = (what: 'posts' | 'others_posts' | 'published_posts' | 'private_posts') =>
      caps[`${verb}_${what}` as keyof PostTypeCapNames];
    if (isAuthor(user, post)) {
      if (PUBLISHED.includes(post.status)) return [cap('published_posts')];
      if (post.status === 'trash')
        return [PUBLISHED.includes(post.trashedFrom ?? '') ? cap('published_posts') : cap('posts')];
      return [cap('posts')];
    }
    const required = [cap('others_posts')];
    if (PUBLISHED.includes(post.status)) required.push(cap('published_posts'));
    else if (post.status === 'private') required.push(cap('private_posts'));
    return required;
  };

/** map_meta_cap's read_post: public statuses need `read`; the author reads their own; private needs read_private_posts; else edit_post. */
const readPost: Mapper = (user, obj) => {
  const post = obj.post;
  if (!post) return null;
  const caps = post.caps;
  if (post.statusPublic ?? post.status === 'publish') return [caps.read];
  if (isAuthor(user, post)) return [caps.read];
  if (post.statusPrivate ?? post.status === 'private') return [caps.read_private_posts];
  return editOrDelete('edit')(user, obj);
};

const publishPost: Mapper = (_user, obj) => (obj.post ? [obj.post.caps.publish_posts] : null);

const META_CAPS: Record<string, Mapper> = {
  // Post meta capabilities: each needs the post (CapObject.post), as WordPress needs a post id.
  edit_post: editOrDelete('edit'),
  edit_page: editOrDelete('edit'),
  delete_post: editOrDelete('delete'),
  delete_page: editOrDelete('delete'),
  read_post: readPost,
  read_page: readPost,
  publish_post: publishPost,
  edit_user: editUser,
  create_app_password: editUser,
  list_app_passwords: editUser,
  read_app_password: editUser,
  edit_app_password: editUser,
  delete_app_passwords: editUser,
  delete_app_password: editUser,
  // WordPress lets nobody delete or promote themselves through these checks' object form.
  delete_user: () => ['delete_users'],
  promote_user: () => ['promote_users'],
  // map_meta_cap's default branch: the block type's primitives asked for by name are the post ones (not those
  // it returns for edit_post and read_post: nobody holds edit_private_blocks, as in WordPress).
  ...Object.fromEntries(
    [
      'edit',
      'edit_others',
      'publish',
      'read_private',
      'delete',
      'delete_private',
      'delete_published',
      'delete_others',
      'edit_private',
      'edit_published',
    ].map((verb): [string, Mapper] => [`${verb}_blocks`, () => [`${verb}_posts`]]),
  ),
  // Taxonomy meta capabilities (category, post_tag, and the events plugin's taxonomies).
  edit_categories: () => ['manage_categories'],
  delete_categories: () => ['manage_categories'],
  assign_categories: () => ['edit_posts'],
  manage_post_tags: () => ['manage_categories'],
  edit_post_tags: () => ['manage_categories'],
  delete_post_tags: () => ['manage_categories'],
  assign_post_tags: () => ['edit_posts'],
  // Contact Form 7.
  wpcf7_read_contact_forms: () => ['edit_posts'],
  wpcf7_read_contact_form: () => ['edit_posts'],
  wpcf7_edit_contact_forms: () => ['publish_pages'],
  wpcf7_edit_contact_form: () => ['publish_pages'],
  wpcf7_delete_contact_form: () => ['publish_pages'],
  wpcf7_manage_integration: () => ['manage_options'],
  wpcf7_submit: () => [],
};

function hasPrimitive(user: Identity, capability: string): boolean {
  return user.roles.some((r) => own(ROLE_CAPABILITIES, r)?.has(capability));
}

/**
 * current_user_can(): primitive capabilities come from the caller's roles; meta capabilities are mapped
 * for `obj` first. Anonymous callers can do nothing.
 */
export function can(user: Identity | null | undefined, capability: string, obj: CapObject = {}): boolean {
  if (!user) return false;
  const mapper = own(META_CAPS, capability);
  if (!mapper) return hasPrimitive(user, capability);
  const required = mapper(user, obj);
  return required !== null && required.every((c) => hasPrimitive(user, c));
}
