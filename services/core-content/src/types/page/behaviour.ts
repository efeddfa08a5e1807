/**
 * `page` (spec 2.4): its differences from the generic post type. Pages nest (parent, menu order: the generic
 * machinery reads both from the type's registry entry), link as `/<ancestors>/%pagename%/` with `?page_id=` as
 * the plain form (the front page: the home page), and keep comments closed (get_default_comment_status). Their templates are the theme's
 * (templates/page-templates.ts).
 */
import type { OwnBehaviour } from '../../engine/behaviour';
import { siteOptions } from '../../site/site-options';

export const pageBehaviour: OwnBehaviour = {
  defaultCommentStatus: 'closed',
  // get_page_link(): the page the site shows on its front links to the home page (settings' show_on_front, page_on_front).
  linksHome: (id) => {
    const o = siteOptions();
    return o.show_on_front === 'page' && o.page_on_front === id;
  },
  permastructToken: '%pagename%',
  plainQuery: (id) => `page_id=${id}`,
};
