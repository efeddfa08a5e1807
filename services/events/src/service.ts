/**
 * events: the events/v1 namespace (The Events Calendar, upstream tribe/events/v1). Served now: the namespace
 * root, the OpenAPI doc, events, venues, organizers, event categories and tags. Reads of media and users go to
 * core-content through its typed client (core-client.ts).
 */
import * as events from './contracts';
import {
  createServiceApp,
  followCoreSiteOptions,
  type KitConfig,
  type Logger,
  type ServiceDefinition,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { ensureTermIndexes } from '@loom/terms';
import { categoryBindings } from './categories';
import { createCoreClient, registerCoreClient } from './core-client';
import { docBindings } from './doc';
import { ensureEventMonths, eventBindings } from './events';
import { mountEventSearch } from './events/search';
import { loadEventSettings, registerEventSettings } from './settings';
import { ensurePostIndexes } from './linked-posts/repository';
import { organizerBindings } from './organizers';
import { tagBindings } from './tags';
import { venueBindings } from './venues';

export const eventsService: ServiceDefinition = {
  name: 'events',
  namespaces: [events.EVENTS_NS],
  routes: events.eventsRoutes,
  bindings: [
    ...docBindings(),
    ...eventBindings(),
    ...venueBindings(),
    ...organizerBindings(),
    ...categoryBindings(),
    ...tagBindings(),
  ],
  // Service-to-service: the events core-content's core/v2/search lists among the posts.
  extend: (app, deps) => mountEventSearch(app, deps),
};

/** Indexes of the events store (one `posts` collection for events, venues and organizers; `terms` for their taxonomies). */
export async function prepareStore(store: Store): Promise<void> {
  await ensurePostIndexes(store);
  await ensureEventMonths(store);
  await ensureTermIndexes(store);
}

/**
 * `env` holds the core-content client's settings (CORE_CONTENT_URL, LOOM_CORE_TIMEOUT_MS, LOOM_CORE_CACHE_MS) and
 * the plugin's currency settings (LOOM_EVENTS_CURRENCY_SYMBOL, _POSITION, _CODE).
 */
export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger; env?: NodeJS.ProcessEnv }) {
  await prepareStore(deps.store);
  registerCoreClient(deps.config, createCoreClient(deps.config, deps.log, deps.env));
  registerEventSettings(deps.config, loadEventSettings(deps.env));
  const app = createServiceApp(eventsService, deps);
  // The site's options (its time zone: events' default zone) follow core-content's settings.
  followCoreSiteOptions(app, deps, deps.env);
  return app;
}
