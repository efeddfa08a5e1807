/** The events/v1 route table (spec 4.5), in the plugin's registration order: root, doc, events, venues, organizers, categories, tags. */
import { READABLE, endpoint, namespaceRoute, route, type RouteDef } from '@loom/contracts';
import { eventRoutes } from './events';
import { EVENTS_NS } from './linked-posts';
import { organizers } from './organizers';
import { eventCategories, eventTags } from './terms';
import { venues } from './venues';

export * from './linked-posts';
export * from './events';
export * from './venues';
export * from './organizers';
export * from './terms';

export const eventsRoot = namespaceRoute(EVENTS_NS);
/** GET /events/v1/doc (spec 4.5): the namespace's OpenAPI document, generated from this table. */
export const eventsDoc = route(EVENTS_NS, `/${EVENTS_NS}/doc`, {
  read: endpoint(READABLE, {}, { docs: { summary: `Retrieve the ${EVENTS_NS} namespace's OpenAPI document` } }),
});
export const eventsRoutes: RouteDef[] = [
  eventsRoot,
  eventsDoc,
  eventRoutes.collection,
  eventRoutes.item,
  eventRoutes.bySlug,
  venues.collection,
  venues.item,
  venues.bySlug,
  organizers.collection,
  organizers.item,
  organizers.bySlug,
  eventCategories.collection,
  eventCategories.item,
  eventTags.collection,
  eventTags.item,
] as RouteDef[];
