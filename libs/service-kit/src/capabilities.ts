/**
 * WordPress's default roles and their primitive capabilities (wp-admin/includes/schema.php, populate_roles).
 * Routes check capabilities, never role names, so a role change is one edit here.
 */
import type { Identity, Role } from '@loom/contracts';

const subscriber = ['read', 'level_0'];
const contributor = [...subscriber, 'edit_posts', 'delete_posts', 'level_1'];
const author = [...contributor, 'upload_files', 'publish_posts', 'edit_published_posts', 'delete_published_posts', 'level_2'];
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
  'level_10',
];

export const ROLE_CAPABILITIES: Record<Role, ReadonlySet<string>> = {
  subscriber: new Set(subscriber),
  contributor: new Set(contributor),
  author: new Set(author),
  editor: new Set(editor),
  administrator: new Set(administrator),
};

/** current_user_can() for primitive capabilities. Anonymous callers have none. */
export function can(user: Identity | null | undefined, capability: string): boolean {
  if (!user) return false;
  return user.roles.some((r) => ROLE_CAPABILITIES[r]?.has(capability));
}
