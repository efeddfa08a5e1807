/**
 * [playlist]: wp_playlist_shortcode() (wp-includes/media.php, WordPress 6.4): the audio or video attachments named
 * by `ids` (or attached to the post), a player element, a <noscript> list of links and the tracks as JSON for the
 * playlist script, byte for byte as PHP's template and wp_json_encode() print them (the site's theme sets no
 * $content_width, so the player is 640 wide). The JSON also escapes < and >, so no attachment text can end the
 * script element or open a comment in it.
 */
import { escAttr } from '../../escape';
import { shortcodeAtts, type ShortcodeAtts } from '../grammar';
import type { ShortcodeHandler } from '../registry';
import { checkFiletype } from './filetype';
import { attachmentImageSrc, attachmentLink } from './image';
import type { MediaAttachment, MediaContext } from './port';
import { empty, parseIdList, queryAttachments } from './query';
import { validateBoolean } from './audio-video';
import { intval } from './gallery';

/** A PHP float (from round()): json_encode() writes a whole one as `360.0`. */
class PhpFloat {
  constructor(readonly value: number) {}
}

/** wp_json_encode() with PHP's default flags (slashes and non-ASCII escaped), plus < and > escaped. */
function phpJson(value: unknown): string {
  if (value instanceof PhpFloat) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    return JSON.stringify(value)
      .replace(/\//g, '\\/')
      .replace(/[\u007f-\uffff<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(phpJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  // PHP's empty array() is a JSON list.
  if (!entries.length) return '[]';
  return `{${entries.map(([k, v]) => `${phpJson(k)}:${phpJson(v)}`).join(',')}}`;
}

/** wp_get_attachment_id3_keys( $attachment, 'display' ). */
const ID3_KEYS = ['artist', 'album', 'genre', 'year', 'length_formatted'];

/** PHP's empty() on a metadata value. */
const filled = (v: unknown) =>
  v !== undefined &&
  v !== null &&
  v !== '' &&
  v !== '0' &&
  v !== 0 &&
  v !== false &&
  !(Array.isArray(v) && v.length === 0);

const DEFAULT_WIDTH = 640;
const DEFAULT_HEIGHT = 360;

export function playlistShortcode(ctx: MediaContext, counter: { playlist: number }): ShortcodeHandler {
  return (attr: ShortcodeAtts) => {
    const instance = ++counter.playlist;
    const given = new Map(attr);
    if (!empty(given.get('ids'))) {
      if (empty(given.get('orderby'))) given.set('orderby', 'post__in');
      given.set('include', given.get('ids')!);
    }
    const atts = shortcodeAtts(
      {
        type: 'audio',
        order: 'ASC',
        orderby: 'menu_order ID',
        id: String(ctx.postId),
        include: '',
        exclude: '',
        style: 'light',
        tracklist: '1',
        tracknumbers: '1',
        images: '1',
        artists: '1',
      },
      given,
    );
    const id = intval(atts.id);
    if (atts.type !== 'audio') atts.type = 'video';
    const include = empty(atts.include) ? [] : parseIdList(atts.include);
    const fromChildren = include.length === 0;
    // WordPress 6.4 checks read_post only here, which no anonymous visitor has; the gallery's rule is used instead.
    if (fromChildren && id !== 0 && !ctx.media.canListChildrenOf(id)) return '';
    const attachments =
      fromChildren && id === 0
        ? []
        : queryAttachments(ctx.media, {
            family: atts.type,
            include,
            exclude: fromChildren && !empty(atts.exclude) ? parseIdList(atts.exclude) : [],
            parent: fromChildren ? id : 0,
            order: atts.order,
            orderby: atts.orderby,
          });
    if (!attachments.length) return '';

    const themeWidth = DEFAULT_WIDTH;
    // The last video with a size sets the player's height (PHP reassigns it per track).
    const theme: { height: number | PhpFloat } = { height: DEFAULT_HEIGHT };
    const tracks = attachments.map((attachment) => {
      const meta: Record<string, unknown> = {};
      const track: Record<string, unknown> = {
        src: attachment.url,
        type: checkFiletype(attachment.url).type || false,
        title: attachment.title,
        caption: attachment.caption,
        description: attachment.description,
        meta,
      };
      const stored = attachment.meta;
      if (stored && Object.keys(stored).length) {
        for (const key of ID3_KEYS) if (filled(stored[key])) meta[key] = stored[key];
        if (atts.type === 'video') {
          let width = DEFAULT_WIDTH;
          let height = DEFAULT_HEIGHT;
          if (filled(stored.width) && filled(stored.height)) {
            width = stored.width!;
            height = stored.height!;
            theme.height = new PhpFloat(Math.round((height * themeWidth) / width));
          }
          track.dimensions = { original: { width, height }, resized: { width: themeWidth, height: theme.height } };
        }
      }
      // PHP tests the attribute itself here, so images="false" still shows images.
      if (!empty(atts.images)) Object.assign(track, trackImages(ctx, attachment));
      return track;
    });
    const data = {
      type: atts.type,
      tracklist: validateBoolean(atts.tracklist),
      tracknumbers: validateBoolean(atts.tracknumbers),
      images: validateBoolean(atts.images),
      artists: validateBoolean(atts.artists),
      tracks,
    };

    const type = escAttr(atts.type);
    const style = escAttr(atts.style);
    const height = theme.height instanceof PhpFloat ? theme.height.value : theme.height;
    let out =
      instance === 1 ? `<!--[if lt IE 9]><script>document.createElement('${type}');</script><![endif]-->\n\t` : '';
    out += `<div class="wp-playlist wp-${type}-playlist wp-playlist-${style}">\n\t`;
    if (atts.type === 'audio') out += '\t\t<div class="wp-playlist-current-item"></div>\n\t';
    out += `\t<${type} controls="controls" preload="none" width="${themeWidth}"\n\t\t`;
    if (atts.type === 'video') out += ` height="${Math.trunc(height)}"`;
    out += `\t></${type}>\n\t<div class="wp-playlist-next"></div>\n\t<div class="wp-playlist-prev"></div>\n\t<noscript>\n\t<ol>\n\t\t`;
    for (const attachment of attachments) out += `<li>${attachmentLink(attachment, 'thumbnail', false)}</li>`;
    out += `\t</ol>\n\t</noscript>\n\t<script type="application/json" class="wp-playlist-script">${phpJson(data)}</script>\n</div>\n\t`;
    return out;
  };
}

/** A track's `image` and `thumb`: its own featured image (album art), else the MIME type's icon (48×64). */
function trackImages(ctx: MediaContext, attachment: MediaAttachment): Record<string, unknown> {
  const thumbId = attachment.featured_media ?? 0;
  if (thumbId) {
    const thumb = ctx.media.attachment(thumbId);
    const pick = (size: string) => {
      const s = thumb ? attachmentImageSrc(thumb, size) : false;
      return s ? { src: s.src, width: s.width, height: s.height } : { src: null, width: null, height: null };
    };
    return { image: pick('full'), thumb: pick('thumbnail') };
  }
  const icon = { src: ctx.media.mimeIcon(attachment.mime_type), width: 48, height: 64 };
  return { image: icon, thumb: { ...icon } };
}
