/**
 * The embed page the oEmbed iframe shows (`<permalink>embed/`, WordPress's embed template), forwarded here by the
 * gateway: a small card of the item (featured image, title, excerpt, site name) that tells its host page its height
 * and asks it to open links, with the secret the iframe's URL carries. Only publicly viewable items (the same
 * lookup as /embed); anything else is WordPress's "Oops! That embed can't be found." with a 404.
 *
 * Safe by construction: every value is escaped or reduced to a few inline tags, and a Content-Security-Policy allows
 * only this page's own style and script (by nonce), images, and nothing else: no other script, frame, form or
 * connection, whatever an item's text holds.
 */
import { randomBytes } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { escAttr, escUrl, wpKses, wpStripAllTags } from '@loom/rendering';
import type { OembedContext } from './context';

/** Paths ending in `/embed` or `/embed/`, outside the REST API and the service's own routes. */
export const EMBED_PAGE_PATH = /^\/(?!rest(?:\/|$)|_loom(?:\/|$)).+\/embed\/?$/;

const INLINE: Record<string, string[]> = { em: [], strong: [], b: [], i: [], code: [], sup: [], sub: [] };
const EXCERPT: Record<string, string[]> = { ...INLINE, p: [], br: [] };

const STYLE = [
  'body{margin:0;padding:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#8c8f94;background:transparent}',
  '.wp-embed{padding:25px;background:#fff;border:1px solid #dcdcde;overflow:auto;zoom:1}',
  '.wp-embed-featured-image{margin-bottom:20px}.wp-embed-featured-image img{width:100%;height:auto;border:none}',
  '.wp-embed-heading{margin:0 0 15px;font-weight:600;font-size:22px;line-height:1.3}.wp-embed-heading a{color:#2c3338;text-decoration:none}',
  '.wp-embed-excerpt p{margin:0 0 1em}.wp-embed-footer{display:table;width:100%;margin-top:30px}',
  '.wp-embed-site-title{font-weight:600;line-height:1.8}.wp-embed-site-title a{color:#8c8f94;text-decoration:none}',
].join('');

/** Reports the page's height to the host and hands clicked links to it (a sandboxed frame cannot navigate its top). */
const PAGE_SCRIPT = [
  '(function(w,d){"use strict";var m=/#\\?secret=([A-Za-z0-9]+)/.exec(w.location.hash),s=m?m[1]:"";if(!s||w.parent===w)return;',
  'function send(k,v){w.parent.postMessage({message:k,value:v,secret:s},"*")}',
  'function height(){send("height",Math.ceil(d.documentElement.getBoundingClientRect().height))}',
  'w.addEventListener("message",function(e){var x=e.data;if(e.source===w.parent&&x&&x.message==="ready"&&x.secret===s)height()},false);',
  'w.addEventListener("load",height,false);w.addEventListener("resize",height,false);',
  'd.addEventListener("click",function(e){var a=e.target&&e.target.closest?e.target.closest("a[href]"):null;if(a){e.preventDefault();send("link",a.href)}},false);',
  'height()})(window,document);',
].join('');

interface Card {
  status: number;
  title: string;
  body: string;
}

function page(ctx: OembedContext, card: Card, nonce: string, canonical?: string): string {
  const site = escAttr(ctx.config.site.current().title);
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<meta name="robots" content="noindex, follow">\n<title>${escAttr(wpStripAllTags(card.title))} &#8211; ${site}</title>\n` +
    (canonical ? `<link rel="canonical" href="${escUrl(canonical)}">\n` : '') +
    `<style nonce="${nonce}">${STYLE}</style>\n</head>\n<body>\n${card.body}\n` +
    `<div class="wp-embed-footer"><div class="wp-embed-site-title"><a href="${escUrl(ctx.config.homeUrl)}" target="_top"><span>${site}</span></a></div></div>\n` +
    `<script nonce="${nonce}">${PAGE_SCRIPT}</script>\n</body>\n</html>\n`
  );
}

function headers(nonce: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Security-Policy': `default-src 'none'; img-src http: https: data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors *`,
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'noindex, follow',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cache-Control': 'public, max-age=60',
  };
}

const notFound = (ctx: OembedContext): Card => ({
  status: 404,
  title: 'Page not found',
  body:
    `<div class="wp-embed"><p class="wp-embed-heading">Oops! That embed can&#8217;t be found.</p>` +
    `<div class="wp-embed-excerpt"><p>It looks like nothing was found at this location. Maybe try visiting <a href="${escUrl(ctx.config.homeUrl)}" target="_top">${escAttr(ctx.config.site.current().title)}</a> directly?</p></div></div>`,
});

async function card(ctx: OembedContext, permalink: string): Promise<{ card: Card; canonical?: string }> {
  const target = await ctx.core.target(permalink);
  if (target === undefined) {
    return {
      card: {
        status: 503,
        title: 'Unavailable',
        body: '<div class="wp-embed"><p class="wp-embed-heading">This embed cannot be shown right now.</p></div>',
      },
    };
  }
  if (!target) return { card: notFound(ctx) };
  const imageId =
    target.type === 'attachment' && target.mime_type.startsWith('image/') ? target.id : target.featured_media;
  const media = imageId ? await ctx.core.media(imageId) : null;
  const link = escUrl(target.link);
  const title = wpKses(target.title, INLINE);
  const image = media?.source_url
    ? `<div class="wp-embed-featured-image rectangular"><a href="${link}" target="_top"><img src="${escUrl(media.source_url)}" alt=""` +
      `${media.media_details?.width ? ` width="${Math.trunc(media.media_details.width)}"` : ''}${media.media_details?.height ? ` height="${Math.trunc(media.media_details.height)}"` : ''}></a></div>`
    : '';
  const excerpt = target.protected
    ? '<p>There is no excerpt because this is a protected post.</p>'
    : wpKses(target.excerpt, EXCERPT);
  const body =
    `<div class="wp-embed post-${target.id} type-${escAttr(target.type)}">${image}` +
    `<p class="wp-embed-heading"><a href="${link}" target="_top">${title}</a></p>` +
    `<div class="wp-embed-excerpt">${excerpt}</div></div>`;
  return { card: { status: 200, title: target.title, body }, canonical: target.link };
}

export function mountEmbedPages(app: Express, ctx: OembedContext): void {
  const home = new URL(`${ctx.config.homeUrl}/`);
  app.get(EMBED_PAGE_PATH, async (req: Request, res: Response) => {
    const nonce = randomBytes(16).toString('base64');
    try {
      // The item's permalink: this request's path without `embed/`, on the home URL's origin.
      const permalink = `${home.origin}${req.path.replace(/embed\/?$/, '')}`;
      const { card: c, canonical } = await card(ctx, permalink);
      res
        .status(c.status)
        .set(headers(nonce))
        .send(page(ctx, c, nonce, canonical));
    } catch (err) {
      ctx.log.error({ err }, 'embed page failed');
      res
        .status(500)
        .set(headers(nonce))
        .send(
          page(
            ctx,
            {
              status: 500,
              title: 'Error',
              body: '<div class="wp-embed"><p class="wp-embed-heading">This embed cannot be shown right now.</p></div>',
            },
            nonce,
          ),
        );
    }
  });
}
