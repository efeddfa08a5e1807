/** core/v2/categories: the hierarchical `category` taxonomy of posts. */
import { core } from '@loom/contracts';
import { termBindings, type TermResourceOptions } from './handlers';

export const categoryResource: TermResourceOptions = {
  spec: core.categoriesTaxonomy,
  routes: core.categories,
  rules: { taxonomy: 'category', hierarchical: true, postField: 'categories' },
  // WordPress maps the category taxonomy's manage/edit/delete_terms to manage_categories, assign to edit_posts.
  caps: { manage: 'manage_categories', assign: 'edit_posts' },
  permalinkBase: 'category',
  postTypeBases: ['posts'],
};

export const categoryBindings = termBindings(categoryResource);
