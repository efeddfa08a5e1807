/** `attachment` (spec 2.5, core/v2/media): registered; its routes come with the media resource. */
import { postTypeCaps } from '../registry/capabilities';
import { definePostType } from '../registry/post-type';
import { FORUM_META_DEFAULTS } from '../registry/meta';

export const attachmentType = definePostType({
  name: 'attachment',
  restBase: 'media',
  labels: { name: 'Media', name_admin_bar: 'Media', add_new: 'Add New', edit_item: 'Edit Media', view_item: 'View Attachment Page', attributes: 'Attachment Attributes' },
  menuIcon: 'dashicons-admin-media',
  showUi: true,
  viewable: true,
  public: true,
  supports: ['title', 'author', 'comments'],
  slugScope: 'everywhere',
  cap: postTypeCaps('post', 'posts', { create_posts: 'upload_files' }),
  meta: FORUM_META_DEFAULTS,
});
