/**
 * The oembed/1.0 route table (spec 4.2), as WP_oEmbed_Controller registers it: the namespace root, `/embed`
 * (public: this site's own content) and `/proxy` (edit_posts: any URL, through the provider list and discovery).
 * The args are WordPress's own: `/embed` sanitises `format` and `maxwidth` without validating them (anything but
 * `xml` is JSON, `maxwidth` is absint), `/proxy` types and validates its args.
 */
import { z } from 'zod';
import { READABLE, endpoint, namespaceRoute, route, type RouteDef } from '@loom/contracts';
import { wp } from '@loom/contracts';
import { sanitizeUrl } from '@loom/contracts';

export const OEMBED = 'oembed/1.0';
export const oembedRoot = namespaceRoute(OEMBED);

/** The `maxwidth` WordPress defaults to (the `oembed_default_width` filter's default). */
export const DEFAULT_MAXWIDTH = 600;

/** PHP's absint(): the integer a value starts with (0 for none), without its sign. */
export function absint(value: unknown): number {
  let n = 0;
  if (typeof value === 'number') n = Number.isFinite(value) ? Math.trunc(value) : 0;
  else if (typeof value === 'boolean') n = value ? 1 : 0;
  else if (typeof value === 'string') n = Number(/^\s*[+-]?\d+/.exec(value)?.[0] ?? 0);
  else if (Array.isArray(value)) n = value.length ? 1 : 0;
  return Math.min(Math.abs(n), Number.MAX_SAFE_INTEGER);
}

/** `url`: a string with format uri, sanitised as WordPress sanitises URIs (esc_url_raw). */
const url = () =>
  wp(z.string().describe('The URL of the resource for which to fetch oEmbed data.').transform(sanitizeUrl), {
    format: 'uri',
  });

export const embedArgs = {
  url: url(),
  // wp_oembed_ensure_format: anything but `xml` is `json`.
  format: z
    .any()
    .transform((v: unknown): 'json' | 'xml' => (v === 'xml' ? 'xml' : 'json'))
    .default('json'),
  maxwidth: z.any().transform(absint).default(DEFAULT_MAXWIDTH),
};

export const proxyArgs = {
  url: url(),
  format: z.enum(['json', 'xml']).describe('The oEmbed format to use.').default('json'),
  maxwidth: z
    .number()
    .int()
    .describe('The maximum width of the embed frame in pixels.')
    .transform(absint)
    .default(DEFAULT_MAXWIDTH),
  maxheight: z.number().int().describe('The maximum height of the embed frame in pixels.').transform(absint).optional(),
  discover: z
    .boolean()
    .describe('Whether to perform an oEmbed discovery request for unsanctioned providers.')
    .default(true),
};

export const embedRoute = route(OEMBED, `/${OEMBED}/embed`, {
  read: endpoint(READABLE, embedArgs, { docs: { summary: 'Retrieve the oEmbed data of a page of this site' } }),
});
export const proxyRoute = route(OEMBED, `/${OEMBED}/proxy`, {
  read: endpoint(READABLE, proxyArgs, {
    docs: { summary: 'Retrieve the oEmbed data of any URL (through its provider)' },
  }),
});

export const oembedRoutes: RouteDef[] = [oembedRoot, embedRoute, proxyRoute] as RouteDef[];
