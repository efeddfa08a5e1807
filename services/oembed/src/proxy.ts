/**
 * GET /oembed/1.0/proxy (edit_posts): any URL (WP_oEmbed_Controller::get_proxy_item). In WordPress's order: the
 * cached answer for the same arguments; this site's own items (answered as /embed answers them, never cached); other
 * sites' URLs through the providers and discovery (remote.ts), cached for a day when they succeed and briefly when
 * they fail, each user's fetches rate-limited (rate.ts). A URL on this site's host that names no viewable item is not
 * fetched: the site never asks itself.
 * The answer is JSON whatever `format` says, as in WordPress.
 */
import * as oembed from './contracts';
import { bind, can, forbidden, type Binding, type RequestOf } from '@loom/service-kit';
import { ProxyCache } from './cache';
import { invalidUrl, type OembedContext } from './context';
import { localEmbed } from './local';
import { proxyRateLimited } from './rate';
import { remoteEmbed } from './remote';

const read = oembed.proxyRoute.endpoints.read;

const hostOf = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');

function onThisSite(url: string, homeUrl: string): boolean {
  try {
    return hostOf(new URL(url).hostname) === hostOf(new URL(homeUrl).hostname);
  } catch {
    return false;
  }
}

export function proxyBindings(ctx: OembedContext): Binding[] {
  const permission = (req: RequestOf<typeof read>) =>
    can(req.user, 'edit_posts') ||
    forbidden(req.user, 'rest_forbidden', 'Sorry, you are not allowed to make proxied oEmbed requests.');

  const handler = async (req: RequestOf<typeof read>) => {
    const { url, format, maxwidth, maxheight, discover } = req.params;
    const key = ProxyCache.key({ url, format, maxwidth, maxheight, discover });
    const cached = await ctx.cache.get(key);
    if (cached.hit) {
      if (!cached.data) throw invalidUrl();
      return { body: cached.data };
    }
    const local = await localEmbed(ctx.local, url, maxwidth);
    if (local) return { body: local };
    // This site never asks itself; with LOOM_OEMBED_REMOTE=off nothing is fetched at all.
    if (onThisSite(url, ctx.config.homeUrl) || !ctx.settings.remote) throw invalidUrl();
    const limited = await proxyRateLimited(ctx.store, req.user!.id, {
      max: ctx.settings.rateMax,
      windowMs: ctx.settings.rateWindowMs,
    });
    if (limited) return limited;
    const remote = await remoteEmbed(ctx.remote, url, { maxwidth, maxheight, discover });
    await ctx.cache.set(key, remote, remote ? ctx.settings.cacheMs : ctx.settings.failureCacheMs);
    if (!remote) throw invalidUrl();
    return { body: remote };
  };

  return [bind(read, permission, handler)];
}
