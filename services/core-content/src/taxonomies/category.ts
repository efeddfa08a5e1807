/**
 * `category` (core/v2/categories): hierarchical, its archives under /category/, and the default category
 * ("Uncategorized"), which can never be deleted and which a post left without categories gets.
 */
import { DEFAULT_CATEGORY_ID } from '@loom/terms';
import { defineTaxonomyBehaviour } from './behaviour';

export const categoryBehaviour = defineTaxonomyBehaviour('category', {
  rules: { taxonomy: 'category', hierarchical: true, postField: 'categories', defaultTerm: { id: DEFAULT_CATEGORY_ID, postTypes: ['post'] } },
  permalinkBase: 'category',
});
