/**
 * `wp_block` (spec 2.7, core/v2/blocks): WP_REST_Blocks_Controller's differences from the posts controller.
 * A block is read through read_post (its `read` capability is edit_posts), so no block is public and the
 * anonymous list is empty; its schema shows raw text only (contracts/post-types/block.ts); and
 * filter_response_by_context moves the sync status out of `meta` to a top-level field. The plain
 * `?post_type=wp_block&p=ID` link, trash, revisions and autosaves are the generic type's.
 */
import type { OwnBehaviour } from '../../engine/behaviour';

/** The sync status's meta key (spec 2.1's name) and the top-level field WordPress answers it in. */
const SYNC_STATUS_META = 'pattern_sync_status';
const SYNC_STATUS_FIELD = 'wp_pattern_sync_status';

export const blockBehaviour: OwnBehaviour = {
  publicReads: false,
  hooks: {
    filterResponse(data) {
      const meta = data.meta as Record<string, unknown> | undefined;
      // Outside view and edit there is no meta to read it from, so WordPress answers '' whatever is stored.
      const status = meta?.[SYNC_STATUS_META] ?? '';
      if (meta) delete meta[SYNC_STATUS_META];
      // An embedded block's title has no property left: PHP's empty array, `[]`.
      const title = data.title && typeof data.title === 'object' && !Object.keys(data.title).length ? [] : data.title;
      return { ...data, ...(title !== undefined ? { title } : {}), [SYNC_STATUS_FIELD]: status };
    },
  },
};
