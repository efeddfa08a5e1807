/**
 * Taxonomies (spec 2.11): one term controller (controller.ts) and one file per taxonomy holding only its
 * differences (category.ts, tag.ts, ...), listed in registry.ts.
 */
import type { Binding } from '@loom/service-kit';
import { termBindings } from './controller';
import { TAXONOMY_BEHAVIOURS } from './registry';

/** The term routes of every served taxonomy. */
export const taxonomyRouteBindings: Binding[] = [...TAXONOMY_BEHAVIOURS.values()].flatMap(termBindings);

export { TAXONOMY_BEHAVIOURS } from './registry';
export { categoryBehaviour } from '../../taxonomies/category/behaviour';
export { tagBehaviour } from '../../taxonomies/post-tag/behaviour';
export type { TaxonomyBehaviour } from './behaviour';
