/**
 * The fuzz targets, read from the gateway's merged route index (`GET /rest/`): every route key, method and
 * declared argument, so that a route added to any service is fuzzed without editing the suite.
 */
import { parseRouteKey, type RouteShape } from '@loom/testing';
import type { Schema } from './values';

export interface Endpoint {
  /** The route key, WordPress's regex form: `/core/v2/posts/(?P<id>[\d]+)`. */
  route: string;
  shape: RouteShape;
  method: string;
  args: Record<string, Schema>;
  allowBatch: boolean;
}

interface IndexDocument {
  routes: Record<
    string,
    { endpoints: Array<{ methods: string[]; args?: Record<string, Schema>; allow_batch?: { v1?: boolean } }> }
  >;
}

/** One entry per route and method; HEAD beside every GET and OPTIONS on every route, as WordPress serves them. */
export function endpointsOf(index: IndexDocument): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [route, entry] of Object.entries(index.routes)) {
    const shape = parseRouteKey(route);
    const seen = new Set<string>();
    for (const e of entry.endpoints) {
      for (const method of e.methods) {
        if (seen.has(method)) continue;
        seen.add(method);
        out.push({ route, shape, method, args: e.args ?? {}, allowBatch: !!e.allow_batch?.v1 });
        if (method === 'GET') out.push({ route, shape, method: 'HEAD', args: e.args ?? {}, allowBatch: false });
      }
    }
    out.push({ route, shape, method: 'OPTIONS', args: {}, allowBatch: false });
  }
  return out;
}

/** The route's path with the given raw (already encoded) placeholder values. */
export function fillPath(shape: RouteShape, values: string[]): string {
  let i = 0;
  return shape.parts.map((p) => (typeof p === 'string' ? p : (values[i++] ?? ''))).join('');
}
