/**
 * An OpenAPI 3 document of a namespace, generated from its route table (never hand-written): paths with
 * `{name}` placeholders, every endpoint's arguments as parameters (as The Events Calendar's `/doc` does:
 * path arguments in the path, the rest in the query, list arguments as comma-separated `form` style), and
 * the routes' item schemas as components.
 */
import { resourceSchema, type RouteDef } from './define';
import { toWpArg, type WpSchema } from './json-schema';

type OpenApiSchema = Record<string, unknown>;

/** WordPress's draft-04 keywords to OpenAPI 3.0's schema object (no type lists: first type plus `nullable`). */
export function toOpenApiSchema(s: WpSchema): OpenApiSchema {
  const out: OpenApiSchema = {};
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const real = types.filter((t) => t !== 'null');
  if (real.length === 1) out.type = real[0];
  if (types.includes('null')) out.nullable = true;
  if (s.oneOf) out.oneOf = s.oneOf.map(toOpenApiSchema);
  for (const key of [
    'description',
    'format',
    'enum',
    'default',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'uniqueItems',
  ] as const) {
    if (s[key] !== undefined) out[key] = s[key];
  }
  if (s.readonly) out.readOnly = true;
  if (s.items) out.items = toOpenApiSchema(s.items);
  if (s.properties)
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toOpenApiSchema(v)]));
  if (typeof s.additionalProperties === 'object') out.additionalProperties = toOpenApiSchema(s.additionalProperties);
  else if (s.additionalProperties !== undefined) out.additionalProperties = s.additionalProperties;
  return out;
}

/** `/events/v1/venues/(?P<id>[\d]+)` → `/venues/{id}` (relative to the namespace). */
export function openApiPath(pattern: string, namespace: string): string {
  const relative = pattern.startsWith(`/${namespace}`) ? pattern.slice(namespace.length + 1) : pattern;
  return (relative || '/').replace(/\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)/g, '{$1}');
}

const pascal = (s: string) => s.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  /** The namespace's absolute URL, e.g. `https://site/rest/events/v1`. */
  serverUrl: string;
}

export function openApiDocument(namespace: string, routes: RouteDef[], info: OpenApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, OpenApiSchema> = {};
  for (const r of routes) {
    if (r.namespace !== namespace || r.pattern === `/${namespace}`) continue;
    const path = openApiPath(r.pattern, namespace);
    const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
    const schemaName = r.schema ? pascal(r.schema.title) : undefined;
    if (r.schema && schemaName) schemas[schemaName] = toOpenApiSchema(resourceSchema(r.schema));
    const item: Record<string, unknown> = {};
    for (const e of Object.values(r.endpoints)) {
      const parameters = Object.entries(e.args).map(([name, zod]) => {
        const arg = toWpArg(zod);
        const where = inPath.has(name) ? 'path' : 'query';
        const { required, ...schema } = arg;
        return {
          name,
          in: where,
          ...(arg.description ? { description: arg.description } : {}),
          required: where === 'path' ? true : Boolean(required),
          schema: toOpenApiSchema({ ...schema, description: undefined }),
          ...(arg.type === 'array' ? { style: 'form', explode: false } : {}),
        };
      });
      for (const method of e.methods) {
        item[method.toLowerCase()] = {
          parameters,
          responses: {
            [method === 'POST' && inPath.size === 0 ? '201' : '200']: {
              description: 'Success',
              ...(schemaName
                ? { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } } }
                : {}),
            },
            default: { description: 'A WordPress-style error: {code, message, data: {status}}' },
          },
        };
      }
    }
    paths[path] = item;
  }
  return {
    openapi: '3.0.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    paths,
    components: { schemas },
  };
}
