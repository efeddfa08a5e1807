/**
 * [audio] and [video]: wp_audio_shortcode() and wp_video_shortcode() (wp-includes/media.php, WordPress 6.4) with
 * the default MediaElement library: `src` (or one attribute per format: mp3, ogg... / mp4, webm...) or else the first
 * audio/video attached to the post, `<source>` elements with `?_=<instance>`, the fallback link, and
 * wp-audio-shortcode / wp-video-shortcode classes. Every attribute value is escaped.
 */
import { escAttr, escUrl } from '../../escape';
import { phpTrim } from '../../texturize';
import { shortcodeAtts, type ShortcodeAtts } from '../grammar';
import type { ShortcodeHandler } from '../registry';
import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS, checkFiletype } from './filetype';
import { intval } from './gallery';
import type { MediaContext } from './port';
import { queryAttachments } from './query';

/** wp_validate_boolean(): 'false' (any case) is false, otherwise PHP's truthiness. */
export const validateBoolean = (value: string) => value.toLowerCase() !== 'false' && value !== '' && value !== '0';

/** add_query_arg( '_', $instance, $url ): the argument set (replacing one of the same name), before the fragment. */
function addQueryArg(url: string, name: string, value: string): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  const q = base.indexOf('?');
  const path = q === -1 ? base : base.slice(0, q);
  const pairs =
    q === -1
      ? []
      : base
          .slice(q + 1)
          .split('&')
          .filter((p) => p !== '' && p.split('=')[0] !== name);
  pairs.push(`${name}=${value}`);
  return `${path}?${pairs.join('&')}${fragment}`;
}

/** remove_query_arg( $name, $url ). */
function removeQueryArg(url: string, name: string): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  const q = base.indexOf('?');
  if (q === -1) return url;
  const pairs = base
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && p.split('=')[0] !== name);
  return `${base.slice(0, q)}${pairs.length ? `?${pairs.join('&')}` : ''}${fragment}`;
}

/** wp_mediaelement_fallback(). */
const fallback = (url: string) => `<a href="${escUrl(url)}">${escUrl(url)}</a>`;

/** The first attached audio/video of the post (get_attached_media(), menu_order then id), for a shortcode without a file. */
function attachedFile(ctx: MediaContext, family: 'audio' | 'video'): string {
  if (!ctx.postId) return '';
  const [first] = queryAttachments(ctx.media, {
    family,
    include: [],
    exclude: [],
    parent: ctx.postId,
    order: 'ASC',
    orderby: 'menu_order ID',
  });
  return first?.url ?? '';
}

/** The `<source>` elements and the first file's URL. */
function sources(
  atts: Record<string, string>,
  types: readonly string[],
  instance: number,
  typeOf: (key: string, url: string) => string,
) {
  let fileurl = '';
  let html = '';
  for (const key of types) {
    const value = atts[key];
    if (!value) continue;
    if (!fileurl) fileurl = value;
    html += `<source type="${escAttr(typeOf(key, value))}" src="${escUrl(addQueryArg(value, '_', String(instance)))}" />`;
  }
  return { fileurl, html };
}

const attributes = (pairs: Array<[string, string | number | boolean]>) =>
  pairs.map(([k, v]) => `${k}="${escAttr(v === true ? '1' : String(v))}"`).join(' ');

/** Whether one of the per-format attributes names a file of its own format. */
const hasFormatFile = (atts: Record<string, string>, exts: readonly string[]) =>
  exts.some((ext) => atts[ext] && checkFiletype(atts[ext]).ext.toLowerCase() === ext);

export function audioShortcode(ctx: MediaContext, counter: { audio: number }): ShortcodeHandler {
  return (attr: ShortcodeAtts) => {
    const instance = ++counter.audio;
    const defaults: Record<string, string> = {
      src: '',
      loop: '',
      autoplay: '',
      preload: 'none',
      class: 'wp-audio-shortcode',
      style: 'width: 100%;',
    };
    for (const ext of AUDIO_EXTENSIONS) defaults[ext] = '';
    const atts = shortcodeAtts(defaults, attr);
    const types: string[] = [...AUDIO_EXTENSIONS];
    if (atts.src) {
      if (!(AUDIO_EXTENSIONS as readonly string[]).includes(checkFiletype(atts.src).ext.toLowerCase())) {
        return `<a class="wp-embedded-audio" href="${escUrl(atts.src)}">${escAttr(atts.src)}</a>`;
      }
      types.unshift('src');
    } else if (!hasFormatFile(atts, AUDIO_EXTENSIONS)) {
      atts.src = attachedFile(ctx, 'audio');
      if (!atts.src) return '';
      types.unshift('src');
    }
    const html: Array<[string, string | boolean]> = [
      ['class', atts.class],
      ['id', `audio-${ctx.postId}-${instance}`],
      ['loop', validateBoolean(atts.loop)],
      ['autoplay', validateBoolean(atts.autoplay)],
      ['preload', atts.preload],
      ['style', atts.style],
    ];
    // loop, autoplay and preload are left out when empty.
    const kept = html.filter(
      ([k, v]) => !['loop', 'autoplay', 'preload'].includes(k) || (v !== false && v !== '' && v !== '0'),
    );
    let out = instance === 1 ? "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n" : '';
    out += `<audio ${attributes(kept)} controls="controls">`;
    const { fileurl, html: sourceHtml } = sources(atts, types, instance, (_key, url) => checkFiletype(url).type);
    return `${out}${sourceHtml}${fallback(fileurl)}</audio>`;
  };
}

const YOUTUBE = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch|youtu\.be\/)/;
const VIMEO = /^https?:\/\/(.+\.)?vimeo\.com\/.*/;

/** absint(). */
const absint = (value: string) => Math.abs(intval(value));

export function videoShortcode(ctx: MediaContext, counter: { video: number }): ShortcodeHandler {
  return (attr: ShortcodeAtts, content: string) => {
    const instance = ++counter.video;
    const defaults: Record<string, string> = {
      src: '',
      poster: '',
      loop: '',
      autoplay: '',
      muted: 'false',
      preload: 'metadata',
      width: '640',
      height: '360',
      class: 'wp-video-shortcode',
    };
    for (const ext of VIDEO_EXTENSIONS) defaults[ext] = '';
    const atts = shortcodeAtts(defaults, attr);
    const types: string[] = [...VIDEO_EXTENSIONS];
    let youtube = false;
    let vimeo = false;
    if (atts.src) {
      vimeo = VIMEO.test(atts.src);
      youtube = YOUTUBE.test(atts.src);
      if (
        !youtube &&
        !vimeo &&
        !(VIDEO_EXTENSIONS as readonly string[]).includes(checkFiletype(atts.src).ext.toLowerCase())
      ) {
        return `<a class="wp-embedded-video" href="${escUrl(atts.src)}">${escAttr(atts.src)}</a>`;
      }
      types.unshift('src');
    } else if (!hasFormatFile(atts, VIDEO_EXTENSIONS)) {
      atts.src = attachedFile(ctx, 'video');
      if (!atts.src) return '';
      types.unshift('src');
    }
    // MediaElement.js needs YouTube URLs without `feature` and over https, Vimeo's without arguments but `loop`.
    if (youtube) {
      atts.src = removeQueryArg(atts.src, 'feature').replace(/^http:/i, 'https:');
    } else if (vimeo) {
      const u = /^https?:\/\/([^/?#]+)([^?#]*)/.exec(atts.src)!;
      atts.src = `https://${u[1]}${u[2]}?loop=${atts.loop ? '1' : '0'}`;
    }
    const width = absint(atts.width);
    const html: Array<[string, string | number | boolean]> = [
      ['class', atts.class],
      ['id', `video-${ctx.postId}-${instance}`],
      ['width', width],
      ['height', absint(atts.height)],
      ['poster', escUrl(atts.poster)],
      ['loop', validateBoolean(atts.loop)],
      ['autoplay', validateBoolean(atts.autoplay)],
      ['muted', validateBoolean(atts.muted)],
      ['preload', atts.preload],
    ];
    const optional = ['poster', 'loop', 'autoplay', 'preload', 'muted'];
    const kept = html.filter(([k, v]) => !optional.includes(k) || (v !== false && v !== '' && v !== '0'));
    let out = instance === 1 ? "<!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n" : '';
    out += `<video ${attributes(kept)} controls="controls">`;
    const typeOf = (key: string, url: string) =>
      key === 'src' && youtube ? 'video/youtube' : key === 'src' && vimeo ? 'video/vimeo' : checkFiletype(url).type;
    const { fileurl, html: sourceHtml } = sources(atts, types, instance, typeOf);
    out += sourceHtml;
    // Enclosed content (tracks, mostly) is kept, on one line.
    if (content !== '' && content !== '0')
      out += phpTrim(content.includes('\n') ? content.replace(/\r\n|\n|\t/g, '') : content);
    out += `${fallback(fileurl)}</video>`;
    const widthRule = width ? `width: ${width}px;` : '';
    return `<div style="${widthRule}" class="wp-video">${out}</div>`;
  };
}
