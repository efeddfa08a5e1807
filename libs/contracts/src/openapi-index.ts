/**
 * The OpenAPI 3.1 document of the whole API, derived from a route index in help context (every route's
 * endpoints, their arguments and the item schema, as `GET /rest/?context=help` lists them) with the endpoints'
 * docs (endpoint-docs.ts: summaries, answers, request bodies; the gateway asks services for them). The index is
 * itself generated from the route tables in this package, so the document is too: nothing in it is written by
 * hand, and it describes exactly the routes the running services report.
 *
 * Parameters and bodies: openapi-request.ts; success answers: openapi-answer.ts; summaries: openapi-summary.ts.
 * Path placeholders are path parameters. Every operation can answer the WordPress error shape
 * `{code, message, data: {status}}`.
 */
import type { Method, RouteEntry } from './define';
import type { Answer, IndexDocs, Noun } from './endpoint-docs';
import type { WpSchema } from './json-schema';
import { NAMESPACE_DESCRIPTIONS, type Namespace } from './namespaces';
import { successOf } from './openapi-answer';
import { requestOf } from './openapi-request';
import { toJsonSchema2020 } from './openapi-schema';
import { summaryOf } from './openapi-summary';

type Schema = Record<string, unknown>;

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
  '400':
    'A parameter is missing or invalid (`rest_missing_callback_param`, `rest_invalid_param`), or the body is not valid JSON.',
  '401': 'Not signed in, or wrong credentials (`rest_forbidden`, `rest_cannot_*`, `incorrect_password`...).',
  '403': 'Signed in without the capability this needs (`rest_forbidden`, `rest_cannot_*`).',
  '404': 'Nothing with this id, or no route for this URL and method (`rest_*_invalid_id`, `rest_no_route`).',
  default: 'Any other error, in the same shape.',
};

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The sections of the document that are no namespace: the index root and the batch route. */
const OWN_TAGS: Record<string, string> = {
  index: 'The route index: the site and every route with its arguments (`GET /rest/`).',
  'batch/v1': 'Several write requests in one call (`POST /rest/batch/v1`).',
};

/** The tag of a route: its namespace (the batch route's is `batch/v1`, the index's `index`). */
function tagOf(pattern: string, entry: RouteEntry): string {
  if (entry.namespace) return entry.namespace;
  return pattern === '/' ? 'index' : pattern.slice(1);
}

const tagDescription = (tag: string): string | undefined => NAMESPACE_DESCRIPTIONS[tag as Namespace] ?? OWN_TAGS[tag];

/** The nouns collections' definitions give, by their OpenAPI paths (summaries name sub-resources' owners with them). */
function nounsOf(routes: Record<string, RouteEntry>): Map<string, Noun> {
  const nouns = new Map<string, Noun>();
  for (const [pattern, entry] of Object.entries(routes)) {
    const noun = entry.endpoints.find((e) => e.docs?.noun)?.docs?.noun;
    if (noun) nouns.set(openApiPathOf(pattern).path, noun);
  }
  return nouns;
}

/** A list for a `list` endpoint; without docs (a service that sends none), a paged read of a collection. */
const answerOf = (docs: IndexDocs | undefined, method: Method, collection: boolean): Answer =>
  docs?.answer ?? ((docs ? docs.verb === 'list' : collection && method === 'GET') ? 'list' : 'item');

export function openApiFromIndex(routes: Record<string, RouteEntry>, info: OpenApiIndexInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, Schema> = {};
  const tags: string[] = [];
  const operationIds = new Set<string>();
  const schemaNames = new Map<WpSchema, string>();
  const nouns = nounsOf(routes);

  /** A component name for an item schema, from its title; distinct schemas with one title get a suffix. */
  const componentOf = (schema: WpSchema): string => {
    const known = schemaNames.get(schema);
    if (known) return known;
    const converted = toJsonSchema2020({ ...schema });
    delete converted['$schema'];
    const base = (schema.title ?? 'Item').replace(/[^\w.-]/g, '_');
    let name = base;
    for (let n = 2; schemas[name] && JSON.stringify(schemas[name]) !== JSON.stringify(converted); n++)
      name = `${base}_${n}`;
    schemas[name] = converted;
    schemaNames.set(schema, name);
    return name;
  };

  for (const [pattern, entry] of Object.entries(routes)) {
    const tag = tagOf(pattern, entry);
    if (!tags.includes(tag)) tags.push(tag);
    const { path, params } = openApiPathOf(pattern);
    const component = entry.schema ? { $ref: `#/components/schemas/${componentOf(entry.schema)}` } : undefined;
    const item = (paths[path] ??= {});
    // A collection: no placeholder, and a paged read (its POST creates: 201).
    const collection = params.length === 0 && entry.endpoints.some((e) => Boolean(e.args.page || e.args.per_page));
    for (const endpoint of entry.endpoints) {
      for (const method of endpoint.methods) {
        const m = method.toLowerCase();
        if (item[m]) continue; // a route lists each method once; a pattern seen twice keeps its first
        const inPath = new Set(params.map((p) => p.name));
        const pathParameters: Schema[] = params.map((p) => {
          const arg = endpoint.args[p.name];
          const schema = arg
            ? toJsonSchema2020({ ...arg, required: undefined, default: undefined })
            : { type: 'string' };
          return {
            name: p.name,
            in: 'path',
            required: true,
            ...(arg?.description ? { description: arg.description } : {}),
            schema: schema.type === undefined || schema.type === 'string' ? { ...schema, pattern: p.pattern } : schema,
          };
        });
        const request = requestOf(
          method,
          Object.entries(endpoint.args).filter(([name]) => !inPath.has(name)),
          endpoint.docs?.body,
        );
        const parameters = [...pathParameters, ...request.parameters];
        const success = successOf(answerOf(endpoint.docs, method, collection), component, Boolean(endpoint.args.page));
        const status =
          method === 'POST' && params.length === 0 && component && collection
            ? '201'
            : method === 'POST' && !component
              ? '2XX'
              : '200';
        const errors = [
          '401',
          ...(WRITE.has(method) ? ['403'] : []),
          ...(parameters.length || request.requestBody ? ['400'] : []),
          ...(params.length ? ['404'] : []),
          'default',
        ];
        let operationId = `${m}${path
          .replace(/[{}]/g, '')
          .replace(/[^\w]+/g, '_')
          .replace(/_+$/, '')}`;
        while (operationIds.has(operationId)) operationId += '_';
        operationIds.add(operationId);
        item[m] = {
          tags: [tag],
          summary: summaryOf({
            method,
            path,
            namespace: entry.namespace,
            docs: endpoint.docs,
            nounAt: (p) => nouns.get(p),
          }),
          operationId,
          ...(endpoint.allow_batch ? { 'x-wp-allow-batch': true } : {}),
          parameters,
          ...(request.requestBody ? { requestBody: request.requestBody } : {}),
          responses: {
            [status]: success,
            ...Object.fromEntries(
              errors.map((code) => [code, { $ref: `#/components/responses/Error${code === 'default' ? '' : code}` }]),
            ),
          },
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
    tags: tags.map((name) => ({ name, ...(tagDescription(name) ? { description: tagDescription(name) } : {}) })),
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
            // params: each invalid parameter's message; details: its error (`{code, message, data}`), by name.
            data: {
              type: ['object', 'null'],
              properties: {
                status: { type: 'integer' },
                params: { type: 'object', additionalProperties: { type: 'string' } },
                details: { type: 'object', additionalProperties: { type: 'object' } },
              },
            },
          },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([code, description]) => [
          `Error${code === 'default' ? '' : code}`,
          { description, content: { 'application/json': { schema: error } } },
        ]),
      ),
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
