/**
 * `wp_template` and `wp_template_part` as the posts collection keeps them (src/templates serves them, with
 * WP_REST_Templates_Controller's rules). Rows are always published (or trashed) and never scheduled; nobody reads
 * one without edit_theme_options (the registry's caps), so no status is public; slugs are unique within a theme
 * (the registry's slug scope). The theme, origin, area and suggestion mark are each row's own fields.
 */
import { definePostTypeBehaviour, type PostTypeBehaviour } from '../../engine/behaviour';

const own = { publicReads: false, schedules: false, attachmentsLink: false } as const;

export const templateBehaviour: PostTypeBehaviour = definePostTypeBehaviour('wp_template', own);
export const templatePartBehaviour: PostTypeBehaviour = definePostTypeBehaviour('wp_template_part', own);
