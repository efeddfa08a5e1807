/** `category` (core/v2/categories): hierarchical, on posts, with the default category. */
import { defineTaxonomy, PUBLIC_TAXONOMY } from '../../engine/contract/taxonomy';

export const categoryTaxonomy = defineTaxonomy({
  name: 'category',
  hierarchical: true,
  restBase: 'categories',
  objectType: ['post'],
  showTagcloud: true,
  defaultTerm: { id: 1, name: 'Uncategorized', slug: 'uncategorized', postTypes: ['post'], option: 'default_category' },
  visibility: PUBLIC_TAXONOMY,
  cap: {
    manage_terms: 'manage_categories',
    edit_terms: 'edit_categories',
    delete_terms: 'delete_categories',
    assign_terms: 'assign_categories',
  },
  rest: { title: 'category', allowBatch: true },
});
