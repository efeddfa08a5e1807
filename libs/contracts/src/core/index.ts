/** The core/v2 route table: every route core-content serves, in index order. */
import { namespaceRoute, type RouteDef } from '../define';
import { categories, CORE, tags } from './terms';
import { descriptors } from './descriptors';

export * from './terms';
export * from './descriptors';

export const coreRoot = namespaceRoute(CORE);

export const coreRoutes: RouteDef[] = [
  coreRoot,
  categories.collection,
  categories.item,
  tags.collection,
  tags.item,
  descriptors.types.collection,
  descriptors.types.item,
  descriptors.statuses.collection,
  descriptors.statuses.item,
  descriptors.taxonomies.collection,
  descriptors.taxonomies.item,
] as RouteDef[];
