/**
 * `post` (spec 2.3). What the posts controller adds for this type alone: `sticky` (field, write argument and
 * collection filter, WordPress's `'post' === $this->post_type` branches), on top of the features it supports.
 */
import { z, type ZodTypeAny } from 'zod';
import { field } from '@loom/contracts';
import { definePostType, insertAfter, POSTS_CONTROLLER } from '../../engine/contract/post-type';
import { POST_META_DEFAULTS } from '../../engine/contract/meta';

const sticky = () => z.boolean().describe('Whether or not the post should be treated as sticky.');

export const postType = definePostType({
  name: 'post',
  restBase: 'posts',
  labels: { name_admin_bar: 'Post' },
  menuIcon: 'dashicons-admin-post',
  showUi: true,
  showInNavMenus: true,
  viewable: true,
  public: true,
  supports: [
    'title',
    'editor',
    'author',
    'thumbnail',
    'excerpt',
    'trackbacks',
    'custom-fields',
    'comments',
    'revisions',
    'post-formats',
  ],
  meta: POST_META_DEFAULTS,
  rest: {
    ...POSTS_CONTROLLER,
    schemaFeatures: [
      'title',
      'editor',
      'author',
      'excerpt',
      'thumbnail',
      'comments',
      'revisions',
      'post-formats',
      'custom-fields',
    ],
    fields: (fields) => insertAfter(fields, 'meta', { sticky: field(sticky(), ['view', 'edit']) }),
    collectionArgs: (args) => ({
      ...args,
      sticky: z.boolean().optional().describe('Limit result set to items that are sticky.'),
    }),
    writeArgs: (args) => insertAfter<ZodTypeAny>(args, 'meta', { sticky: sticky().optional() }),
  },
});
