/** `post_tag` (core/v2/tags): flat, on posts; its schema is titled `tag`. */
import { defineTaxonomy, PUBLIC_TAXONOMY } from '../../engine/contract/taxonomy';

export const postTagTaxonomy = defineTaxonomy({
  name: 'post_tag',
  hierarchical: false,
  restBase: 'tags',
  objectType: ['post'],
  showTagcloud: true,
  visibility: PUBLIC_TAXONOMY,
  cap: {
    manage_terms: 'manage_post_tags',
    edit_terms: 'edit_post_tags',
    delete_terms: 'delete_post_tags',
    assign_terms: 'assign_post_tags',
  },
  postClassPrefix: 'tag',
  rest: { title: 'tag', allowBatch: true },
});
