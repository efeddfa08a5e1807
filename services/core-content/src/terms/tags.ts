/** core/v2/tags: the flat `post_tag` taxonomy of posts. */
import { core } from '@loom/contracts';
import { termBindings, type TermResourceOptions } from './handlers';

export const tagResource: TermResourceOptions = {
  spec: core.tagsTaxonomy,
  routes: core.tags,
  rules: { taxonomy: 'post_tag', hierarchical: false, postField: 'tags' },
  // As WordPress: editing and deleting tags needs manage_categories; creating one needs only assign_terms
  // (edit_posts), because a flat taxonomy's terms are created by typing them on a post.
  caps: { manage: 'manage_categories', assign: 'edit_posts' },
  permalinkBase: 'tag',
  postTypeBases: ['posts'],
};

export const tagBindings = termBindings(tagResource);
