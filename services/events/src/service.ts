/**
 * events: the events/v1 namespace (calendar events, venues, organizers, event categories and tags). The
 * namespace root is served now; the resources arrive with the events issue.
 */
import { events } from '@loom/contracts';
import { createServiceApp, type KitConfig, type Logger, type ServiceDefinition } from '@loom/service-kit';
import type { Store } from '@loom/store';

export const eventsService: ServiceDefinition = {
  name: 'events',
  namespaces: [events.EVENTS],
  routes: events.eventsRoutes,
  bindings: [],
};

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger }) {
  return createServiceApp(eventsService, deps);
}
