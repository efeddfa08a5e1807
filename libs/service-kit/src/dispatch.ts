/**
 * The REST dispatcher every service runs under `/rest`: method override, route matching, OPTIONS,
 * parameters, identity, permission, handler, and the response conventions (headers, `_fields`,
 * `_envelope`, Allow). Order of checks as WordPress: route → JSON → required → valid → permission → handler.
 */
import type { Request, Response } from 'express';
import {
  CHANGE_HEADER,
  CLIENT_ADDRESS_HEADER,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  routeEntry,
  type ArgsShape,
  type EndpointDef,
  type Identity,
  type Method,
  type RouteDef,
} from '@loom/contracts';
import type { Store } from '@loom/store';
import type { KitConfig } from './config';
import { noRoute, WpError, wpError } from './errors';
import { effectiveMethod } from './method-override';
import { verifyIdentity } from './identity';
import { sendJson } from './etag';
import { verifyInternal } from './internal';
import { verifyClientAddress } from './client-address';
import type { Logger } from './logger';
import { isMultipart, readMultipart } from './multipart';
import { bodySources, parseArgs, parseArgsLeniently, parsePhpStyle, type ParsedArgs, type Sources } from './request';
import { envelopeHeaders } from './envelope';
import { embedLinks, parseEmbedParam, type Embedder } from './embedded';
import type { RestRequest } from './rest-request';
import { applyFields, parseFieldsParam } from './shape';

export type { RestRequest } from './rest-request';

export interface RestResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Permission<S extends ArgsShape = ArgsShape> = (
  req: RestRequest<S>,
) => true | WpError | Promise<true | WpError>;
export type Handler<S extends ArgsShape = ArgsShape> = (req: RestRequest<S>) => RestResult | Promise<RestResult>;

export interface Binding<S extends ArgsShape = ArgsShape> {
  endpoint: EndpointDef<S>;
  permission: Permission<S> | null;
  handler: Handler<S>;
  /**
   * The arguments' own checks that need the store or the caller (WordPress's validate and sanitize callbacks, such
   * as is_event_slug or sanitize_post_statuses): run after the schema and before the permission check. They are
   * not permission checks, so the Allow header does not run them: an invalid argument leaves the caller's methods.
   */
  validate?: Permission<S>;
  /** Serves the endpoint's GET answers (errors included) in another format than JSON when it returns one. */
  format?: ResponseFormat;
  /** Reads the request body itself instead of the kit's JSON/form parsing (uploads: streamed, with their own limit). */
  readBody?: BodyReader;
}

/**
 * An endpoint's own body reading: it gets the unread request (the kit has not touched the body) and gives the body
 * parameters (as a form body's) and whatever else the handler needs (`req.payload`). Throws WpError to refuse.
 */
export type BodyReader = (
  req: Request,
  res: Response,
  ctx: { user: Identity | null; config: KitConfig },
) => Promise<{ form: Record<string, unknown> | null; payload?: unknown }>;

/**
 * A body in another format than JSON, chosen from the request's raw query (WordPress's rest_pre_serve_request, as
 * oEmbed's `format=xml`): the Content-Type and the text, or null for JSON. Status and headers stay as they are.
 */
export type ResponseFormat = (query: Record<string, unknown>, body: unknown) => { type: string; text: string } | null;

/** Connects a contract endpoint to its permission check (null = public) and handler. */
export function bind<S extends ArgsShape>(
  endpoint: EndpointDef<S>,
  permission: Permission<S> | null,
  handler: Handler<S>,
  opts: { format?: ResponseFormat; readBody?: BodyReader; validate?: Permission<S> } = {},
): Binding {
  // Typed against the endpoint's own args here; erased for the dispatcher, which validated them.
  return { endpoint, permission, handler, ...opts } as unknown as Binding;
}

/** The request a handler of `E` gets: its parameters typed from the endpoint's arguments. */
export type RequestOf<E> = E extends EndpointDef<infer S> ? RestRequest<S> : never;

/**
 * A permission check and a handler for one endpoint of a resource (null: public). Either may take its endpoint's
 * typed request (RequestOf), or a union of them where one handler serves the item by id and by slug.
 */
export type Bound = [permission: AnyPermission | null, handler: AnyHandler, validate?: AnyPermission];
/** A handler or permission check of some endpoint, whatever its arguments' types. */
export type AnyHandler = (req: never) => ReturnType<Handler>;
export type AnyPermission = (req: never) => ReturnType<Permission>;

/**
 * The bindings of a resource's routes (contracts' resourceRoutes): each named endpoint of the collection and of
 * the item routes (by id and, where it has them, by slug: one handler serves both) to its check and handler.
 * Every endpoint the routes define must be bound; a verb bound but not defined is a programming error.
 */
export function bindResource(
  routes: { collection: RouteDef; item: RouteDef; bySlug?: RouteDef },
  bound: Partial<Record<'list' | 'create' | 'read' | 'update' | 'delete', Bound>>,
): Binding[] {
  const out: Binding[] = [];
  for (const r of [routes.collection, routes.item, ...(routes.bySlug ? [routes.bySlug] : [])]) {
    for (const [verb, e] of Object.entries(r.endpoints)) {
      const b = bound[verb as keyof typeof bound];
      if (!b) throw new Error(`${r.pattern}: no binding for ${verb}`);
      // Typed against the endpoints by the caller; erased here, as bind() erases them for the dispatcher.
      out.push(bind(e, b[0] as Permission | null, b[1] as Handler, { validate: b[2] as Permission | undefined }));
    }
  }
  return out;
}

/**
 * Turns a verified identity into the caller the handlers see, or null for "nobody" (core-content: the user must
 * still exist; its stored roles are the ones that count).
 */
export type UserResolver = (user: Identity, store: Store) => Promise<Identity | null>;

interface Matched {
  route: RouteDef;
  endpoint: EndpointDef;
  pathParams: Record<string, string>;
}

export interface DispatcherOptions {
  routes: RouteDef[];
  bindings: Binding[];
  config: KitConfig;
  store: Store;
  log: Logger;
  resolveUser?: UserResolver;
  /** Batch loaders for `_embed` (see embed.ts). */
  embedders?: Embedder[];
}

/** Headers WordPress sends on every REST response (reference §2.3). */
export function restHeaders(restUrl: string): Record<string, string> {
  return {
    'X-Robots-Tag': 'noindex',
    Link: `<${restUrl}/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
}

/**
 * Validate-only mode (the gateway's batch `require-all-validate`): with this header the dispatcher runs route
 * match, JSON and parameter checks, and then answers `{"valid": true}` (200) without calling the handler;
 * errors are answered as usual. `1` also runs the permission check; `params` stops after the parameters, as
 * WordPress's batch pre-validation does. Honoured only with the internal proof (`x-loom-internal`, which only
 * holders of LOOM_INTERNAL_SECRET can make); without it, or with another value, the request is refused
 * (`loom_internal_only`, 403) rather than run, so that a client can never get a write it asked only to check.
 */
export const VALIDATE_ONLY_HEADER = 'x-loom-validate-only';

function memoOf(loads: Map<string, Promise<unknown>>): RestRequest['memo'] {
  return <T>(key: string, load: () => Promise<T>) => {
    let p = loads.get(key) as Promise<T> | undefined;
    if (!p) loads.set(key, (p = load()));
    return p;
  };
}

/**
 * wp_get_nocache_headers(), for signed-in callers (rest_send_nocache_headers) so shared caches never keep personalised
 * responses; the gateway's own answers to them (a refused nonce) carry them too.
 */
export const NO_CACHE = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0',
};

export class Dispatcher {
  private readonly bindings = new Map<EndpointDef, Binding>();

  constructor(private readonly opts: DispatcherOptions) {
    for (const b of opts.bindings) this.bindings.set(b.endpoint as EndpointDef, b as unknown as Binding);
    const unbound = opts.routes.flatMap((r) => Object.values(r.endpoints)).filter((e) => !this.bindings.has(e));
    if (unbound.length) throw new Error(`endpoints without a handler: ${unbound.map((e) => e.name).join('; ')}`);
  }

  /** Express middleware for everything under /rest. */
  middleware = async (req: Request, res: Response): Promise<void> => {
    // Read by the request logger once the response is finished.
    const locals = res.locals as { route?: string; user?: Identity | null };
    const { config, log } = this.opts;
    const requestId = String(res.locals.requestId ?? '');
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const query = parsePhpStyle(rawQuery);
    const base = restHeaders(config.restUrl);
    let user: Identity | null = null;
    let method: Method | 'OPTIONS' = 'GET';
    let path = '/';
    /** The matched route and what its permission checks read, for the Allow header. */
    let matched: { route: RouteDef; endpoint: EndpointDef; pathParams: Record<string, string> } | undefined;
    let sources: Sources | undefined;
    let restReq: RestRequest | undefined;

    const send = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const all = { ...headers };
      // The change hint is for the gateway (it removes it), never part of the answer, enveloped or not.
      const hint = Object.keys(all).find((k) => k.toLowerCase() === CHANGE_HEADER);
      if (hint !== undefined) {
        res.set(CHANGE_HEADER, all[hint]!);
        delete all[hint];
      }
      // rest_send_allow_header: whenever a route matched (errors included), the methods whose permission check
      // passes for this caller and request, checked after the handler ran (so none after a permanent delete).
      if (matched) {
        const forAllow = restReq
          ? { ...restReq, memo: memoOf(new Map()) }
          : this.lenientRequest(matched, sources ?? { query, path: matched.pathParams, json: null, form: null }, {
              user,
              method: 'GET',
              path,
              rawQuery,
              requestId,
            });
        const allow = await this.allowedMethods(matched.route, forAllow);
        if (allow) all.Allow = allow;
      }
      res.set(base);
      if (user) res.set(NO_CACHE);
      const enveloped = Object.hasOwn(query, '_envelope');
      const payload = enveloped ? { body, status, headers: envelopeHeaders(all) } : body;
      if (!enveloped) res.set(all);
      const format = matched && method === 'GET' ? this.bindings.get(matched.endpoint)?.format?.(query, payload) : null;
      if (format) {
        // A Buffer, so that Express keeps the Content-Type as given (a string body would get `charset=utf-8`).
        res
          .status(enveloped ? 200 : status)
          .set('Content-Type', format.type)
          .send(Buffer.from(format.text, 'utf8'));
        return;
      }
      sendJson(req, res, enveloped ? 200 : status, payload);
    };

    try {
      // Identity first: a header that does not verify is refused outright rather than silently ignored.
      const header = req.get(IDENTITY_HEADER);
      if (header) {
        const v = verifyIdentity(header, config.internalSecret, config.identityMaxAgeS);
        if (!v.ok) throw wpError('loom_invalid_identity');
        user = this.opts.resolveUser ? await this.opts.resolveUser(v.user, this.opts.store) : v.user;
      }
      locals.user = user;

      const validateOnly = req.get(VALIDATE_ONLY_HEADER);
      if (
        validateOnly !== undefined &&
        ((validateOnly !== '1' && validateOnly !== 'params') ||
          !verifyInternal(req.get(INTERNAL_HEADER), config.internalSecret))
      ) {
        throw wpError('loom_internal_only', { message: 'Validate-only requests are for Loom services only.' });
      }

      method = this.effectiveMethod(req, query);
      try {
        // Mounted at /rest, so req.path is already relative to the REST root.
        path = decodeURIComponent(req.path) || '/';
      } catch {
        throw noRoute();
      }
      if (path.length > 1) path = path.replace(/\/+$/, '');

      if (method === 'OPTIONS') {
        const first = this.firstMatch(path);
        if (!first) return await send(200, []);
        matched = first;
        locals.route = first.route.pattern;
        return await send(200, routeEntry(first.route, config.restUrl, { withSchema: true }));
      }

      const found = this.match(path, method);
      matched = found;
      locals.route = found.route.pattern;

      sources = { query, path: found.pathParams, json: null, form: null };
      const reader = this.bindings.get(found.endpoint)?.readBody;
      let payload: unknown;
      if (reader) {
        const own = await reader(req, res, { user, config });
        sources = { ...sources, form: own.form };
        payload = own.payload;
      } else if (isMultipart(req.get('content-type'))) {
        // WordPress reads a multipart/form-data body's fields as a form body ($_POST); its files are no parameters.
        const body = await readMultipart(
          req,
          {
            maxBodyBytes: config.maxBodyBytes,
            maxFileBytes: 0,
            maxFiles: 20,
            maxFields: 1000,
            maxFieldBytes: config.maxBodyBytes,
          },
          { acceptFile: () => false },
        );
        if (method !== 'GET')
          sources = { ...sources, form: parsePhpStyle(new URLSearchParams(body.fields).toString()) };
      } else {
        sources = {
          ...sources,
          ...bodySources(method, req.get('content-type'), typeof req.body === 'string' ? req.body : ''),
        };
      }
      restReq = { ...this.request(found, sources, { user, method, path, rawQuery, requestId }), payload };
      restReq.incoming = req;
      restReq.clientIp = verifyClientAddress(
        req.get(CLIENT_ADDRESS_HEADER),
        config.internalSecret,
        config.identityMaxAgeS,
      );
      if (validateOnly !== undefined) {
        // WordPress's batch pre-validation runs the arguments' callbacks too (has_valid_params, sanitize_params).
        await this.checkArguments(restReq);
        if (validateOnly === '1') await this.checkPermission(restReq);
        return await send(200, { valid: true });
      }
      const result = await this.execute(restReq);
      const status = result.status ?? 200;
      const fields = parseFieldsParam(query._fields ?? sources.json?._fields ?? sources.form?._fields);
      const embed = parseEmbedParam(query._embed);
      // With `_fields`, links are embedded only when `_links` or `_embedded` is among them (as WordPress).
      if (embed && status < 300 && (!fields || fields.some((f) => f === '_links' || f === '_embedded'))) {
        await embedLinks(
          result.body,
          embed,
          this.opts.embedders ?? [],
          (href, r) => this.internalGet(href, r),
          restReq,
        );
      }
      const body = fields && status < 400 ? applyFields(result.body, fields) : result.body;
      return await send(status, body, result.headers);
    } catch (err) {
      if (err instanceof WpError) return send(err.status, err.toBody());
      log.error({ err, reqId: requestId, route: matched?.route.pattern }, 'unhandled error');
      const e = wpError('internal_server_error');
      return send(e.status, e.toBody());
    }
  };

  /** Whether the endpoint a request names reads its body itself (the kit's body parser must leave it alone then). */
  readsOwnBody(req: Request): boolean {
    try {
      const method = this.effectiveMethod(
        req,
        parsePhpStyle(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : ''),
      );
      if (method === 'OPTIONS') return false;
      let path = decodeURIComponent(req.path) || '/';
      if (path.length > 1) path = path.replace(/\/+$/, '');
      return !!this.bindings.get(this.match(path, method).endpoint)?.readBody;
    } catch {
      return false;
    }
  }

  /** The first route matching `path`, whatever its methods (OPTIONS), with its first endpoint. */
  private firstMatch(path: string): Matched | undefined {
    for (const r of this.opts.routes) {
      const m = r.regex.exec(path);
      if (m) return { route: r, endpoint: Object.values(r.endpoints)[0]!, pathParams: { ...(m.groups ?? {}) } };
    }
    return undefined;
  }

  /** The first route matching `path` that has an endpoint for `method`; rest_no_route otherwise. */
  private match(path: string, method: string): Matched {
    for (const r of this.opts.routes) {
      const m = r.regex.exec(path);
      if (!m) continue;
      const e = Object.values(r.endpoints).find((ep) => ep.methods.includes(method as Method));
      if (e) return { route: r, endpoint: e, pathParams: { ...(m.groups ?? {}) } };
    }
    throw noRoute();
  }

  /** Validated parameters and the request handlers see. */
  private request(
    found: Matched,
    sources: Sources,
    r: Pick<RestRequest, 'user' | 'method' | 'path' | 'rawQuery' | 'requestId'>,
  ): RestRequest {
    return this.withParams(found, parseArgs(found.endpoint, sources), r);
  }

  /**
   * The request as the permission checks of the Allow header see it when its parameters did not validate (or it
   * is an OPTIONS request): the valid parameters, defaults for the rest, as WordPress runs them on the raw request.
   */
  private lenientRequest(
    found: Matched,
    sources: Sources,
    r: Pick<RestRequest, 'user' | 'method' | 'path' | 'rawQuery' | 'requestId'>,
  ): RestRequest {
    return this.withParams(found, parseArgsLeniently(found.endpoint, sources), r);
  }

  private withParams(
    found: Matched,
    parsed: ParsedArgs,
    r: Pick<RestRequest, 'user' | 'method' | 'path' | 'rawQuery' | 'requestId'>,
  ): RestRequest {
    const { params, given } = parsed;
    return {
      ...r,
      params,
      has: (name) => given.has(name),
      route: found.route,
      endpoint: found.endpoint,
      config: this.opts.config,
      store: this.opts.store,
      log: this.opts.log,
      memo: memoOf(new Map()),
    };
  }

  /** The arguments' own checks, the permission check, then the handler. */
  private async execute(req: RestRequest): Promise<RestResult> {
    await this.checkArguments(req);
    await this.checkPermission(req);
    return this.bindings.get(req.endpoint)!.handler(req);
  }

  /** The endpoint's argument checks that need the store or the caller; throws their error. */
  private async checkArguments(req: RestRequest): Promise<void> {
    const validate = this.bindings.get(req.endpoint)!.validate;
    if (validate) {
      const v = await validate(req);
      if (v !== true) throw v;
    }
  }

  /** The endpoint's permission check; throws its error. */
  private async checkPermission(req: RestRequest): Promise<void> {
    const binding = this.bindings.get(req.endpoint)!;
    if (binding.permission) {
      const p = await binding.permission(req);
      if (p !== true) throw p;
    }
  }

  /**
   * GET of an href under this service's REST root, in-process, as the same caller: `embed` context unless the
   * href says otherwise and, for collections, WordPress's maximum page size. Errors come back as their body.
   */
  async internalGet(href: string, parent: RestRequest): Promise<unknown> {
    try {
      const url = new URL(href);
      const root = new URL(this.opts.config.restUrl);
      if (url.origin !== root.origin || !url.pathname.startsWith(`${root.pathname}/`)) throw noRoute();
      const path = decodeURIComponent(url.pathname.slice(root.pathname.length)).replace(/(.)\/+$/, '$1');
      const found = this.match(path, 'GET');
      const query = parsePhpStyle(url.search.slice(1));
      query.context ??= 'embed';
      if (query.per_page === undefined && 'per_page' in found.endpoint.args) query.per_page = '100';
      const req = this.request(
        found,
        { query, path: found.pathParams, json: null, form: null },
        { user: parent.user, method: 'GET', path, rawQuery: url.search.slice(1), requestId: parent.requestId },
      );
      return (await this.execute(req)).body;
    } catch (err) {
      if (err instanceof WpError) return err.toBody();
      throw err;
    }
  }

  /** The one reading the gateway shares (method-override.ts); HEAD is answered by GET handlers. */
  private effectiveMethod(req: Request, query: Record<string, unknown>): Method | 'OPTIONS' {
    // Unknown methods match no endpoint and end as rest_no_route, as in WordPress.
    return effectiveMethod(req.method, query, req.headers['x-http-method-override']) as Method | 'OPTIONS';
  }

  /** The Allow header: the route's methods whose permission check passes for this caller (empty: no header). */
  private async allowedMethods(route: RouteDef, req: RestRequest): Promise<string> {
    const allowed: string[] = [];
    for (const e of Object.values(route.endpoints)) {
      const b = this.bindings.get(e)!;
      let okay = true;
      if (b.permission) {
        try {
          okay = (await b.permission({ ...req, endpoint: e })) === true;
        } catch {
          okay = false;
        }
      }
      if (okay) allowed.push(...e.methods);
    }
    return [...new Set(allowed)].join(', ');
  }
}
