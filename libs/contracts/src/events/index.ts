/** The events/v1 route table (spec 4.5). The namespace root now; resources arrive with the events issue. */
import { namespaceRoute, type RouteDef } from '../define';

export const EVENTS = 'events/v1';
export const eventsRoot = namespaceRoute(EVENTS);
export const eventsRoutes: RouteDef[] = [eventsRoot] as RouteDef[];
