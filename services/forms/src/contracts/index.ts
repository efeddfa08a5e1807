/** The formsA/v1 and formsB/v1 route tables (spec 4.3, 4.4), both served by the forms service. */
import { namespaceRoute, type RouteDef } from '@loom/contracts';
import {
  FORMS_A,
  contactFormRoutes,
  feedbackRoute,
  feedbackSchemaRoute,
  refillRoute,
  submissionRoutes,
} from './contact-forms';
import { FORMS_B, formsImportRoute, formsListRoute } from './forms-list';

export * from './contact-forms';
export * from './forms-list';

export const formsARoot = namespaceRoute(FORMS_A);
export const formsBRoot = namespaceRoute(FORMS_B);
/** In the plugin's registration order, then Loom's own submissions routes. */
export const formsARoutes: RouteDef[] = [
  formsARoot,
  contactFormRoutes.collection,
  contactFormRoutes.item,
  feedbackRoute,
  feedbackSchemaRoute,
  refillRoute,
  submissionRoutes.collection,
  submissionRoutes.item,
] as RouteDef[];
export const formsBRoutes: RouteDef[] = [formsBRoot, formsListRoute, formsImportRoute] as RouteDef[];
