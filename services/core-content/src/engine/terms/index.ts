/**
 * Taxonomies (spec 2.11): one term controller (controller.ts) for every taxonomy registered by src/taxonomies,
 * each folder there holding only its taxonomy's differences.
 */
import type { Binding } from '@loom/service-kit';
import { termBindings } from './controller';
import { TAXONOMY_BEHAVIOURS } from './registry';

/** The term routes of every served taxonomy. */
export const taxonomyRouteBindings = (): Binding[] => [...TAXONOMY_BEHAVIOURS().values()].flatMap(termBindings);

export { TAXONOMY_BEHAVIOURS } from './registry';
