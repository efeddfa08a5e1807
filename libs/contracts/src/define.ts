/**
 * The vocabulary of the contracts: resources (fields with the contexts they appear in), endpoints (methods,
 * argument schemas, batch flag) and routes (a path pattern with named placeholders). Everything a client
 * sees about a route (the index entry, OPTIONS, validation) is derived from these definitions.
 */
import { z, type ZodTypeAny } from 'zod';
import type { EndpointDocs, IndexDocs, Noun } from './endpoint-docs';
import { isHiddenArg, toWpArg, toWpSchema, wp, type Context, type WpSchema } from './json-schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const READABLE: Method[] = ['GET'];
export const CREATABLE: Method[] = ['POST'];
/** Spec 1.2.2: on item routes POST, PUT and PATCH are one update endpoint. */
export const EDITABLE: Method[] = ['POST', 'PUT', 'PATCH'];
export const DELETABLE: Method[] = ['DELETE'];

// ---------------------------------------------------------------------------------------------------------
// Resources

export interface FieldDef {
  schema: ZodTypeAny;
  context: Context[];
  readonly?: boolean;
  /** Sub-fields of an object field, for per-context filtering of nested values (title.raw is edit-only). */
  properties?: Record<string, FieldDef>;
}

/** A resource field: its zod schema, the contexts it appears in, and whether clients may write it. */
export function field(
  schema: ZodTypeAny,
  context: Context[],
  opts: { readonly?: boolean; properties?: Record<string, FieldDef> } = {},
): FieldDef {
  return { schema, context, ...opts };
}

export interface ResourceDef {
  /** The schema title WordPress uses (`category`, `post_tag`, `type`...). */
  title: string;
  fields: Record<string, FieldDef>;
}

export function resource(title: string, fields: Record<string, FieldDef>): ResourceDef {
  return { title, fields };
}

/** The item schema of a resource in WordPress's JSON-schema form (OPTIONS and `context=help`). */
export function resourceSchema(res: ResourceDef): WpSchema & { $schema: string; title: string } {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: res.title,
    type: 'object',
    properties: fieldsSchema(res.fields),
  };
}

function fieldsSchema(fields: Record<string, FieldDef>): Record<string, WpSchema> {
  const out: Record<string, WpSchema> = {};
  for (const [name, f] of Object.entries(fields)) {
    const s: WpSchema = { ...toWpSchema(f.schema), context: f.context };
    if (f.readonly) s.readonly = true;
    if (f.properties) s.properties = fieldsSchema(f.properties);
    delete s.default;
    out[name] = s;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Endpoints and routes

export type ArgsShape = Record<string, ZodTypeAny>;
export type ArgsOf<S extends ArgsShape> = z.infer<z.ZodObject<S>>;

export interface EndpointDef<S extends ArgsShape = ArgsShape> {
  methods: Method[];
  args: S;
  /** Spec 4.1: whether this endpoint may be invoked inside POST /batch/v1. */
  allowBatch?: boolean;
  /** What the API reference says of it beyond its arguments (endpoint-docs.ts). */
  docs?: EndpointDocs;
  /** The route this endpoint belongs to; set by route(). */
  route?: RouteDef;
  /** A stable name for logs and handler binding checks, e.g. `core/v2 categories.list`. */
  name?: string;
  /** Its key in the route's endpoints (`list`, `create`, `read`...); set by route(). */
  key?: string;
}

export function endpoint<S extends ArgsShape>(
  methods: Method[],
  args: S,
  opts: { allowBatch?: boolean; docs?: EndpointDocs } = {},
): EndpointDef<S> {
  return { methods, args, ...opts };
}

export interface RouteDef<E extends Record<string, EndpointDef> = Record<string, EndpointDef>> {
  namespace: string;
  /** WordPress's regular-expression form, e.g. `/core/v2/categories/(?P<id>[\d]+)`. */
  pattern: string;
  endpoints: E;
  /** The item schema shown by OPTIONS. */
  schema?: ResourceDef;
  /** The route matcher (JavaScript form of `pattern`, anchored, case-insensitive as WordPress). */
  regex: RegExp;
  /** True when the pattern has no placeholders; only those get `_links.self` in the index. */
  isStatic: boolean;
}

/** A template id's segments: anything but `/ : < > * ? " |`. */
const TEMPLATE_ID = '[^\\/:<>\\*\\?"\\|]+(?:\\/\\/?[^\\/:<>\\*\\?"\\|]+)?';

/**
 * Spec 1.2 placeholders in their WordPress regular-expression forms. `<id>` and `<parent>` are digits,
 * `<slug>` anything but `/`, `<type>`/`<status>`/`<taxonomy>` word characters and hyphens, `<template_id>` one
 * or two `/`-separated segments free of `: < > * ? " |`.
 */
const PLACEHOLDERS: Record<string, string> = {
  id: '(?P<id>[\\d]+)',
  parent: '(?P<parent>[\\d]+)',
  user_id: '(?P<user_id>(?:[\\d]+|me))',
  uuid: '(?P<uuid>[\\w\\-]+)',
  slug: '(?P<slug>[^/]+)',
  type: '(?P<type>[\\w-]+)',
  status: '(?P<status>[\\w-]+)',
  taxonomy: '(?P<taxonomy>[\\w-]+)',
  location: '(?P<location>[\\w-]+)',
  // Block types: a namespace, a name, and (the block renderer's) both as one `namespace/name` parameter.
  block_namespace: '(?P<namespace>[a-zA-Z0-9_-]+)',
  block_name: '(?P<name>[a-zA-Z0-9_-]+)',
  block_full_name: '(?P<name>[a-z0-9-]+/[a-z0-9-]+)',
  // Spec 1.2: one or two segments, their separator `/` or (WordPress's ids, `theme//slug`) `//`. The only inner
  // group closes right before the named one, so clients that read a group up to its first `)` can compile it.
  template_id: `(?P<id>${TEMPLATE_ID})`,
  template_parent: `(?P<parent>${TEMPLATE_ID})`,
  // WP_REST_Themes_Controller::PATTERN: a theme directory, `<theme>` or `<subdirectory>/<theme>`.
  stylesheet: '(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)',
  // The global styles variations route's own, looser form: WordPress 6.4's `[\/\s%\w\.\(\)\[\]\@_\-]+`, the same
  // characters, with `@` unescaped (`\@` is no valid escape in a JavaScript `u` regex) and the parentheses as
  // `\x28\x29`, so that clients reading the group up to its first `)` (node-wpapi) can compile it.
  variations_stylesheet: '(?P<stylesheet>[\\/\\s%\\w\\.\\x28\\x29\\[\\]@_\\-]+)',
  // A global styles id: WordPress's `[\/\w-]+` (the controller then reads it as a post id).
  global_styles_id: '(?P<id>[\\/\\w-]+)',
};

/** Turns a spec path (`/core/v2/categories/<id>`) into WordPress's pattern form. */
export function toPattern(specPath: string): string {
  return specPath.replace(/<([a-z_]+)>/g, (_, name: string) => {
    const p = PLACEHOLDERS[name];
    if (!p) throw new Error(`unknown placeholder <${name}> in ${specPath}`);
    return p;
  });
}

/** WordPress's `(?P<name>...)` groups are JavaScript's `(?<name>...)`. */
export function compilePattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
}

export function route<E extends Record<string, EndpointDef>>(
  namespace: string,
  specPath: string,
  endpoints: E,
  schema?: ResourceDef,
): RouteDef<E> {
  const pattern = toPattern(specPath);
  const def: RouteDef<E> = {
    namespace,
    pattern,
    endpoints,
    schema,
    regex: compilePattern(pattern),
    isStatic: !/[(<]/.test(specPath),
  };
  for (const [key, e] of Object.entries(endpoints)) {
    e.route = def as unknown as RouteDef;
    e.name = `${pattern} ${key}`;
    e.key = key;
  }
  return def;
}

// ---------------------------------------------------------------------------------------------------------
// Resources: the collection, item and by-slug routes every namespace's resources share

/** The methods of a resource's endpoints, by their names in the route factories. */
const VERBS = { list: READABLE, create: CREATABLE, read: READABLE, update: EDITABLE, delete: DELETABLE } as const;
type Verb = keyof typeof VERBS;
type VerbArgs = Partial<Record<Verb, ArgsShape>>;
/** The API reference's words on a resource's endpoints, by verb. */
export type VerbDocs = Partial<Record<Verb, EndpointDocs>>;

/** The endpoint definitions of a set of named argument shapes, each keeping its shape's type. */
export type EndpointsOf<T extends VerbArgs> = { [K in keyof T]-?: EndpointDef<NonNullable<T[K]>> };

function endpointsOf<T extends VerbArgs>(
  args: T,
  opts: { allowBatch: boolean; noun?: Noun; docs?: VerbDocs },
): EndpointsOf<T> {
  const docsOf = (verb: Verb): EndpointDocs | undefined =>
    opts.noun || opts.docs?.[verb] ? { ...(opts.noun ? { noun: opts.noun } : {}), ...opts.docs?.[verb] } : undefined;
  // In the order the definition lists them: WordPress registers GET, then the update methods, then DELETE (the
  // events plugin GET, DELETE, then the update methods).
  return Object.fromEntries(
    Object.entries(args).map(([verb, shape]) => [
      verb,
      endpoint(VERBS[verb as Verb], shape!, { allowBatch: opts.allowBatch, docs: docsOf(verb as Verb) }),
    ]),
  ) as EndpointsOf<T>;
}

/**
 * The routes of a resource, as WordPress's controllers register them: the collection (`list`, `create`), the item
 * under `<id>` (or another placeholder), and, for the events plugin's resources, the same item endpoints under
 * `by-slug/<slug>`. One factory for every namespace, so a route's shape is written once; the arguments keep zod's
 * types, which reach the handlers as typed `req.params`.
 */
export function resourceRoutes<
  C extends VerbArgs,
  I extends VerbArgs,
  S extends VerbArgs | undefined = undefined,
>(spec: {
  namespace: string;
  /** The collection's path under the namespace, e.g. `events` or `venues`. */
  base: string;
  schema?: ResourceDef;
  allowBatch?: boolean;
  collection: C;
  /** The item path's placeholder (default `<id>`). */
  itemPath?: string;
  item: I;
  bySlug?: S;
  /** How the API reference names it, where its base does not (endpoint-docs.ts). */
  noun?: Noun;
  docs?: VerbDocs;
}) {
  const opts = { allowBatch: spec.allowBatch ?? false, noun: spec.noun, docs: spec.docs };
  const at = (path: string) => `/${spec.namespace}/${spec.base}${path}`;
  return {
    collection: route(spec.namespace, at(''), endpointsOf(spec.collection, opts), spec.schema),
    item: route(spec.namespace, at(`/${spec.itemPath ?? '<id>'}`), endpointsOf(spec.item, opts), spec.schema),
    bySlug: (spec.bySlug
      ? route(spec.namespace, at('/by-slug/<slug>'), endpointsOf(spec.bySlug, opts), spec.schema)
      : undefined) as S extends VerbArgs ? RouteDef<EndpointsOf<S>> : undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Route index entries (spec 2.17) and OPTIONS bodies, derived from the definitions above.

export interface IndexEndpoint {
  methods: Method[];
  allow_batch?: { v1: true };
  args: Record<string, WpSchema>;
  /** Only for the API reference (routeEntry's `withDocs`): WordPress's index has no such key. */
  docs?: IndexDocs;
}

export interface RouteEntry {
  namespace: string;
  methods: Method[];
  endpoints: IndexEndpoint[];
  schema?: WpSchema;
  _links?: { self: Array<{ href: string }> };
}

export function indexEndpoint(e: EndpointDef, opts: { withDocs?: boolean } = {}): IndexEndpoint {
  const args: Record<string, WpSchema> = {};
  for (const [name, schema] of Object.entries(e.args)) if (!isHiddenArg(schema)) args[name] = toWpArg(schema);
  const docs = opts.withDocs ? { ...(e.key ? { verb: e.key } : {}), ...e.docs } : undefined;
  return {
    methods: e.methods,
    ...(e.allowBatch ? { allow_batch: { v1: true as const } } : {}),
    args,
    ...(docs ? { docs } : {}),
  };
}

/** The entry of one route in the index. `restUrl` is `{base_url}/rest`; `withDocs` only for the API reference. */
export function routeEntry(
  r: RouteDef,
  restUrl: string,
  opts: { withSchema?: boolean; withDocs?: boolean } = {},
): RouteEntry {
  const endpoints = Object.values(r.endpoints).map((e) => indexEndpoint(e, opts));
  const methods = [...new Set(endpoints.flatMap((e) => e.methods))];
  const entry: RouteEntry = { namespace: r.namespace, methods, endpoints };
  if (opts.withSchema && r.schema) entry.schema = resourceSchema(r.schema);
  if (r.isStatic) entry._links = { self: [{ href: restUrl + r.pattern }] };
  return entry;
}

/** `routes` of an index document: pattern → entry, in declaration order. */
export function routeEntries(routes: RouteDef[], restUrl: string): Record<string, RouteEntry> {
  const out: Record<string, RouteEntry> = {};
  for (const r of routes) out[r.pattern] = routeEntry(r, restUrl);
  return out;
}

/** A namespace's root route (spec 4.2-4.6: `namespace` and `context` parameters, untyped as in WordPress). */
export function namespaceRoute(namespace: string): RouteDef<{ index: EndpointDef }> {
  return route(namespace, `/${namespace}`, {
    index: endpoint(
      READABLE,
      {
        namespace: wp(z.any().default(namespace), {}),
        context: wp(z.any().default('view'), {}),
      },
      { docs: { summary: `Describe the ${namespace} namespace and its routes` } },
    ),
  });
}
