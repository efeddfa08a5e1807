/**
 * `post` (spec 2.3): its differences from the generic post type. Sticky posts (WordPress's posts controller and
 * wp_insert_post treat them only where the schema has `sticky`), comments open, the
 * `/%postname%/` permalink at the site's root with `?p=` as the plain form, and numeric slugs refused (they would
 * read as a year's archive).
 */
import { can, forbidden, wpError, type RestRequest } from '@loom/service-kit';
import type { OwnBehaviour } from '../../engine/behaviour';
import { postType } from './contract';

/** WordPress's `empty()`: what counts as "not given" for a flag such as sticky. */
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0' || v === false;

export const postBehaviour: OwnBehaviour = {
  permastructToken: '%postname%',
  plainQuery: (id) => `p=${id}`,
  plainSampleWhenHidden: true,
  // With /%postname%/ first in the structure, any non-zero number could be a year archive (a stored one may stay).
  slugs: {
    scope: 'type',
    reserved: (slug, current) => current !== slug && /^[0-9]+$/.test(slug) && Number(slug) !== 0,
  },
  // The posts archive is the home page (Loom has no page for posts).
  archiveUrl: (homeUrl) => homeUrl,
  hooks: {
    prepareInput(req, input, existing) {
      const p = req.params;
      const sticky = !isEmpty(p.sticky);
      if (typeof p.password === 'string' && p.password !== '') {
        if (sticky) throw wpError('rest_invalid_field', { message: 'A post can not be sticky and have a password.' });
        if (existing?.sticky)
          throw wpError('rest_invalid_field', { message: 'A sticky post can not be password protected.' });
      }
      if (sticky && existing?.password)
        throw wpError('rest_invalid_field', { message: 'A password protected post can not be set to sticky.' });
      if (p.sticky !== undefined) input.sticky = p.sticky as boolean;
    },
    // Making a post sticky is refused only to users who may neither edit others' posts nor publish.
    checkWrite(req: RestRequest) {
      const cap = postType.cap;
      if (isEmpty(req.params.sticky) || can(req.user, cap.edit_others_posts) || can(req.user, cap.publish_posts))
        return true;
      return forbidden(req.user, 'rest_cannot_assign_sticky');
    },
    // Trashing unsticks (_reset_front_page_settings_for_post).
    beforeSave(next, previous) {
      if (next.status === 'trash' && previous?.status !== 'trash') next.sticky = false;
    },
    queryFilters(params) {
      if (params.sticky === true) return [{ sticky: true }];
      if (params.sticky === false) return [{ sticky: { $ne: true } }];
      return [];
    },
  },
};
