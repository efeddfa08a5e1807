import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { imageTooLarge, MediaError, mediaError } from './errors';
import { readImageMeta } from './image-meta';
import {
  BIG_IMAGE_THRESHOLD,
  DEFAULT_IMAGE_SIZES,
  DEFAULT_MAX_PIXELS,
  resizeDimensions,
  type ResizePlan,
} from './sizes';
import type {
  ImageMeta,
  ImageMetadata,
  ImageSizeSpec,
  ImageSources,
  ImageSubSize,
  OutputFile,
  ProcessImageOptions,
  ProcessedImage,
} from './types';

/** Formats sharp reads and writes and WordPress makes sub-sizes of (its GD/Imagick editors' list). */
const PROCESSABLE: Readonly<Record<string, 'jpeg' | 'png' | 'gif' | 'webp'>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Images WordPress calls displayable but cannot resize: it records their size and no sub-sizes. */
const SIZE_ONLY = new Set(['image/bmp', 'image/x-icon']);

/** Does processImage handle this type? Other images (tiff, heic) get fileMetadata, as WordPress 6.4 gives them. */
export function canProcessImage(mime: string): boolean {
  return mime in PROCESSABLE || SIZE_ONLY.has(mime);
}

/** wp_editor_set_quality's defaults. */
const JPEG_QUALITY = 82;
const WEBP_QUALITY = 86;
/** The WebP copies' quality (Performance Lab encodes them at the JPEG default). */
const WEBP_COPY_QUALITY = 82;

/** WordPress's sub-size creation order (_wp_make_subsizes' priority list, then the registered order). */
const PRIORITY = ['medium', 'large', 'thumbnail', 'medium_large'];

const invalidImage = (): MediaError => mediaError('invalid_image');

/** sharp failures mapped to WordPress-style errors; anything else is not ours to hide. */
function imageError(err: unknown, maxPixels: number): MediaError {
  if (err instanceof MediaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return imageTooLarge(maxPixels);
  return invalidImage();
}

function splitPath(file: string): { dir: string; fname: string; ext: string } {
  const slash = file.lastIndexOf('/');
  const dir = slash >= 0 ? file.slice(0, slash + 1) : '';
  const base = file.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? { dir, fname: base.slice(0, dot), ext: base.slice(dot + 1) } : { dir, fname: base, ext: '' };
}

const basename = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

interface Source {
  bytes: Uint8Array;
  mime: string;
  maxPixels: number;
  /** Oriented size (EXIF orientation applied). */
  width: number;
  height: number;
}

function open(src: Source): Sharp {
  return sharp(src.bytes, { autoOrient: true, limitInputPixels: src.maxPixels, failOn: 'error' });
}

function encode(img: Sharp, mime: string): Sharp {
  switch (PROCESSABLE[mime]) {
    case 'jpeg':
      return img.jpeg({ quality: JPEG_QUALITY });
    case 'png':
      return img.png();
    case 'gif':
      return img.gif();
    case 'webp':
      return img.webp({ quality: WEBP_QUALITY });
    default:
      throw mediaError('rest_unknown_image_file_type');
  }
}

/** A WebP copy of already resized pixels when the source format is one Performance Lab converts (JPEG; PNG
 * losslessly), kept only if it is smaller than the file it copies. */
async function webpCopy(raw: { data: Buffer; info: OutputInfo }, mime: string, size: number): Promise<Buffer | null> {
  if (mime !== 'image/jpeg' && mime !== 'image/png') return null;
  const { width, height, channels } = raw.info;
  const out = await sharp(raw.data, { raw: { width, height, channels } })
    .webp(mime === 'image/png' ? { lossless: true } : { quality: WEBP_COPY_QUALITY })
    .toBuffer();
  return out.length < size ? out : null;
}

/** Decode (oriented), resize along `plan`, encode in the source's format and, if asked, as WebP. */
async function render(
  src: Source,
  plan: ResizePlan | null,
  webp: boolean,
): Promise<{ bytes: Buffer; webp: Buffer | null; width: number; height: number }> {
  let img = open(src);
  if (plan) {
    if (plan.srcX || plan.srcY || plan.srcW !== src.width || plan.srcH !== src.height) {
      // Crop after resizing (the same region, scaled): extracting first would make libvips decode a JPEG at
      // full size instead of shrinking it on load.
      const scale = plan.width / plan.srcW;
      const rw = Math.max(plan.width, Math.round(src.width * scale));
      const rh = Math.max(plan.height, Math.round(src.height * (plan.height / plan.srcH)));
      const left = Math.min(Math.round(plan.srcX * scale), rw - plan.width);
      const top = Math.min(Math.round(plan.srcY * (plan.height / plan.srcH)), rh - plan.height);
      img = img.resize(rw, rh, { fit: 'fill' }).extract({ left, top, width: plan.width, height: plan.height });
    } else {
      img = img.resize(plan.width, plan.height, { fit: 'fill' });
    }
  }
  const raw = await img.raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = raw.info;
  const bytes = await encode(sharp(raw.data, { raw: { width, height, channels } }), src.mime).toBuffer();
  return { bytes, webp: webp ? await webpCopy(raw, src.mime, bytes.length) : null, width, height };
}

/** The Performance Lab `sources` entry of a file and its WebP copy, plus the copy to store. */
function withWebp(
  file: string,
  dir: string,
  bytes: Buffer,
  mime: string,
  copy: Buffer | null,
): { sources?: ImageSources; extra?: OutputFile } {
  if (!copy) return {};
  const { fname, ext } = splitPath(file);
  const webpName = `${fname}-${ext.toLowerCase()}.webp`;
  const sources: ImageSources = Object.create(null);
  sources[mime] = { file, filesize: bytes.length };
  sources['image/webp'] = { file: webpName, filesize: copy.length };
  return { sources: { ...sources }, extra: { file: dir + webpName, bytes: copy, mime: 'image/webp' } };
}

/** Make the named sizes from the (oriented) original; one file per distinct dimension, as WordPress
 * overwrites a size file another size already produced. */
async function makeSubsizes(
  src: Source,
  names: string[],
  sizes: Readonly<Record<string, ImageSizeSpec>>,
  baseFile: string,
  webp: boolean,
): Promise<{ sizes: Record<string, ImageSubSize>; files: OutputFile[] }> {
  const { dir, fname, ext } = splitPath(baseFile);
  const plans = new Map<string, ResizePlan>();
  for (const name of names) {
    const plan = resizeDimensions(src.width, src.height, sizes[name]);
    if (plan) plans.set(name, plan);
  }
  const byKey = new Map<string, Promise<{ bytes: Buffer; webp: Buffer | null; width: number; height: number }>>();
  for (const plan of plans.values()) {
    const key = `${plan.width}x${plan.height}:${plan.srcX},${plan.srcY},${plan.srcW},${plan.srcH}`;
    if (!byKey.has(key)) byKey.set(key, render(src, plan, webp));
  }
  const rendered = new Map<string, Awaited<ReturnType<typeof render>>>();
  await Promise.all([...byKey].map(async ([key, p]) => rendered.set(key, await p)));

  const out: Record<string, ImageSubSize> = {};
  const files = new Map<string, OutputFile>();
  for (const [name, plan] of plans) {
    const r = rendered.get(
      `${plan.width}x${plan.height}:${plan.srcX},${plan.srcY},${plan.srcW},${plan.srcH}`,
    ) as Awaited<ReturnType<typeof render>>;
    const file = `${fname}-${r.width}x${r.height}${ext ? `.${ext}` : ''}`;
    files.set(dir + file, { file: dir + file, bytes: r.bytes, mime: src.mime });
    const { sources, extra } = withWebp(file, dir, r.bytes, src.mime, r.webp);
    if (extra) files.set(extra.file, extra);
    // WordPress's key order as the REST answer shows it (mime-type renamed, so after filesize).
    out[name] = {
      file,
      width: r.width,
      height: r.height,
      filesize: r.bytes.length,
      mime_type: src.mime,
      ...(sources ? { sources } : {}),
    };
  }
  return { sizes: out, files: [...files.values()] };
}

function orderedNames(sizes: Readonly<Record<string, ImageSizeSpec>>): string[] {
  const names = Object.keys(sizes);
  return [...PRIORITY.filter((n) => names.includes(n)), ...names.filter((n) => !PRIORITY.includes(n))];
}

/** Width/height from a BMP or ICO header (WordPress records them; no editor of its resizes these). */
function headerSize(bytes: Uint8Array, mime: string): { width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mime === 'image/bmp' && b.length >= 26 && b.toString('latin1', 0, 2) === 'BM') {
    const headerSize = b.readUInt32LE(14);
    if (headerSize === 12) return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
    return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
  }
  if (mime === 'image/x-icon' && b.length >= 8 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1) {
    // The first entry's size; 0 means 256.
    return { width: b[6] || 256, height: b[7] || 256 };
  }
  return null;
}

async function readSource(
  bytes: Uint8Array,
  mime: string,
  maxPixels: number,
): Promise<{ src: Source; meta: Metadata }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (err) {
    throw imageError(err, maxPixels);
  }
  // The bytes must be the format the type says (detectType decided it): never let sharp render, say, an SVG
  // handed in as image/jpeg.
  if (!meta.width || !meta.height || meta.format !== PROCESSABLE[mime]) throw invalidImage();
  // The pixel guard runs on the header, before anything is decoded.
  if (meta.width * meta.height > maxPixels) throw imageTooLarge(maxPixels);
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    meta,
    src: {
      bytes,
      mime,
      maxPixels,
      width: rotated ? meta.height : meta.width,
      height: rotated ? meta.width : meta.height,
    },
  };
}

/**
 * wp_create_image_subsizes with sharp. EXIF orientation is applied; a non-PNG image wider or taller than the
 * threshold gets `name-scaled.ext` (fit in threshold²) as its attached file, an oriented one under it gets
 * `name-rotated.ext` (both keep `original_image`, and `image_meta.orientation` becomes 1); sub-sizes
 * `name-{w}x{h}.ext` are made from the original only where it is larger; `image_meta` from EXIF/IPTC; WebP
 * copies in `sources` where smaller. BMP and ICO get their size and no sub-sizes, as in WordPress.
 * Throws MediaError: `rest_upload_image_too_large` 400 (pixel limit, checked on the header before decoding),
 * `invalid_image` 400 "File is not an image." (bytes sharp cannot read),
 * `rest_unknown_image_file_type` 500 (a type canProcessImage refuses).
 */
export async function processImage(bytes: Uint8Array, opts: ProcessImageOptions): Promise<ProcessedImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const sizes = opts.sizes ?? DEFAULT_IMAGE_SIZES;
  const webp = opts.webp ?? true;
  const threshold = opts.bigImageThreshold ?? BIG_IMAGE_THRESHOLD;
  const emptyMeta = readImageMeta(undefined, undefined);

  if (SIZE_ONLY.has(opts.mime)) {
    const size = headerSize(bytes, opts.mime);
    if (!size) throw invalidImage();
    if (size.width * size.height > maxPixels) throw imageTooLarge(maxPixels);
    return {
      metadata: { ...size, file: opts.file, filesize: bytes.length, sizes: {}, image_meta: emptyMeta },
      files: [],
    };
  }
  if (!(opts.mime in PROCESSABLE)) throw mediaError('rest_unknown_image_file_type');

  const { src, meta } = await readSource(bytes, opts.mime, maxPixels);
  const imageMeta: ImageMeta = readImageMeta(meta.exif, meta.iptc, meta.format);
  const metadata: ImageMetadata = {
    width: meta.width as number,
    height: meta.height as number,
    file: opts.file,
    filesize: bytes.length,
    sizes: {},
    image_meta: imageMeta,
  };
  const files: OutputFile[] = [];
  const { dir, fname, ext } = splitPath(opts.file);
  const oriented = (meta.orientation ?? 1) !== 1;
  try {
    let suffix: 'scaled' | 'rotated' | null = null;
    let plan: ResizePlan | null = null;
    if (opts.mime !== 'image/png' && threshold && (src.width > threshold || src.height > threshold)) {
      suffix = 'scaled';
      plan = resizeDimensions(src.width, src.height, { width: threshold, height: threshold, crop: false });
    } else if (oriented) {
      suffix = 'rotated';
    }
    let main: { bytes: Uint8Array; webp: Buffer | null; file: string };
    if (suffix) {
      const r = await render(src, plan, webp);
      const file = `${fname}-${suffix}${ext ? `.${ext}` : ''}`;
      files.push({ file: dir + file, bytes: r.bytes, mime: opts.mime });
      Object.assign(metadata, { width: r.width, height: r.height, file: dir + file, filesize: r.bytes.length });
      metadata.original_image = basename(opts.file);
      if (oriented) imageMeta.orientation = 1;
      main = { bytes: r.bytes, webp: r.webp, file };
    } else {
      // The full-size copy needs the whole image decoded: only for sizes an attached file normally has.
      const small = src.width * src.height <= BIG_IMAGE_THRESHOLD * BIG_IMAGE_THRESHOLD;
      let copy: Buffer | null = null;
      if (webp && small && (opts.mime === 'image/jpeg' || opts.mime === 'image/png')) {
        copy = await open(src)
          .webp(opts.mime === 'image/png' ? { lossless: true } : { quality: WEBP_COPY_QUALITY })
          .toBuffer();
        if (copy.length >= bytes.length) copy = null;
      }
      main = { bytes, webp: copy, file: basename(opts.file) };
    }
    const sub = await makeSubsizes(src, orderedNames(sizes), sizes, opts.file, webp);
    metadata.sizes = sub.sizes;
    files.push(...sub.files);
    const { sources, extra } = withWebp(main.file, dir, Buffer.from(main.bytes), opts.mime, main.webp);
    if (sources && extra) {
      metadata.sources = sources;
      files.push(extra);
    }
  } catch (err) {
    throw imageError(err, maxPixels);
  }
  return { metadata, files };
}

/** wp_get_missing_image_subsizes: names of the sizes the original could produce that metadata lacks, in the
 * registered order. `original` = the uploaded original's oriented size when metadata describes a `-scaled`
 * copy (default: metadata's own size, which gives the same answer for the default sizes, all under 2560). */
export function missingImageSizes(
  metadata: ImageMetadata,
  sizes: Readonly<Record<string, ImageSizeSpec>> = DEFAULT_IMAGE_SIZES,
  original?: { width: number; height: number },
): string[] {
  const w = original?.width ?? metadata.width;
  const h = original?.height ?? metadata.height;
  if (!w || !h) return Object.keys(sizes);
  const have = metadata.sizes ?? {};
  return Object.keys(sizes).filter(
    (name) => !Object.prototype.hasOwnProperty.call(have, name) && resizeDimensions(w, h, sizes[name]) !== null,
  );
}

/** post-process `create-image-subsizes` (wp_update_image_subsizes): make the missing sizes from the original's
 * bytes (the file metadata.original_image names if set, else metadata.file); answers the completed metadata
 * (existing sizes first, then the new ones in WordPress's order) and the new files to store. */
export async function createMissingSizes(
  originalBytes: Uint8Array,
  metadata: ImageMetadata,
  opts: Omit<ProcessImageOptions, 'file' | 'bigImageThreshold'>,
): Promise<ProcessedImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const sizes = opts.sizes ?? DEFAULT_IMAGE_SIZES;
  if (!(opts.mime in PROCESSABLE)) return { metadata, files: [] };
  const { src } = await readSource(originalBytes, opts.mime, maxPixels);
  const missing = missingImageSizes(metadata, sizes, { width: src.width, height: src.height });
  if (missing.length === 0) return { metadata, files: [] };
  const { dir } = splitPath(metadata.file);
  const originalFile = dir + (metadata.original_image ?? basename(metadata.file));
  try {
    const sub = await makeSubsizes(
      src,
      orderedNames(sizes).filter((n) => missing.includes(n)),
      sizes,
      originalFile,
      opts.webp ?? true,
    );
    return { metadata: { ...metadata, sizes: { ...metadata.sizes, ...sub.sizes } }, files: sub.files };
  } catch (err) {
    throw imageError(err, maxPixels);
  }
}

/** wp_image_file_matches_image_meta: does `location` (a URL or path, query ignored) end with the attached
 * file, or with the folder plus the original or a size's file? (POST /edit's `src` check; else
 * rest_unknown_attachment 404.) */
export function imageFileMatchesMeta(location: string, metadata: ImageMetadata): boolean {
  if (!metadata || typeof metadata.file !== 'string' || metadata.file.length <= 4) return false;
  const path = location.split('?')[0];
  if (path.endsWith(metadata.file)) return true;
  const { dir } = splitPath(metadata.file);
  if (metadata.original_image && path.endsWith(dir + metadata.original_image)) return true;
  return Object.values(metadata.sizes ?? {}).some((s) => typeof s?.file === 'string' && path.endsWith(dir + s.file));
}
