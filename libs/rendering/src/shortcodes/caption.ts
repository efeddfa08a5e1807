/**
 * [caption] and its old name [wp_caption]: img_caption_shortcode() (wp-includes/media.php, WordPress 6.1–6.4).
 * Loom's themes declare html5 captions, as block themes do, so the default output is <figure>/<figcaption>; the
 * pre-HTML5 <div>/<p> output (10px wider, aria-describedby on the image) is kept for themes that do not.
 */
import { escAttr, sanitizeHtmlClass } from '../escape';
import { sanitizePostContent } from '../sanitize';
import { phpTrim } from '../texturize';
import { shortcodeAtts, type ShortcodeAtts } from './grammar';
import type { ShortcodeHandler } from './registry';

const DEFAULTS = { id: '', caption_id: '', align: 'alignnone', width: '', caption: '', class: '' };
const INT64_MAX = 2n ** 63n - 1n;

/**
 * PHP's (int) of a string: leading whitespace, a sign and digits, a fraction or exponent truncated, anything after
 * ignored; 0 when there is no number. Out of range, PHP caps it at the 64-bit limits.
 */
export function phpIntval(text: string): bigint {
  const m = /^[ \t\n\r\v\f]*([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?/.exec(text);
  if (!m) return 0n;
  const [, sign, number, exponent] = m;
  const limit = sign === '-' ? INT64_MAX + 1n : INT64_MAX;
  let magnitude: bigint;
  if (exponent === undefined && !number.includes('.')) {
    magnitude = BigInt(number);
  } else {
    // Out of range PHP caps the number, but an infinite one is 0.
    const value = Math.trunc(Math.abs(Number(`${number}e${exponent ?? 0}`)));
    if (!Number.isFinite(value)) return 0n;
    magnitude = BigInt(value);
  }
  if (magnitude > limit) magnitude = limit;
  return sign === '-' ? -magnitude : magnitude;
}

// PHP's truthiness of a string: '' and '0' are false.
const truthy = (value: string) => value !== '' && value !== '0';

/** img_caption_shortcode(). */
export function captionShortcode(options: { html5: boolean } = { html5: true }): ShortcodeHandler {
  return (attr: ShortcodeAtts, content: string, _tag, shortcodes) => {
    const given = new Map(attr);
    let image = content;
    const caption = given.get('caption');
    if (caption === undefined) {
      // New style: the caption is the text after the image (and its link) inside the shortcode.
      const m = /((?:<a [^>]+>[\t\n\v\f\r ]*)?<img [^>]+>(?:[\t\n\v\f\r ]*<\/a>)?)([\s\S]*)/i.exec(content);
      if (m) {
        image = m[1];
        given.set('caption', phpTrim(m[2]));
      }
    } else if (caption.includes('<')) {
      given.set('caption', sanitizePostContent(caption));
    }

    const atts = shortcodeAtts(DEFAULTS, given);
    const width = phpIntval(atts.width);
    if (width < 1n || !truthy(atts.caption)) return image;

    let id = '';
    if (truthy(atts.id)) {
      atts.id = sanitizeHtmlClass(atts.id);
      id = `id="${escAttr(atts.id)}" `;
    }
    if (truthy(atts.caption_id)) atts.caption_id = sanitizeHtmlClass(atts.caption_id);
    else if (truthy(atts.id)) atts.caption_id = `caption-${atts.id.replace(/_/g, '-')}`;
    let captionId = '';
    let describedBy = '';
    if (truthy(atts.caption_id)) {
      captionId = `id="${escAttr(atts.caption_id)}" `;
      describedBy = `aria-describedby="${escAttr(atts.caption_id)}" `;
    }

    const className = escAttr(phpTrim(`wp-caption ${atts.align} ${atts.class}`));
    // HTML5 captions never added the 10px the old markup gives the image (past PHP's integers, that wraps).
    const wide = width + 10n > INT64_MAX ? -INT64_MAX - 1n : width + 10n;
    const style = `style="width: ${options.html5 ? width : wide}px" `;
    const inner = shortcodes.doShortcode(image);
    if (options.html5) {
      return `<figure ${id}${describedBy}${style}class="${className}">${inner}<figcaption ${captionId}class="wp-caption-text">${atts.caption}</figcaption></figure>`;
    }
    return `<div ${id}${style}class="${className}">${inner.split('<img ').join(`<img ${describedBy}`)}<p ${captionId}class="wp-caption-text">${atts.caption}</p></div>`;
  };
}
