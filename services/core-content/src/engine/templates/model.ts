/**
 * WP_Block_Template and the two ways WordPress builds one (block-template-utils.php): from a theme file
 * (_build_block_template_result_from_file) and from a stored row or one of its revisions
 * (_build_block_template_result_from_post), with the titles WordPress gives untitled custom templates
 * (`page-about` → "Page: About").
 */
import type { Identity } from '@loom/contracts';
import * as core from '../contract';
import { can } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { TERMS, type TermDoc } from '@loom/terms';
import { POSTS, type PostDoc } from '../repository';
import { USERS, type UserDoc } from '../../resources/users/repository';
import type { Theme, ThemeFile } from '../../site/theme';
import { kindOf } from '../registry';

export interface BlockTemplate {
  /** `theme//slug`. */
  id: string;
  theme: string;
  content: string;
  slug: string;
  source: 'theme' | 'custom';
  origin: string | null;
  /** wp_template, wp_template_part (or `revision` for a revision's template, as WordPress builds it). */
  type: string;
  description: string;
  title: string;
  status: string;
  /** The stored row's id; 0 for a theme file. */
  wp_id: number;
  has_theme_file: boolean;
  is_custom: boolean;
  author: number;
  /** A part's area (null for a stored part without one). */
  area?: string | null;
  /** A custom template's post types (theme.json), where the template has a theme file that names them. */
  post_types?: readonly string[];
  /** post_modified (site-local); null for a theme file. */
  modified: string | null;
}

/** A stored template row: a post of a template type with its own fields. */
export interface TemplateRow extends PostDoc {
  /** The wp_theme term: the theme the row belongs to. */
  theme: string;
  /** The `origin` meta: `theme` for a customised theme file ('' for none). */
  origin?: string;
  /** The wp_template_part_area term (parts). */
  area?: string;
  /** The `is_wp_suggestion` meta. */
  is_wp_suggestion?: boolean;
}

/** _build_block_template_result_from_file(). */
export function fromFile(theme: Theme, file: ThemeFile): BlockTemplate {
  const template: BlockTemplate = {
    id: `${theme.name}//${file.slug}`,
    theme: theme.name,
    content: file.content,
    slug: file.slug,
    source: 'theme',
    origin: null,
    type: file.type,
    description: '',
    title: file.title || file.slug,
    status: 'publish',
    wp_id: 0,
    has_theme_file: true,
    is_custom: true,
    author: 0,
    modified: null,
  };
  const dflt = kindOf(file.type)?.defaultTypes.get(file.slug);
  if (dflt) Object.assign(template, { description: dflt.description, title: dflt.title, is_custom: false });
  if (file.postTypes) template.post_types = file.postTypes;
  if (file.area !== undefined) template.area = file.area;
  return template;
}

/**
 * _build_block_template_result_from_post(): a row, or a revision of one (`parent` then the row: the theme,
 * origin, area and suggestion mark are the row's; type, slug and text the revision's own).
 */
export async function fromPost(
  store: Store,
  theme: Theme,
  post: PostDoc,
  parent: TemplateRow = post as TemplateRow,
): Promise<BlockTemplate> {
  const kind = kindOf(parent.type);
  const file = theme.file(post.type, post.slug);
  const hasThemeFile = theme.name === parent.theme && file !== undefined;
  const template: BlockTemplate = {
    wp_id: post.id,
    id: `${parent.theme}//${parent.slug}`,
    theme: parent.theme,
    content: post.content,
    slug: post.slug,
    source: 'custom',
    origin: parent.origin || null,
    type: post.type,
    description: post.excerpt,
    title: post.title,
    status: post.status,
    has_theme_file: hasThemeFile,
    is_custom: !parent.is_wp_suggestion,
    author: post.author,
    modified: post.modified,
  };
  if (hasThemeFile && file?.postTypes) template.post_types = file.postTypes;
  if (kind?.defaultTypes.has(template.slug)) template.is_custom = false;
  if (kind?.areas) template.area = parent.area ?? null;
  if (kind?.entityTitles && !template.description && (!template.title || template.title === template.slug))
    await nameAfterEntity(store, template);
  return template;
}

// ---------------------------------------------------------------------------------------------------------
// Titles of untitled templates for one entity (`author-jane`, `page-about`, `single-post-hello`, `category-news`...)

const singular = (labels: { singular_name?: string }, fallback: string) => labels.singular_name ?? fallback;

/** _wp_build_title_and_description_for_single_post_type_block_template(). */
async function forPost(store: Store, type: core.PostTypeObject, slug: string, t: BlockTemplate): Promise<boolean> {
  const posts = store.collection<PostDoc>(POSTS);
  const [found] = await posts.find(
    { type: type.name, status: 'publish', slug },
    { sort: { date: -1, id: -1 }, limit: 1 },
  );
  const label = singular(type.labels, type.name);
  if (!found) {
    t.title = `Not found: ${label} (${slug})`;
    return false;
  }
  t.title = `${label}: ${found.title}`;
  t.description = `Template for ${found.title}`;
  if ((await posts.count({ type: type.name, status: 'publish', title: found.title })) > 1)
    t.title = `${t.title} (${slug})`;
  return true;
}

/** _wp_build_title_and_description_for_taxonomy_block_template(). */
async function forTerm(store: Store, taxonomy: core.TaxonomyObject, slug: string, t: BlockTemplate): Promise<boolean> {
  const terms = store.collection<TermDoc>(TERMS);
  const found = await terms.findOne({ taxonomy: taxonomy.name, slug });
  const label = singular(taxonomy.labels, taxonomy.name);
  if (!found) {
    t.title = `Not found: ${label} (${slug})`;
    return false;
  }
  t.title = `${label}: ${found.name}`;
  t.description = `Template for ${found.name}`;
  if ((await terms.count({ taxonomy: taxonomy.name, name: found.name })) > 1) t.title = `${t.title} (${slug})`;
  return true;
}

/** get_users( capability edit_posts ): the users who could author posts. */
async function authors(store: Store, filter: Record<string, unknown>): Promise<UserDoc[]> {
  const users = await store.collection<UserDoc>(USERS).find(filter);
  return users.filter((u) => can({ id: u.id, login: u.login, name: u.name, roles: u.roles } as Identity, 'edit_posts'));
}

/** The title and description WordPress derives from the entity an untitled custom template is for. */
async function nameAfterEntity(store: Store, t: BlockTemplate): Promise<void> {
  // Unanchored, as WordPress matches it.
  const m = /(author|page|single|tag|category|taxonomy)-(.+)/.exec(t.slug);
  if (!m) return;
  const [, kind, rest] = m as unknown as [string, string, string];
  switch (kind) {
    case 'author': {
      const [user] = await authors(store, { slug: rest });
      if (!user) {
        t.title = `Deleted author: ${rest}`;
        return;
      }
      t.title = `Author: ${user.name}`;
      t.description = `Template for ${user.name}`;
      if ((await authors(store, { name: user.name })).length > 1) t.title = `${t.title} (${rest})`;
      return;
    }
    case 'page':
      await forPost(store, core.postTypeNamed('page')!, rest, t);
      return;
    case 'single':
      for (const type of core.allPostTypes()) {
        if (rest.startsWith(`${type.name}-`) && (await forPost(store, type, rest.slice(type.name.length + 1), t)))
          return;
      }
      return;
    case 'tag':
      await forTerm(store, core.taxonomyNamed('post_tag')!, rest, t);
      return;
    case 'category':
      await forTerm(store, core.taxonomyNamed('category')!, rest, t);
      return;
    case 'taxonomy':
      for (const taxonomy of core.allTaxonomies()) {
        if (
          rest.startsWith(`${taxonomy.name}-`) &&
          (await forTerm(store, taxonomy, rest.slice(taxonomy.name.length + 1), t))
        )
          return;
      }
      return;
  }
}
