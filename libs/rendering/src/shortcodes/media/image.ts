/**
 * The attachment image helpers the gallery uses (wp-includes/media.php and post-template.php, WordPress 6.4):
 * image_downsize() / wp_get_attachment_image_src(), wp_get_attachment_image() with its srcset and sizes, and
 * wp_get_attachment_link(). The site's theme sets no $content_width, so sizes are constrained by their own limits.
 */
import { escAttr, escUrl } from '../../escape';
import type { MediaAttachment, MediaMeta } from './port';

/** The registered sizes' limits (options thumbnail_size_w... and add_image_size() of 1536/2048). */
const SIZE_LIMITS: ReadonlyMap<string, [number, number]> = new Map([
  ['thumb', [150, 150]],
  ['thumbnail', [150, 150]],
  ['medium', [300, 300]],
  ['medium_large', [768, 0]],
  ['large', [1024, 1024]],
  ['1536x1536', [1536, 1536]],
  ['2048x2048', [2048, 2048]],
]);

/** PHP's round(): halves away from zero. */
const phpRound = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** wp_constrain_dimensions(). */
export function constrainDimensions(width: number, height: number, maxWidth = 0, maxHeight = 0): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) {
    widthRatio = maxWidth / width;
    didWidth = true;
  }
  if (maxHeight > 0 && height > 0 && height > maxHeight) {
    heightRatio = maxHeight / height;
    didHeight = true;
  }
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  // The larger ratio would overflow one side: take the smaller one.
  const ratio = phpRound(width * larger) > maxWidth || phpRound(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, phpRound(width * ratio));
  let h = Math.max(1, phpRound(height * ratio));
  // Rounding can leave a result one pixel short of the box.
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

/** image_constrain_size_for_editor() in the display context: 'full' and unknown names are not constrained. */
function constrainForDisplay(width: number, height: number, size: string): [number, number] {
  const limits = SIZE_LIMITS.get(size);
  return limits ? constrainDimensions(width, height, limits[0], limits[1]) : [width, height];
}

const isImage = (a: MediaAttachment) => a.mime_type.startsWith('image/');
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const absint = (n: unknown) => Math.abs(Math.trunc(Number(n) || 0));

export interface ImageSrc {
  src: string;
  width: number;
  height: number;
  intermediate: boolean;
}

/** image_downsize() / wp_get_attachment_image_src( $id, $size ) without icons: false for what is not an image. */
export function attachmentImageSrc(a: MediaAttachment, size: string): ImageSrc | false {
  const meta = a.meta ?? {};
  let url = a.url;
  let width = 0;
  let height = 0;
  let intermediate = false;
  if (!url) return false;
  const urlBase = basename(url.split(/[?#]/)[0]!);
  if (!isImage(a)) {
    // A file with a rendered preview (a PDF's) shows that; anything else has no image.
    const full = meta.sizes?.full;
    if (!full) return false;
    url = url.replace(urlBase, full.file);
    width = full.width;
    height = full.height;
  }
  const sub = isImage(a) && size !== 'full' ? meta.sizes?.[size] : undefined;
  if (sub?.file) {
    url = url.replace(urlBase, sub.file);
    width = sub.width;
    height = sub.height;
    intermediate = true;
  }
  if (!width && !height && meta.width !== undefined && meta.height !== undefined) {
    width = meta.width;
    height = meta.height;
  }
  [width, height] = constrainForDisplay(width, height, size);
  return { src: url, width, height, intermediate };
}

/** wp_image_matches_ratio(): the two sizes have the same proportions, within a pixel. */
function matchesRatio(sourceWidth: number, sourceHeight: number, targetWidth: number, targetHeight: number): boolean {
  const [constrained, expected] =
    sourceWidth > targetWidth
      ? [constrainDimensions(sourceWidth, sourceHeight, targetWidth), [targetWidth, targetHeight]]
      : [constrainDimensions(targetWidth, targetHeight, sourceWidth), [sourceWidth, sourceHeight]];
  return Math.abs(constrained[0] - expected[0]!) <= 1 && Math.abs(constrained[1] - expected[1]!) <= 1;
}

const MAX_SRCSET_WIDTH = 2048;

/** wp_calculate_image_srcset(): the same image's files of the same proportions, the src first; false for fewer than two. */
export function calculateSrcset(
  sizeArray: [number, number],
  src: string,
  meta: MediaMeta | null,
  baseUrl: string,
): string | false {
  if (!meta?.sizes || !Object.keys(meta.sizes).length || typeof meta.file !== 'string' || meta.file.length < 4)
    return false;
  const [imageWidth, imageHeight] = sizeArray;
  if (imageWidth < 1) return false;
  const candidates: Array<{ file: string; width: number; height: number; mime_type?: string }> = Object.values(
    meta.sizes,
  );
  // Animated GIFs are flattened in their sizes: a full-size GIF src gets no srcset, a sized one leaves the full out.
  if (meta.sizes.thumbnail?.mime_type !== 'image/gif')
    candidates.push({ file: basename(meta.file), width: meta.width ?? 0, height: meta.height ?? 0 });
  else if (src.includes(meta.file)) return false;

  const dirname = meta.file.includes('/') ? meta.file.slice(0, meta.file.lastIndexOf('/') + 1) : '';
  const sources = new Map<number, string>();
  let first: [number, string] | undefined;
  let srcMatched = false;
  for (const image of candidates) {
    let isSrc = false;
    if (!srcMatched && src.includes(dirname + image.file)) {
      srcMatched = true;
      isSrc = true;
    }
    if (image.width > MAX_SRCSET_WIDTH && !isSrc) continue;
    if (!matchesRatio(imageWidth, imageHeight, image.width, image.height)) continue;
    const url = baseUrl + image.file;
    // The src goes first (an iOS 8 bug); a later file of the same width replaces an earlier one.
    if (isSrc) {
      sources.delete(image.width);
      first = [image.width, url];
    } else if (first?.[0] === image.width) {
      first = [image.width, url];
    } else {
      sources.set(image.width, url);
    }
  }
  const ordered = first ? [first, ...sources] : [...sources];
  if (!srcMatched || ordered.length < 2) return false;
  return ordered.map(([width, url]) => `${url.replace(/ /g, '%20')} ${width}w`).join(', ');
}

/** wp_get_attachment_image(): the img element, or '' when the attachment has no image. Every value escaped. */
export function attachmentImage(a: MediaAttachment, size: string, attr: ReadonlyArray<[string, string]> = []): string {
  const image = attachmentImageSrc(a, size);
  if (!image) return '';
  const attrs = new Map<string, string>([
    ['src', image.src],
    ['class', `attachment-${size} size-${size}`],
    ['alt', a.alt.replace(/<[^>]*>/g, '').trim()],
  ]);
  for (const [name, value] of attr) attrs.set(name, value);
  const baseUrl = image.src.slice(0, image.src.lastIndexOf('/') + 1);
  const srcset = calculateSrcset([absint(image.width), absint(image.height)], image.src, a.meta, baseUrl);
  if (srcset && absint(image.width)) {
    attrs.set('srcset', srcset);
    attrs.set('sizes', `(max-width: ${absint(image.width)}px) 100vw, ${absint(image.width)}px`);
  }
  // image_hwstring(): only the sides that are known.
  let html = '<img';
  if (image.width) html += ` width="${absint(image.width)}"`;
  if (image.height) html += ` height="${absint(image.height)}"`;
  for (const [name, value] of attrs) html += ` ${name}="${escAttr(value)}"`;
  return `${html} />`;
}

/** esc_html() for text between tags: as esc_attr(). */
const escHtml = escAttr;

/**
 * wp_get_attachment_link( $id, $size, $permalink ): the image (or the title, or the file name) linking to the file
 * or to the attachment's page. WordPress prints the title unescaped; it is escaped here.
 */
export function attachmentLink(
  a: MediaAttachment | undefined,
  size: string,
  permalink: boolean,
  attr: ReadonlyArray<[string, string]> = [],
): string {
  if (!a || !a.url) return 'Missing Attachment';
  const url = permalink ? a.link : a.url;
  let text = size && size !== 'none' ? attachmentImage(a, size, attr) : '';
  if (text.trim() === '') text = escHtml(a.title);
  if (text.trim() === '') text = escHtml(fileName(a.url));
  return `<a href='${escUrl(url)}'>${text}</a>`;
}

/** pathinfo( $file, PATHINFO_FILENAME ). */
function fileName(url: string): string {
  const base = basename(url.split(/[?#]/)[0]!);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** wp_image_src_get_dimensions(): the size of the file a src names, the full image or one of its sizes. */
export function imageSrcGetDimensions(src: string, meta: MediaMeta | null): [number, number] | false {
  if (!meta) return false;
  if (typeof meta.file === 'string' && src.includes(basename(meta.file)))
    return [Math.trunc(Number(meta.width) || 0), Math.trunc(Number(meta.height) || 0)];
  const name = basename(src);
  for (const size of Object.values(meta.sizes ?? {}))
    if (size.file === name) return [Math.trunc(size.width), Math.trunc(size.height)];
  return false;
}

const srcOf = (image: string) => (/src="([^"]+)"/.exec(image)?.[1] ?? '').split('?')[0]!;

/** wp_img_tag_add_width_and_height_attr(): the file's size (scaled to an inline style width), right after `<img`. */
export function imgTagAddWidthAndHeight(image: string, meta: MediaMeta | null): string {
  const src = srcOf(image);
  if (!src) return image;
  const size = imageSrcGetDimensions(src, meta);
  if (!size) return image;
  const styleWidth = Number(/style="width:\s*(\d+)px;"/.exec(image)?.[1] ?? 0);
  if (styleWidth) {
    size[1] = phpRound((size[1] * styleWidth) / size[0]);
    size[0] = styleWidth;
  }
  const hw = [size[0] ? `width="${size[0]}"` : '', size[1] ? `height="${size[1]}"` : ''].filter(Boolean).join(' ');
  return hw ? image.replace('<img', `<img ${hw}`) : image;
}

/** wp_image_add_srcset_and_sizes(): srcset and sizes for an image of the attachment, from its metadata. */
export function imageAddSrcsetAndSizes(image: string, meta: MediaMeta | null): string {
  if (!meta?.sizes || !Object.keys(meta.sizes).length) return image;
  const src = srcOf(image);
  if (!src) return image;
  // An image inserted, then edited: the tag names another edit of the file than the metadata.
  const edit = typeof meta.file === 'string' ? /-e[0-9]{13}/.exec(meta.file) : null;
  if (edit && !basename(src).includes(edit[0])) return image;
  const width = Number(/ width="([0-9]+)"/.exec(image)?.[1] ?? 0);
  const height = Number(/ height="([0-9]+)"/.exec(image)?.[1] ?? 0);
  const size = width && height ? ([width, height] as [number, number]) : imageSrcGetDimensions(src, meta);
  if (!size) return image;
  const baseUrl = src.slice(0, src.lastIndexOf('/') + 1);
  const srcset = calculateSrcset(size, src, meta, baseUrl);
  if (!srcset) return image;
  let attr = ` srcset="${escAttr(srcset)}"`;
  // An existing sizes attribute is kept; else the default for the image's width.
  if (!image.includes(' sizes=')) {
    if (!size[0]) return image;
    attr += ` sizes="${escAttr(`(max-width: ${size[0]}px) 100vw, ${size[0]}px`)}"`;
  }
  return image.replace(/<img ([^>]+?)[/ ]*>/, `<img $1${attr} />`);
}
