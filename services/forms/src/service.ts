/**
 * forms: the formsA/v1 (contact forms) and formsB/v1 (forms list) namespaces. The namespace roots are
 * served now; the resources arrive with the forms issue.
 */
import { forms } from '@loom/contracts';
import { createServiceApp, type KitConfig, type Logger, type ServiceDefinition } from '@loom/service-kit';
import type { Store } from '@loom/store';

export const formsService: ServiceDefinition = {
  name: 'forms',
  namespaces: [forms.FORMS_A, forms.FORMS_B],
  routes: [...forms.formsARoutes, ...forms.formsBRoutes],
  bindings: [],
};

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger }) {
  return createServiceApp(formsService, deps);
}
