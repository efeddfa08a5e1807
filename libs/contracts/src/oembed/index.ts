/** The oembed/1.0 route table (spec 4.2). */
import { namespaceRoute, type RouteDef } from '../define';

export const OEMBED = 'oembed/1.0';
export const oembedRoot = namespaceRoute(OEMBED);
export const oembedRoutes: RouteDef[] = [oembedRoot] as RouteDef[];
