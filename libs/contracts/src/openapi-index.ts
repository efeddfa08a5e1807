/**
 * The OpenAPI 3.1 document of the whole API, derived from a route index in help context (every route's
 * endpoints, their arguments and the item schema, as `GET /rest/?context=help` lists them). The index is itself
 * generated from the route tables in this package, so the document is too: nothing in it is written by hand,
 * and it describes exactly the routes the running services report.
 *
 * Arguments of GET and DELETE are query parameters; those of POST, PUT and PATCH a JSON or form body (WordPress
 * reads either, and the query too). Path placeholders are path parameters. Every operation can answer the
 * WordPress error shape `{code, message, data: {status}}`.
 */
import type { RouteEntry } from './define';
import type { WpSchema } from './json-schema';

type Schema = Record<string, unknown>;

/** WordPress's draft-04 dialect to JSON Schema 2020-12 (OpenAPI 3.1's): type lists kept, per-property `required` lifted. */
export function toJsonSchema2020(s: WpSchema): Schema {
  const out: Schema = {};
  if (s.type !== undefined) out.type = s.type;
  for (const key of ['title', 'description', 'format', 'enum', 'default', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems'] as const) {
    if (s[key] !== undefined) out[key] = s[key];
  }
  // Draft-04's boolean exclusive bounds are numbers since draft-06.
  if (s.minimum !== undefined) out[s.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'] = s.minimum;
  if (s.maximum !== undefined) out[s.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'] = s.maximum;
  if (s.readonly) out.readOnly = true;
  if (s.context) out['x-wp-context'] = s.context;
  if (s.oneOf) out.oneOf = s.oneOf.map(toJsonSchema2020);
  if (s.items) out.items = toJsonSchema2020(s.items);
  if (s.properties) {
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toJsonSchema2020(v)]));
    const required = Object.entries(s.properties).filter(([, v]) => v.required === true).map(([k]) => k);
    if (required.length) out.required = required;
  }
  if (typeof s.additionalProperties === 'object') out.additionalProperties = toJsonSchema2020(s.additionalProperties);
  else if (s.additionalProperties !== undefined) out.additionalProperties = s.additionalProperties;
  return out;
}

/** The placeholders of a WordPress route pattern, in order: `/core/v2/posts/(?P<id>[\d]+)` → id. */
const PLACEHOLDER = /\(\?P<(\w+)>((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;

/** `/core/v2/posts/(?P<id>[\d]+)` → `/core/v2/posts/{id}` and its placeholders with their patterns. */
export function openApiPathOf(pattern: string): { path: string; params: Array<{ name: string; pattern: string }> } {
  const params: Array<{ name: string; pattern: string }> = [];
  const path = pattern.replace(PLACEHOLDER, (_, name: string, re: string) => {
    params.push({ name, pattern: `^${re}$` });
    return `{${name}}`;
  });
  return { path: path || '/', params };
}

export interface OpenApiIndexInfo {
  title: string;
  version: string;
  description: string;
  /** Where `/rest` is: a path (same origin as the document, so "try it" works wherever it is opened) or a URL. */
  serverUrl: string;
  /** Where a person obtains an application password (the index's `authentication`). */
  authorizationUrl?: string;
}

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'A parameter is missing or invalid (`rest_missing_callback_param`, `rest_invalid_param`), or the body is not valid JSON.',
  '401': 'Not signed in, or wrong credentials (`rest_forbidden`, `rest_cannot_*`, `incorrect_password`...).',
  '403': 'Signed in without the capability this needs (`rest_forbidden`, `rest_cannot_*`).',
  '404': 'Nothing with this id, or no route for this URL and method (`rest_*_invalid_id`, `rest_no_route`).',
  default: 'Any other error, in the same shape.',
};

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The tag of a route: its namespace (the batch route's is `batch/v1`, the index's `index`). */
function tagOf(pattern: string, entry: RouteEntry): string {
  if (entry.namespace) return entry.namespace;
  return pattern === '/' ? 'index' : pattern.slice(1);
}

export function openApiFromIndex(routes: Record<string, RouteEntry>, info: OpenApiIndexInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, Schema> = {};
  const tags: string[] = [];
  const operationIds = new Set<string>();
  const schemaNames = new Map<WpSchema, string>();

  /** A component name for an item schema, from its title; distinct schemas with one title get a suffix. */
  const componentOf = (schema: WpSchema): string => {
    const known = schemaNames.get(schema);
    if (known) return known;
    const converted = toJsonSchema2020({ ...schema });
    delete converted['$schema'];
    const base = (schema.title ?? 'Item').replace(/[^\w.-]/g, '_');
    let name = base;
    for (let n = 2; schemas[name] && JSON.stringify(schemas[name]) !== JSON.stringify(converted); n++) name = `${base}_${n}`;
    schemas[name] = converted;
    schemaNames.set(schema, name);
    return name;
  };

  for (const [pattern, entry] of Object.entries(routes)) {
    const tag = tagOf(pattern, entry);
    if (!tags.includes(tag)) tags.push(tag);
    const { path, params } = openApiPathOf(pattern);
    const component = entry.schema ? componentOf(entry.schema) : undefined;
    const item = (paths[path] ??= {});
    // A collection: no placeholder, and a paged read (its POST creates: 201).
    const collection = params.length === 0 && entry.endpoints.some((e) => Boolean(e.args.page || e.args.per_page));
    for (const endpoint of entry.endpoints) {
      for (const method of endpoint.methods) {
        const m = method.toLowerCase();
        if (item[m]) continue; // a route lists each method once; a pattern seen twice keeps its first
        const inPath = new Set(params.map((p) => p.name));
        const parameters: Schema[] = params.map((p) => {
          const arg = endpoint.args[p.name];
          const schema = arg ? toJsonSchema2020({ ...arg, required: undefined, default: undefined }) : { type: 'string' };
          return { name: p.name, in: 'path', required: true, ...(arg?.description ? { description: arg.description } : {}), schema: schema.type === undefined || schema.type === 'string' ? { ...schema, pattern: p.pattern } : schema };
        });
        const rest = Object.entries(endpoint.args).filter(([name]) => !inPath.has(name));
        const inBody = WRITE.has(method) && method !== 'DELETE';
        let requestBody: Schema | undefined;
        if (inBody && rest.length) {
          const properties = Object.fromEntries(rest.map(([name, arg]) => [name, toJsonSchema2020({ ...arg, required: undefined })]));
          const required = rest.filter(([, arg]) => arg.required).map(([name]) => name);
          const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
          requestBody = { required: required.length > 0, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
        } else {
          for (const [name, arg] of rest) {
            const type = Array.isArray(arg.type) ? arg.type : [arg.type];
            parameters.push({
              name,
              in: 'query',
              required: Boolean(arg.required),
              ...(arg.description ? { description: arg.description } : {}),
              schema: toJsonSchema2020({ ...arg, required: undefined }),
              ...(type.includes('array') ? { style: 'form', explode: false } : type.includes('object') ? { style: 'deepObject', explode: true } : {}),
            });
          }
        }
        const success = component
          ? collection && method === 'GET'
            ? { description: 'The items on the requested page (`X-WP-Total` and `X-WP-TotalPages` count them all).', content: { 'application/json': { schema: { type: ['array', 'object'], items: { $ref: `#/components/schemas/${component}` } } } } }
            : { description: 'The item.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } } }
          : { description: 'Success.', content: { 'application/json': { schema: {} } } };
        const status = method === 'POST' && params.length === 0 && component && collection ? '201' : method === 'POST' && !component ? '2XX' : '200';
        const errors = ['401', ...(WRITE.has(method) ? ['403'] : []), ...(parameters.length || requestBody ? ['400'] : []), ...(params.length ? ['404'] : []), 'default'];
        let operationId = `${m}${path.replace(/[{}]/g, '').replace(/[^\w]+/g, '_').replace(/_+$/, '')}`;
        while (operationIds.has(operationId)) operationId += '_';
        operationIds.add(operationId);
        item[m] = {
          tags: [tag],
          operationId,
          ...(endpoint.allow_batch ? { 'x-wp-allow-batch': true } : {}),
          parameters,
          ...(requestBody ? { requestBody } : {}),
          responses: { [status]: success, ...Object.fromEntries(errors.map((code) => [code, { $ref: `#/components/responses/Error${code === 'default' ? '' : code}` }])) },
        };
      }
    }
  }

  const error = { $ref: '#/components/schemas/Error' };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    security: [{}, { applicationPassword: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...schemas,
        Error: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            data: { type: ['object', 'null'], properties: { status: { type: 'integer' }, params: { type: 'object' }, details: { type: 'object' } } },
          },
        },
      },
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([code, description]) => [`Error${code === 'default' ? '' : code}`, { description, content: { 'application/json': { schema: error } } }])),
      securitySchemes: {
        applicationPassword: {
          type: 'http',
          scheme: 'basic',
          description: `An application password: your login and the password over HTTP Basic.${info.authorizationUrl ? ` Obtain one at ${info.authorizationUrl}?app_name=...` : ''}`,
        },
      },
    },
  };
}
