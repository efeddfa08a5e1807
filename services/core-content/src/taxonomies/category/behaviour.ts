/**
 * `category` (core/v2/categories): its archives under /category/. Its default term ("Uncategorized") is a fact
 * of its registry entry, which the term rules and the post repository take from there.
 */
import type { OwnTaxonomyBehaviour } from '../../engine/terms/behaviour';

export const categoryBehaviour: OwnTaxonomyBehaviour = { permalinkBase: 'category' };
