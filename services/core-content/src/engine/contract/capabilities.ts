/**
 * Capabilities as the registry names them (a post type's `cap`, a taxonomy's `cap`). The check against a caller
 * is the kit's capability model, which maps WordPress's meta capabilities to these primitives.
 */

/** A post type's `cap` object, in get_post_type_capabilities()'s key order. */
export interface PostTypeCaps {
  edit_post: string;
  read_post: string;
  delete_post: string;
  edit_posts: string;
  edit_others_posts: string;
  delete_posts: string;
  publish_posts: string;
  read_private_posts: string;
  read: string;
  delete_private_posts: string;
  delete_published_posts: string;
  delete_others_posts: string;
  edit_private_posts: string;
  edit_published_posts: string;
  create_posts: string;
}

/** get_post_type_capabilities() with map_meta_cap on (every type here): `capability_type` plus overrides. */
export function postTypeCaps(singular: string, plural: string, overrides: Partial<PostTypeCaps> = {}): PostTypeCaps {
  const caps = {
    edit_post: `edit_${singular}`,
    read_post: `read_${singular}`,
    delete_post: `delete_${singular}`,
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    delete_posts: `delete_${plural}`,
    publish_posts: `publish_${plural}`,
    read_private_posts: `read_private_${plural}`,
    read: 'read',
    delete_private_posts: `delete_private_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    ...overrides,
  };
  // Creating maps to edit_posts unless the type says otherwise.
  return { ...caps, create_posts: overrides.create_posts ?? caps.edit_posts };
}

/** Types managed only by administrators (menus, templates, navigation): every primitive is edit_theme_options. */
export const themeOptionsCaps = (): PostTypeCaps =>
  postTypeCaps('post', 'posts', {
    edit_posts: 'edit_theme_options',
    edit_others_posts: 'edit_theme_options',
    delete_posts: 'edit_theme_options',
    publish_posts: 'edit_theme_options',
    read_private_posts: 'edit_theme_options',
    delete_private_posts: 'edit_theme_options',
    delete_published_posts: 'edit_theme_options',
    delete_others_posts: 'edit_theme_options',
    edit_private_posts: 'edit_theme_options',
    edit_published_posts: 'edit_theme_options',
    create_posts: 'edit_theme_options',
  });

export interface TaxonomyCaps {
  manage_terms: string;
  edit_terms: string;
  delete_terms: string;
  assign_terms: string;
}
