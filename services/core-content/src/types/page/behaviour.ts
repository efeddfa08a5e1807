/**
 * `page` (spec 2.4): its differences from the generic post type. Pages nest (parent, menu order: the generic
 * machinery reads both from the type's registry entry), link as `/<ancestors>/%pagename%/` with `?page_id=` as
 * the plain form and keep comments closed (get_default_comment_status). Their templates are the theme's
 * (templates/page-templates.ts).
 */
import type { OwnBehaviour } from '../../engine/behaviour';

export const pageBehaviour: OwnBehaviour = {
  defaultCommentStatus: 'closed',
  permastructToken: '%pagename%',
  plainQuery: (id) => `page_id=${id}`,
};
