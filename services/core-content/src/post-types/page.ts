/**
 * `page` (spec 2.4): its differences from the generic post type. Pages nest (parent, menu order: the generic
 * machinery reads both from the type's registry entry), link as `/<ancestors>/%pagename%/` with `?page_id=` as
 * the plain form, keep comments closed (get_default_comment_status), and offer the theme's page templates.
 */
import { definePostTypeBehaviour } from './behaviour';

/** The theme's custom page templates (Twenty Twenty-Four's customTemplates), until core/v2/templates serves the theme's. */
const TEMPLATES = { 'page-no-title': 'Page No Title', 'page-with-sidebar': 'Page with Sidebar', 'page-wide': 'Page with Wide Image' };

export const pageBehaviour = definePostTypeBehaviour('page', {
  defaultCommentStatus: 'closed',
  permastructToken: '%pagename%',
  plainQuery: (id) => `page_id=${id}`,
  templates: TEMPLATES,
});
