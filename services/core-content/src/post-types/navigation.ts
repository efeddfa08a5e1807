/**
 * `wp_navigation` (spec 2.9, core/v2/navigation): the posts controller's rules as they are. Published menus are
 * public, drafts need edit_theme_options (the registry's caps), no theme template exists for the type (only ''
 * passes check_template), links are the plain `?post_type=wp_navigation&p=ID`, and the embed context carries
 * status and the raw and rendered text (libs/contracts post-types/navigation.ts).
 */
import { definePostTypeBehaviour } from './behaviour';

export const navigationBehaviour = definePostTypeBehaviour('wp_navigation');
