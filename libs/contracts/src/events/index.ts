/** The events/v1 route table (spec 4.5): the namespace root, venues and organizers. Events and terms are to come. */
import { namespaceRoute, type RouteDef } from '../define';
import { organizers } from './organizers';
import { venues } from './venues';

export * from './linked-posts';
export * from './venues';
export * from './organizers';

export const EVENTS = 'events/v1';
export const eventsRoot = namespaceRoute(EVENTS);
export const eventsRoutes: RouteDef[] = [
  eventsRoot,
  venues.collection,
  venues.item,
  venues.bySlug,
  organizers.collection,
  organizers.item,
  organizers.bySlug,
] as RouteDef[];
