/**
 * What the templates controller needs to know about one of the types it serves: its storage rules, its routes
 * (contracts/templates.ts) and where it differs from the other (WordPress's `'wp_template' ===
 * $this->post_type` branches), so that the shared code asks the type rather than testing its name. Each type's
 * own file (template.ts, template-part.ts) defines one.
 */
import * as core from '../contract';
import type { OwnBehaviour, PostTypeBehaviour } from '../behaviour';
import type { TemplateType } from '../../site/theme';

export interface TemplateKind {
  type: TemplateType;
  rules: PostTypeBehaviour;
  routes: core.TemplateTypeRoutes;
  /** get_default_block_template_types(): slugs with a fixed title and description, never custom. */
  defaultTypes: ReadonlyMap<string, { title: string; description: string }>;
  /** Whether untitled custom templates take the name of the entity they are for (`page-about` → "Page: About"). */
  entityTitles: boolean;
  /** Whether items have an area (stored, filtered on, written). */
  areas: boolean;
  /** Whether the theme's custom templates serve post types (the `post_type` filter on theme files). */
  postTypes: boolean;
  /** Whether a write may mark the item a suggestion (`is_wp_suggestion`). */
  suggestions: boolean;
}

/** What a type's folder says of its kind: everything but what the registry fills in (engine/registry.ts). */
export type OwnTemplateKind = Omit<TemplateKind, 'type' | 'rules' | 'routes'>;

/**
 * How the posts collection keeps the templates controller's rows: always published (or trashed) and never
 * scheduled; nobody reads one without edit_theme_options (the registry's caps), so no status is public; slugs are
 * unique within a theme (the registry's slug scope). The theme, origin, area and suggestion mark are each row's own.
 */
export const TEMPLATE_ROWS: OwnBehaviour = { publicReads: false, schedules: false, attachmentsLink: false };
