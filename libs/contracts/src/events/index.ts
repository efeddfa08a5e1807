/** The events/v1 route table (spec 4.5): the namespace root, the doc, venues and organizers. Events and terms are to come. */
import { READABLE, endpoint, namespaceRoute, route, type RouteDef } from '../define';
import { organizers } from './organizers';
import { venues } from './venues';

export * from './linked-posts';
export * from './venues';
export * from './organizers';

export const EVENTS = 'events/v1';
export const eventsRoot = namespaceRoute(EVENTS);
/** GET /events/v1/doc (spec 4.5): the namespace's OpenAPI document, generated from this table. */
export const eventsDoc = route(EVENTS, `/${EVENTS}/doc`, { read: endpoint(READABLE, {}) });
export const eventsRoutes: RouteDef[] = [
  eventsRoot,
  eventsDoc,
  venues.collection,
  venues.item,
  venues.bySlug,
  organizers.collection,
  organizers.item,
  organizers.bySlug,
] as RouteDef[];
