/** What a handler and its permission checks get for one REST request (kept apart from the dispatcher that builds it). */
import type { Request } from 'express';
import type { ArgsOf, ArgsShape, EndpointDef, Identity, Method, RouteDef } from '@loom/contracts';
import type { Store } from '@loom/store';
import type { KitConfig } from './config';
import type { Logger } from './logger';

export interface RestRequest<S extends ArgsShape = ArgsShape> {
  params: ArgsOf<S>;
  /** Whether the client sent this parameter (WordPress's has_param): absent and defaulted are different. */
  has(name: keyof S & string): boolean;
  user: Identity | null;
  method: Method;
  /** Path under /rest, e.g. `/core/v2/categories/5`. */
  path: string;
  /** The original query string, for pagination links. */
  rawQuery: string;
  route: RouteDef;
  endpoint: EndpointDef<S>;
  config: KitConfig;
  store: Store;
  log: Logger;
  requestId: string;
  /** What the endpoint's own body reader (Binding.readBody) gave besides the parameters (an upload's file). */
  payload?: unknown;
  /**
   * A load shared by the permission checks and the handler of one request (the item a route names, read once),
   * by key. The Allow header's checks after the handler get a fresh memo: the handler may have changed the item.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The HTTP request itself (absent for in-process reads such as `_embed`): its headers and, for
   * `multipart/form-data`, its body stream, which the kit leaves unread for the handler (every other body is
   * read as text into the parameters).
   */
  incoming?: Request;
  /** The client's address as the gateway signed it (CLIENT_ADDRESS_HEADER), or null when not forwarded. */
  clientIp?: string | null;
}
