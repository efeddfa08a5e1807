/**
 * `wp_block` (spec 2.7, core/v2/blocks): reusable blocks (synced patterns), served by WP_REST_Blocks_Controller:
 * title and content show `raw` in view context too and no `rendered` (a pattern renders only inside a post), and
 * the sync status is a meta key limited to partial | unsynced.
 */
import { postTypeCaps } from '../../engine/contract/capabilities';
import { editArg, editField, type PropertyEdits } from '../../engine/contract/field-edits';
import { definePostType, POSTS_CONTROLLER } from '../../engine/contract/post-type';
import { FORUM_META_DEFAULTS } from '../../engine/contract/meta';

/** The spec's name of WordPress's wp_pattern_sync_status meta key. */
const PATTERN_SYNC_STATUS = 'pattern_sync_status';

const RAW_ONLY: PropertyEdits = { raw: ['view', 'edit'], rendered: null };

export const blockType = definePostType({
  name: 'wp_block',
  restBase: 'blocks',
  labels: {
    name: 'Reusable blocks',
    singular_name: 'Reusable block',
    add_new: 'Add New',
    add_new_item: 'Add new Reusable block',
    new_item: 'New Reusable block',
    edit_item: 'Edit Reusable block',
    view_item: 'View Reusable block',
    view_items: 'View Reusable blocks',
    all_items: 'All Reusable blocks',
    search_items: 'Search Reusable blocks',
    not_found: 'No reusable blocks found.',
    not_found_in_trash: 'No reusable blocks found in Trash.',
    filter_items_list: 'Filter reusable blocks list',
    items_list_navigation: 'Reusable blocks list navigation',
    items_list: 'Reusable blocks list',
    item_published: 'Reusable block published.',
    item_published_privately: 'Reusable block published privately.',
    item_reverted_to_draft: 'Reusable block reverted to draft.',
    item_scheduled: 'Reusable block scheduled.',
    item_updated: 'Reusable block updated.',
  },
  showUi: true,
  // custom-fields since 6.3, for the sync status.
  supports: ['title', 'editor', 'revisions', 'custom-fields'],
  // Reading raw blocks needs edit_posts; creating one needs publish_posts.
  cap: postTypeCaps('block', 'blocks', {
    read: 'edit_posts',
    create_posts: 'publish_posts',
    edit_posts: 'edit_posts',
    edit_published_posts: 'edit_published_posts',
    delete_published_posts: 'delete_published_posts',
    delete_posts: 'delete_posts',
    edit_others_posts: 'edit_others_posts',
    delete_others_posts: 'delete_others_posts',
  }),
  meta: { ...FORUM_META_DEFAULTS, [PATTERN_SYNC_STATUS]: '' },
  metaEnums: { [PATTERN_SYNC_STATUS]: ['partial', 'unsynced'] },
  rest: {
    ...POSTS_CONTROLLER,
    fields: (fields) => ({
      ...fields,
      title: editField(fields.title!, RAW_ONLY),
      content: editField(fields.content!, RAW_ONLY),
    }),
    writeArgs: (args) => ({
      ...args,
      title: editArg(args.title!, RAW_ONLY),
      content: editArg(args.content!, RAW_ONLY),
    }),
  },
});
