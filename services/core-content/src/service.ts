/**
 * core-content: the core/v2 namespace. This file lists the service's routes and bindings and prepares its
 * store; main.ts runs it, tests build it in-process.
 */
import { core } from '@loom/contracts';
import { createServiceApp, type KitConfig, type Logger, type ServiceDefinition } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { descriptorBindings } from './descriptors';
import { categoryBindings } from './terms/categories';
import { ensureTermIndexes, seedDefaultCategory } from './terms/repository';
import { tagBindings } from './terms/tags';

export const coreContent: ServiceDefinition = {
  name: 'core-content',
  namespaces: [core.CORE],
  routes: core.coreRoutes,
  bindings: [...categoryBindings, ...tagBindings, ...descriptorBindings],
};

/** Indexes and first-start data (the default category). Idempotent. */
export async function prepareStore(store: Store): Promise<void> {
  await ensureTermIndexes(store);
  await seedDefaultCategory(store);
}

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger }) {
  await prepareStore(deps.store);
  return createServiceApp(coreContent, deps);
}
