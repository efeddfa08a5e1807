import exifReader from 'exif-reader';
import type { ImageMeta } from './types';

/** PHP's float-to-string (precision 14), so 1/3 reads `0.33333333333333` as WordPress stores it. */
function phpFloat(n: number): string {
  if (!Number.isFinite(n)) return '0';
  return String(Number(n.toPrecision(14)));
}

/** wp_exif_frac2dec: numbers as they are, `a/b` strings divided, anything else 0. */
function frac2dec(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return 0;
  const parts = v.split('/');
  if (parts.length !== 2) return Number.isFinite(Number(v)) && v.trim() !== '' ? Number(v) : 0;
  const [a, b] = parts.map(Number);
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : 0;
}

/** Bytes as text: UTF-8 when they are, else Latin-1 (WordPress's utf8_encode of non-UTF-8 values). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Buffer.from(bytes).toString('latin1');
  }
}

/** The IPTC IIM datasets of an APP13 block (Photoshop 8BIM resource 0x0404) or of raw IIM bytes:
 * `2#105` → values, as PHP's iptcparse answers. */
export function parseIptc(buf: Buffer): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let iim = buf;
  const ps = buf.indexOf('Photoshop 3.0\0', 0, 'latin1');
  if (ps >= 0) {
    let p = ps + 14;
    iim = Buffer.alloc(0);
    while (p + 12 <= buf.length && buf.toString('latin1', p, p + 4) === '8BIM') {
      const id = buf.readUInt16BE(p + 4);
      const nameLen = buf[p + 6];
      let q = p + 6 + 1 + nameLen;
      if ((nameLen + 1) % 2 === 1) q++; // Pascal string padded to even length.
      if (q + 4 > buf.length) break;
      const size = buf.readUInt32BE(q);
      const start = q + 4;
      if (id === 0x0404) {
        iim = buf.subarray(start, Math.min(buf.length, start + size));
        break;
      }
      p = start + size + (size % 2);
    }
  }
  let p = iim.indexOf(0x1c);
  while (p >= 0 && p + 5 <= iim.length && iim[p] === 0x1c) {
    const record = iim[p + 1];
    const dataset = iim[p + 2];
    let len = iim.readUInt16BE(p + 3);
    let start = p + 5;
    if (len & 0x8000) {
      // Extended dataset: the low bits say how many bytes hold the length.
      const n = len & 0x7fff;
      if (n > 4 || start + n > iim.length) break;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + iim[start + i];
      start += n;
    }
    if (start + len > iim.length) break;
    const key = `${record}#${String(dataset).padStart(3, '0')}`;
    const list = out.get(key) ?? [];
    list.push(decodeText(iim.subarray(start, start + len)));
    out.set(key, list);
    p = start + len;
  }
  return out;
}

/** IPTC 2#055 (CCYYMMDD) and 2#060 (HHMMSS±HHMM) as Unix seconds, like PHP's strtotime of both in UTC. */
function iptcTimestamp(date: string, time: string): number {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date.trim());
  const t = /^(\d{2})(\d{2})(\d{2})(?:([+-])(\d{2})(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return 0;
  const utc = Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2], +t[3]);
  const offset = t[4] ? (t[4] === '-' ? -1 : 1) * (+t[5] * 60 + +t[6]) * 60_000 : 0;
  const ms = utc - offset;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** EXIF UserComment: 8 bytes of character code, then the text (PHP's COMPUTED.UserComment). */
function userComment(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (!Buffer.isBuffer(v) || v.length < 8) return '';
  const code = v.toString('latin1', 0, 8).replace(/\0+$/, '');
  const body = v.subarray(8);
  const text = code === 'UNICODE' ? body.toString('utf16le') : decodeText(body);
  return text.replace(/\0+$/, '').trim();
}

/** Windows XP* tags: UCS-2 LE bytes (PHP reads XPAuthor as `Author`, XPComment as `Comments`). */
function xpText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (Buffer.isBuffer(v) || Array.isArray(v))
    return Buffer.from(v as Uint8Array)
      .toString('utf16le')
      .replace(/\0+$/, '')
      .trim();
  return '';
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Same-length rule as WordPress (`strlen`, bytes): a short description is taken as a title. */
const shortText = (s: string): boolean => Buffer.byteLength(s, 'utf8') < 80;

/** wp_kses_post on a plain-text value: tags go (Loom keeps none, where kses would keep <b> and the like),
 * lone ampersands become &amp; as kses normalises them. */
const stripTags = (s: string): string =>
  s.replace(/<[^>]*>?/g, '').replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;');

/**
 * wp_read_image_metadata from sharp's raw EXIF and IPTC buffers, every value a string as WordPress answers
 * after wp_kses_post_deep. IPTC is read first (title 2#105 / 2#005, caption 2#120, credit 2#110 / 2#080,
 * created 2#055+2#060, copyright 2#116, keywords 2#025); EXIF fills what is missing. WordPress reads EXIF
 * only from JPEG and TIFF and IPTC only from JPEG: pass `format` to follow that.
 */
export function readImageMeta(exif: Buffer | undefined, iptc: Buffer | undefined, format?: string): ImageMeta {
  const meta: ImageMeta = {
    aperture: '0',
    credit: '',
    camera: '',
    caption: '',
    created_timestamp: '0',
    copyright: '',
    focal_length: '0',
    iso: '0',
    shutter_speed: '0',
    title: '',
    orientation: '0',
    keywords: [],
  };
  const exifFormats = ['jpeg', 'tiff'];
  if (iptc && (!format || format === 'jpeg')) {
    const d = parseIptc(iptc);
    const first = (k: string): string => (d.get(k)?.[0] ?? '').trim();
    if (first('2#105')) meta.title = first('2#105');
    else if (first('2#005')) meta.title = first('2#005');
    const caption = first('2#120');
    if (caption) {
      if (!meta.title && shortText(caption)) meta.title = caption;
      meta.caption = caption;
    }
    if (first('2#110')) meta.credit = first('2#110');
    else if (first('2#080')) meta.credit = first('2#080');
    if (first('2#055') && first('2#060'))
      meta.created_timestamp = String(iptcTimestamp(first('2#055'), first('2#060')));
    if (first('2#116')) meta.copyright = first('2#116');
    if (d.get('2#025')?.length) meta.keywords = [...(d.get('2#025') as string[])];
  }
  if (exif && (!format || exifFormats.includes(format))) {
    let tags: ReturnType<typeof exifReader> | null = null;
    try {
      tags = exifReader(exif);
    } catch {
      tags = null; // Unreadable EXIF: WordPress's exif_read_data answers false and the defaults stay.
    }
    if (tags) {
      const image = (tags.Image ?? {}) as Record<string, unknown>;
      const photo = (tags.Photo ?? {}) as Record<string, unknown>;
      const description = str(image.ImageDescription);
      const comment = userComment(photo.UserComment);
      if (description) {
        if (!meta.title && shortText(description)) meta.title = description;
        if (!meta.caption && comment) {
          meta.caption =
            meta.title && description === meta.title
              ? comment
              : description === comment
                ? description
                : `${description} ${comment}`.trim();
        }
        if (!meta.caption) meta.caption = description;
      } else if (!meta.caption && comment) {
        meta.caption = comment;
        if (!meta.title && shortText(comment)) meta.title = comment;
      } else if (!meta.caption && xpText(image.XPComment)) {
        meta.caption = xpText(image.XPComment);
      }
      if (!meta.credit) meta.credit = str(image.Artist) || xpText(image.XPAuthor);
      if (!meta.copyright && str(image.Copyright)) meta.copyright = str(image.Copyright);
      if (frac2dec(photo.FNumber)) meta.aperture = phpFloat(Math.round(frac2dec(photo.FNumber) * 100) / 100);
      if (str(image.Model)) meta.camera = str(image.Model);
      if (
        meta.created_timestamp === '0' &&
        photo.DateTimeDigitized instanceof Date &&
        !Number.isNaN(photo.DateTimeDigitized.getTime())
      ) {
        meta.created_timestamp = String(Math.floor(photo.DateTimeDigitized.getTime() / 1000));
      }
      if (photo.FocalLength) meta.focal_length = phpFloat(frac2dec(photo.FocalLength));
      const iso = photo.ISOSpeedRatings ?? photo.PhotographicSensitivity;
      if (iso) meta.iso = str(Array.isArray(iso) ? iso[0] : iso);
      if (photo.ExposureTime) meta.shutter_speed = phpFloat(frac2dec(photo.ExposureTime));
      if (typeof image.Orientation === 'number' && image.Orientation) meta.orientation = String(image.Orientation);
    }
  }
  for (const k of ['title', 'caption', 'credit', 'copyright', 'camera', 'iso'] as const) meta[k] = stripTags(meta[k]);
  meta.keywords = meta.keywords.map(stripTags);
  return meta;
}
