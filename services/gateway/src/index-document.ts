/**
 * The route index (spec 2.17, reference §6.1) and the roots of the advertised-only namespaces. The
 * gateway's own routes (`/`, `/batch/v1`, advertised-only roots) come from the contracts; every other
 * route comes from the service that owns its namespace.
 */
import {
  ADVERTISED_ONLY,
  batchRoute,
  NAMESPACE_OWNERS,
  NAMESPACES,
  namespaceRoute,
  rootRoute,
  routeEntry,
  type Namespace,
  type RouteDef,
  type ServiceName,
  type Identity,
} from '@loom/contracts';
import { can, type KitConfig } from '@loom/service-kit';
import type { Routes } from './route-index';
import type { GatewaySettings } from './settings';

/** Roots of the namespaces nobody serves yet; the gateway answers them (spec 4.6). */
export const ADVERTISED_ROOTS: ReadonlyMap<Namespace, RouteDef> = new Map(
  ADVERTISED_ONLY.map((ns) => [ns, namespaceRoute(ns)]),
);

/** The routes the gateway itself answers, by their path under /rest. */
export const GATEWAY_ROUTES: ReadonlyMap<string, RouteDef> = new Map<string, RouteDef>([
  ['/', rootRoute],
  ['/batch/v1', batchRoute],
  ...[...ADVERTISED_ROOTS].map(([ns, r]) => [`/${ns}`, r] as [string, RouteDef]),
]);

export type RouteLookup = (service: ServiceName, namespace: Namespace) => Routes;

export interface IndexInputs {
  config: KitConfig;
  settings: GatewaySettings;
  routes: RouteLookup;
  /** `context=help`: route entries carry their schema, as WordPress's index does. */
  help: boolean;
  /** The API reference's index: endpoints carry their docs too (`routes` must have been read with them). */
  docs?: boolean;
  /** The caller (the active theme's link is for those who may edit posts or switch themes). */
  user?: Omit<Identity, 'iat'> | null;
}

/** `routes`: `/`, then each namespace in advertised order, then `/batch/v1`. */
export function indexRoutes({
  config,
  routes,
  help,
  docs,
}: Pick<IndexInputs, 'config' | 'routes' | 'help' | 'docs'>): Routes {
  const own = (r: RouteDef) => routeEntry(r, config.restUrl, { withSchema: help, withDocs: docs });
  const out: Routes = { '/': own(rootRoute) };
  for (const ns of NAMESPACES) {
    const owner = NAMESPACE_OWNERS[ns];
    const advertised = ADVERTISED_ROOTS.get(ns);
    if (owner) Object.assign(out, routes(owner, ns));
    else if (advertised) out[advertised.pattern] = own(advertised);
  }
  out['/batch/v1'] = own(batchRoute);
  return out;
}

/** add_active_theme_link_to_index()'s test: switch_themes, or edit_posts. */
function mayFindTheme(user: Omit<Identity, 'iat'> | null | undefined): boolean {
  const who = user ? { ...user, iat: 0 } : null;
  return can(who, 'switch_themes') || can(who, 'edit_posts');
}

/** WP_REST_Server::get_index, in WordPress's key order. */
export function indexDocument(inputs: IndexInputs): Record<string, unknown> {
  const { config } = inputs;
  // The site options as this gateway knows them now (core/v2 settings; the kit config follows them).
  const o = config.site.current();
  const logo = o.site_logo ?? 0;
  return {
    name: o.title,
    description: o.description,
    url: config.baseUrl,
    home: config.homeUrl,
    // A string, as WordPress stores the option.
    gmt_offset: o.gmt_offset,
    timezone_string: o.timezone,
    page_for_posts: o.page_for_posts,
    page_on_front: o.page_on_front,
    show_on_front: o.show_on_front,
    namespaces: [...NAMESPACES],
    authentication: {
      'application-passwords': { endpoints: { authorization: `${config.baseUrl}/admin/authorize-application` } },
    },
    routes: indexRoutes(inputs),
    site_logo: logo,
    site_icon: o.site_icon,
    site_icon_url: o.site_icon_url,
    _links: {
      help: [{ href: 'https://developer.wordpress.org/rest-api/' }],
      // add_active_theme_link_to_index(): for those who may switch themes or edit posts (every role that edits
      // some post type has edit_posts here).
      ...(o.stylesheet && mayFindTheme(inputs.user)
        ? { 'https://api.w.org/active-theme': [{ href: `${config.restUrl}/core/v2/themes/${o.stylesheet}` }] }
        : {}),
      // add_image_to_index(): the logo's, then the icon's attachment, each embeddable.
      ...(logo || o.site_icon
        ? {
            'https://api.w.org/featuredmedia': [
              ...(logo
                ? [{ embeddable: true, type: 'site_logo', href: `${config.restUrl}/core/v2/media/${logo}` }]
                : []),
              ...(o.site_icon
                ? [{ embeddable: true, type: 'site_icon', href: `${config.restUrl}/core/v2/media/${o.site_icon}` }]
                : []),
            ],
          }
        : {}),
    },
  };
}

/** `GET /rest/<ns>` for an advertised-only namespace: its root is its only route. */
export function advertisedRootDocument(
  namespace: Namespace,
  config: KitConfig,
  help: boolean,
): Record<string, unknown> {
  const r = ADVERTISED_ROOTS.get(namespace)!;
  return {
    namespace,
    routes: { [r.pattern]: routeEntry(r, config.restUrl, { withSchema: help }) },
    _links: { up: [{ href: `${config.restUrl}/` }] },
  };
}
