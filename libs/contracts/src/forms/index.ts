/** The formsA/v1 and formsB/v1 route tables (spec 4.3, 4.4), both served by the forms service. */
import { namespaceRoute, type RouteDef } from '../define';

export const FORMS_A = 'formsA/v1';
export const FORMS_B = 'formsB/v1';
export const formsARoot = namespaceRoute(FORMS_A);
export const formsBRoot = namespaceRoute(FORMS_B);
export const formsARoutes: RouteDef[] = [formsARoot] as RouteDef[];
export const formsBRoutes: RouteDef[] = [formsBRoot] as RouteDef[];
