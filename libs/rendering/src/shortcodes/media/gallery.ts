/**
 * [gallery]: gallery_shortcode() (wp-includes/media.php, WordPress 6.4) with the HTML5 markup block themes get
 * (add_theme_support( 'html5', 'gallery' ) is implied for them): no inline style, <figure>/<div>/<figcaption>.
 * Images and links come from wp_get_attachment_image() / wp_get_attachment_link(), captions are texturized.
 */
import { sanitizeHtmlClass } from '../../escape';
import { phpIntval } from '../caption';
import { ALLOWED_POST_TAGS } from '../../kses';
import { wptexturize } from '../../texturize';
import { shortcodeAtts, type ShortcodeAtts } from '../grammar';
import type { ShortcodeHandler } from '../registry';
import { attachmentImage, attachmentLink } from './image';
import type { MediaContext } from './port';
import { empty, parseIdList, queryAttachments } from './query';

/** tag_escape(). */
const tagEscape = (name: string) => name.replace(/[^a-zA-Z0-9_:-]/g, '').toLowerCase();
const validTag = (name: string, fallback: string) => (Object.hasOwn(ALLOWED_POST_TAGS, name) ? name : fallback);

/** PHP's (int) of an attribute (columns, id); beyond the safe integers (no post has such an id) it is 0. */
export const intval = (value: string): number => {
  const n = phpIntval(value);
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : 0;
};

/** `instance`: this rendering's gallery counter (PHP's static $instance). */
export function galleryShortcode(ctx: MediaContext, counter: { gallery: number }): ShortcodeHandler {
  return (attr: ShortcodeAtts) => {
    const instance = ++counter.gallery;
    const given = new Map(attr);
    if (!empty(given.get('ids'))) {
      // 'ids' is explicitly ordered, unless you specify otherwise.
      if (empty(given.get('orderby'))) given.set('orderby', 'post__in');
      given.set('include', given.get('ids')!);
    }
    const atts = shortcodeAtts(
      {
        order: 'ASC',
        orderby: 'menu_order ID',
        id: String(ctx.postId),
        itemtag: 'figure',
        icontag: 'div',
        captiontag: 'figcaption',
        columns: '3',
        size: 'thumbnail',
        include: '',
        exclude: '',
        link: '',
      },
      given,
    );
    const id = intval(atts.id);
    const include = empty(atts.include) ? [] : parseIdList(atts.include);
    const fromChildren = include.length === 0;
    const parent = fromChildren ? id : 0;
    // Terminate if the reader may not see the post whose attachments are listed, or it needs a password.
    if (fromChildren && parent !== 0 && !ctx.media.canListChildrenOf(parent)) return '';
    const attachments =
      fromChildren && parent === 0
        ? []
        : queryAttachments(ctx.media, {
            family: 'image',
            include,
            exclude: fromChildren && !empty(atts.exclude) ? parseIdList(atts.exclude) : [],
            parent,
            order: atts.order,
            orderby: atts.orderby,
          });
    if (!attachments.length) return '';

    const itemtag = validTag(tagEscape(atts.itemtag), 'dl');
    const captiontag = validTag(tagEscape(atts.captiontag), 'dd');
    const icontag = validTag(tagEscape(atts.icontag), 'dt');
    const columns = intval(atts.columns);
    const selector = `gallery-${instance}`;
    const sizeClass = sanitizeHtmlClass(atts.size);
    let output = `<div id='${selector}' class='gallery galleryid-${id} gallery-columns-${columns} gallery-size-${sizeClass}'>`;

    for (const attachment of attachments) {
      const hasCaption = attachment.caption.trim() !== '';
      const attr: Array<[string, string]> = hasCaption ? [['aria-describedby', `${selector}-${attachment.id}`]] : [];
      const imageOutput =
        atts.link === 'file'
          ? attachmentLink(attachment, atts.size, false, attr)
          : atts.link === 'none'
            ? attachmentImage(attachment, atts.size, attr)
            : attachmentLink(attachment, atts.size, true, attr);
      const meta = attachment.meta;
      const orientation =
        meta && meta.width !== undefined && meta.height !== undefined
          ? meta.height > meta.width
            ? 'portrait'
            : 'landscape'
          : '';
      output += `<${itemtag} class='gallery-item'>`;
      output += `\n\t\t\t<${icontag} class='gallery-icon ${orientation}'>\n\t\t\t\t${imageOutput}\n\t\t\t</${icontag}>`;
      if (captiontag && hasCaption) {
        output += `\n\t\t\t\t<${captiontag} class='wp-caption-text gallery-caption' id='${selector}-${attachment.id}'>\n\t\t\t\t${wptexturize(attachment.caption)}\n\t\t\t\t</${captiontag}>`;
      }
      output += `</${itemtag}>`;
    }
    return `${output}\n\t\t</div>\n`;
  };
}
