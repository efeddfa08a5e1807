/**
 * get_post_embed_html(): the HTML an oEmbed consumer pastes for one of this site's items. A blockquote linking to
 * the item (what readers without scripts, or feed readers, see), a sandboxed iframe of the item's embed page
 * (`<permalink>embed/`) sharing a fresh secret with it, and the host script, which lets only the iframe holding that
 * secret resize itself and open links to its own site (WordPress's wp-embed protocol: `height` and `link`
 * messages, `ready` from the host).
 */
import { randomInt } from 'node:crypto';
import { escAttr, escUrl } from '@loom/rendering';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** wp_generate_password( 10, false ): a fresh secret per answer, from the CSPRNG. */
export function embedSecret(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

/** get_post_embed_url(): `<permalink>embed/`, or `&embed=true` on a plain (`?p=`) permalink. */
export function embedUrl(permalink: string): string {
  if (permalink.includes('?')) return `${permalink}&embed=true`;
  return `${permalink.replace(/\/+$/, '')}/embed/`;
}

/**
 * The host side of the embed protocol, Loom's own (registered as `wp.receiveEmbedMessage`, so that one handler
 * serves a page holding WordPress embeds too): a message counts only from the iframe whose data-secret it names;
 * `height` is clamped to 200–1000 pixels, `link` is followed only to the iframe's own host, over http(s), while the
 * iframe has focus (a click in it, not a script running on its own).
 */
export const HOST_SCRIPT = [
  '(function(w,d){"use strict";w.wp=w.wp||{};if(w.wp.receiveEmbedMessage)return;',
  'w.wp.receiveEmbedMessage=function(e){var m=e.data;if(!m||typeof m!=="object"||typeof m.secret!=="string"||!/^[a-zA-Z0-9]{1,64}$/.test(m.secret))return;',
  "var f=d.querySelectorAll('iframe[data-secret=\"'+m.secret+'\"]'),q=d.querySelectorAll('blockquote[data-secret=\"'+m.secret+'\"]'),i,j,h,a,b;",
  'for(i=0;i<f.length;i++){if(f[i].contentWindow!==e.source)continue;for(j=0;j<q.length;j++)q[j].style.display="none";f[i].removeAttribute("style");',
  'if(m.message==="height"){h=parseInt(m.value,10)||0;f[i].height=String(Math.max(200,Math.min(1000,h)))}',
  'if(m.message==="link"&&typeof m.value==="string"){a=d.createElement("a");b=d.createElement("a");a.href=f[i].getAttribute("src");b.href=m.value;',
  'if(/^https?:$/i.test(b.protocol)&&b.host===a.host&&d.activeElement===f[i])w.top.location.href=b.href}}};',
  'function ready(){var f=d.querySelectorAll("iframe.wp-embedded-content"),i,s;for(i=0;i<f.length;i++){s=f[i].getAttribute("data-secret");',
  'if(!s){s=Math.random().toString(36).slice(2,12);f[i].src+="#?secret="+s;f[i].setAttribute("data-secret",s)}',
  'if(f[i].contentWindow)f[i].contentWindow.postMessage({message:"ready",secret:s},"*")}}',
  'w.addEventListener("message",w.wp.receiveEmbedMessage,false);d.addEventListener("DOMContentLoaded",ready,false);w.addEventListener("load",ready,false)',
  '})(window,document);',
].join('');

export interface EmbeddedItem {
  /** The title as a page shows it (HTML). */
  title: string;
  link: string;
}

export function postEmbedHtml(
  item: EmbeddedItem,
  width: number,
  height: number,
  siteName: string,
  secret = embedSecret(),
): string {
  const src = `${embedUrl(item.link)}#?secret=${secret}`;
  const title = escAttr(`&#8220;${item.title}&#8221; &#8212; ${siteName}`);
  return (
    `<blockquote class="wp-embedded-content" data-secret="${escAttr(secret)}"><a href="${escUrl(item.link)}">${item.title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escUrl(src)}" width="${width}" height="${height}" title="${title}" data-secret="${escAttr(secret)}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>` +
    `<script>\n${HOST_SCRIPT}\n</script>\n`
  );
}
