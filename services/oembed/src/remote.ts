/**
 * oEmbed data for other sites' URLs (WP_oEmbed::get_data, fetch, discover, and the YouTube embed handler), every
 * request made through the SSRF-safe fetcher: the URL's sanctioned provider, else (with `discover`) the provider the
 * page itself names in a `<link rel="alternate" type="application/json+oembed">` of its head (at most 150 KB read);
 * its answer read as JSON, or as XML when it answers 501 to JSON; then its HTML built and filtered (sanitize.ts).
 */
import { SafeFetchError, type SafeFetcher } from '@loom/safe-fetch';
import type { Logger } from '@loom/service-kit';
import { endpointUrl, findProvider, type Provider } from './providers';
import { dataToHtml, type OembedData } from './sanitize';
import { trimProviderData } from './trim';
import { parseOembedXml } from './xml';

export interface RemoteContext {
  fetcher: SafeFetcher;
  providers: readonly Provider[];
  homeUrl: string;
  log: Logger;
}

export interface RemoteArgs {
  maxwidth: number;
  maxheight?: number;
  discover: boolean;
}

/** What WP_oEmbed::discover reads of a page (limit_response_size). */
export const DISCOVERY_MAX_BYTES = 150 * 1024;

/** oembed_linktypes, JSON preferred. */
const LINK_TYPES: Record<string, 'json' | 'xml'> = {
  'application/json+oembed': 'json',
  'text/xml+oembed': 'xml',
  'application/xml+oembed': 'xml',
};

/** A fetch through the safe fetcher; a refusal or failure is logged (host and reason, never the URL) and is null. */
async function get(
  ctx: RemoteContext,
  url: string,
  opts: { maxBytes?: number; truncate?: boolean; accept?: string } = {},
) {
  try {
    return await ctx.fetcher.get(url, opts);
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    let host = '';
    try {
      host = new URL(url).host;
    } catch {
      // not a URL: nothing to name
    }
    ctx.log.info({ host, code: e.code, reason: e.message }, 'oEmbed fetch not made or not completed');
    return null;
  }
}

/** shortcode_parse_atts() for a tag's inside: names lower-cased, values unquoted. */
function parseAtts(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = (m[1] ?? m[3] ?? m[5])!.toLowerCase();
    if (!out.has(name)) out.set(name, m[2] ?? m[4] ?? m[6] ?? '');
  }
  return out;
}

const specialcharsDecode = (s: string) =>
  s.replace(/&(amp|quot|#0?39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[e] ?? "'");

/** WP_oEmbed::discover(): the provider URL a page names in its head, JSON before XML; null when none. */
export async function discover(ctx: RemoteContext, url: string): Promise<string | null> {
  const res = await get(ctx, url, {
    maxBytes: DISCOVERY_MAX_BYTES,
    truncate: true,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
  });
  if (!res || !res.body.length) return null;
  let html = res.body.toString('utf8');
  const headEnd = html.search(/<\/head>/i);
  if (headEnd > 0) html = html.slice(0, headEnd);
  if (!Object.keys(LINK_TYPES).some((t) => html.toLowerCase().includes(t))) return null;
  const found: Partial<Record<'json' | 'xml', string>> = {};
  for (const m of html.matchAll(/<link([^<>]+?)\/?>/gi)) {
    const atts = parseAtts(m[1]!);
    const type = atts.get('type');
    const href = atts.get('href');
    const format = type ? LINK_TYPES[type] : undefined;
    if (!format || !href) continue;
    found[format] = specialcharsDecode(href);
    if (format === 'json') break;
  }
  return found.json ?? found.xml ?? null;
}

/** WP_oEmbed::fetch(): the provider asked with maxwidth, maxheight, url, dnt and format (json, then xml on a 501). */
async function fetchData(
  ctx: RemoteContext,
  provider: string,
  url: string,
  width: number,
  height: number,
): Promise<OembedData | null> {
  let base: URL;
  try {
    base = new URL(provider);
  } catch {
    return null;
  }
  for (const [k, v] of [
    ['maxwidth', String(width)],
    ['maxheight', String(height)],
    ['url', url],
    ['dnt', '1'],
  ] as const)
    base.searchParams.set(k, v);
  for (const format of ['json', 'xml'] as const) {
    base.searchParams.set('format', format);
    const res = await get(ctx, base.toString(), { accept: format === 'json' ? 'application/json' : 'text/xml' });
    if (!res) return null;
    if (res.status === 501) continue;
    if (res.status < 200 || res.status > 299 || !res.body.length) return null;
    const text = res.body.toString('utf8').trim();
    if (format === 'xml') return parseOembedXml(text);
    try {
      const data: unknown = JSON.parse(text);
      return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as OembedData) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** WP_oEmbed::get_data() plus the proxy's html: the provider's object with `html` built and filtered, or null. */
async function getData(ctx: RemoteContext, url: string, args: RemoteArgs): Promise<OembedData | null> {
  const sanctioned = findProvider(url, ctx.providers);
  const provider = sanctioned ? endpointUrl(sanctioned, ctx.homeUrl) : args.discover ? await discover(ctx, url) : null;
  if (!provider) return null;
  // wp_embed_defaults(): without a theme content width, 500 wide and so 750 high; the proxy's maxwidth replaces the width.
  const fetched = await fetchData(ctx, provider, url, args.maxwidth, args.maxheight ?? 750);
  if (!fetched) return null;
  const data = trimProviderData(fetched);
  return { ...data, html: dataToHtml(data, url, Boolean(sanctioned)) };
}

/** wp_embed_handler_youtube(): a YouTube embed URL is embedded as its watch page. */
const YOUTUBE_EMBED = /^https?:\/\/(www.)?youtube\.com\/(?:v|embed)\/([^/]+)/i;

/** What the proxy answers for another site's URL, or null (oembed_invalid_url). */
export async function remoteEmbed(ctx: RemoteContext, url: string, args: RemoteArgs): Promise<OembedData | null> {
  const data = await getData(ctx, url, args);
  if (data) return data;
  // The classic embed handlers that need no shortcodes: YouTube's iframe URLs (audio and video files need [audio]
  // and [video], which arrive with media).
  const youtube = YOUTUBE_EMBED.exec(url);
  if (youtube) {
    const watch = await getData(ctx, `https://youtube.com/watch?v=${encodeURIComponent(youtube[2]!)}`, {
      ...args,
      discover: false,
    });
    if (typeof watch?.html === 'string') return { provider_name: 'Embed Handler', html: watch.html, scripts: [] };
  }
  return null;
}
