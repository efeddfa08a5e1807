/**
 * events: the events/v1 namespace (The Events Calendar, upstream tribe/events/v1). Served now: the namespace
 * root, the OpenAPI doc, venues and organizers; events, event categories and tags arrive later.
 */
import { events } from '@loom/contracts';
import { createServiceApp, type KitConfig, type Logger, type ServiceDefinition } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { docBindings } from './doc';
import { ensurePostIndexes } from './linked-posts/repository';
import { organizerBindings } from './organizers';
import { venueBindings } from './venues';

export const eventsService: ServiceDefinition = {
  name: 'events',
  namespaces: [events.EVENTS],
  routes: events.eventsRoutes,
  bindings: [...docBindings(), ...venueBindings(), ...organizerBindings()],
};

/** Indexes of the events store (one `posts` collection for events, venues and organizers). */
export async function prepareStore(store: Store): Promise<void> {
  await ensurePostIndexes(store);
}

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger }) {
  await prepareStore(deps.store);
  return createServiceApp(eventsService, deps);
}
