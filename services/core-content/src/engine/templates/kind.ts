/**
 * What the templates controller needs to know about one of the types it serves: its storage rules, its routes
 * (contracts/templates.ts) and where it differs from the other (WordPress's `'wp_template' ===
 * $this->post_type` branches), so that the shared code asks the type rather than testing its name. Each type's
 * own file (template.ts, template-part.ts) defines one.
 */
import * as core from '../../routes';
import type { PostTypeBehaviour } from '../behaviour';
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
