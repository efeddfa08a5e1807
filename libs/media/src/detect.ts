import { fromBuffer } from 'file-type';
import { sanitizeFileName } from './filenames';
import { allowedMimeTypes, knownExtension } from './mimes';
import type { DetectedType, DetectOptions, MediaKind } from './types';

/** wp_get_image_mime's answers → the extension wp_check_filetype_and_ext renames an image to. */
const IMAGE_EXT: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/heic': 'heic',
};

/** file-type's MIME names where WordPress spells them differently. */
const SNIFFED_ALIASES: Readonly<Record<string, string>> = {
  'image/heif': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heic',
  'application/gzip': 'application/x-gzip',
  'application/x-rar-compressed': 'application/rar',
  'image/vnd.adobe.photoshop': 'application/octet-stream',
  'image/x-xcf': 'application/octet-stream',
};

/** What finfo reports as a container or unknown binary: WordPress then trusts an application/audio/video name
 * (office documents are zips or OLE2 files, iWork files are zips). */
const CONTAINERS = new Set([
  'application/zip',
  'application/x-cfb',
  'application/octet-stream',
  'application/vnd.ms-asf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.graphics',
]);

/** Text types finfo may call text/plain that WordPress lets through on their name; css/ics/js are added
 * because libmagic calls them text/plain as well (WordPress refuses those by accident on some hosts). */
const PLAIN_TEXT_NAMES = new Set([
  'text/plain',
  'text/csv',
  'text/richtext',
  'text/tab-separated-values',
  'text/vtt',
  'text/calendar',
  'text/css',
  'application/javascript',
  'application/ttaf+xml',
]);

const major = (mime: string): string => mime.slice(0, mime.indexOf('/'));

function kindOf(mime: string): MediaKind {
  const m = major(mime);
  return m === 'image' || m === 'audio' || m === 'video' || m === 'text' ? m : 'application';
}

/** Bytes that are text: valid UTF-8 (a BOM allowed) without NUL or other C0 controls than tab, CR, LF, FF. */
function isText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    // The first MiB decides, as a sniffer's look at the head would; `stream` lets a cut sequence end it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 1 << 20), {
      stream: bytes.length > 1 << 20,
    });
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]/.test(text) ? null : text;
}

/** libmagic's idea of text that is really markup: finfo answers text/html or image/svg+xml for these. */
function textFlavour(text: string): 'html' | 'svg' | 'script' | 'plain' {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .toLowerCase();
  // finfo calls these text/x-php and text/x-shellscript: WordPress refuses them under any text name.
  if (/<\?php/.test(head) || /^#!/.test(head)) return 'script';
  if (/<svg[\s>]/.test(head) || /<!doctype\s+svg/.test(head)) return 'svg';
  if (/^\s*<(?:!doctype\s+html|html|head|body|title|script|iframe|style|meta|a\s|div|p>|h1|br|table)\b/.test(head))
    return 'html';
  if (/<(?:script|iframe|object|embed)\b/.test(head)) return 'html';
  return 'plain';
}

function withExtension(name: string, ext: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}

/**
 * The real type of an upload, or null when WordPress would refuse it ("Sorry, you are not allowed to upload
 * this file type.", a 500 through REST: see UPLOAD_TYPE_REFUSED_MESSAGE). wp_check_filetype_and_ext's rules:
 * the name must carry an allowed extension; images are decided by their bytes (a lying name gets the right
 * extension); audio/video only need the same major type as the name; zips, OLE2 and unknown binaries pass for
 * application/audio/video names (office documents); text passes for text names, HTML text only for html
 * names (allowed only with unfilteredHtml); anything else must be exactly what its name says. Never SVG.
 */
export async function detectType(
  bytes: Uint8Array,
  filename: string,
  opts: DetectOptions,
): Promise<DetectedType | null> {
  if (bytes.length === 0) return null;
  const name = sanitizeFileName(filename, opts);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const nameExt = name.slice(dot + 1).toLowerCase();
  const allowed = allowedMimeTypes(opts);
  const nameMime = knownExtension(nameExt, opts);
  if (!nameMime) return null;
  const accept = (ext: string, mime: string, fileName = withExtension(name, ext)): DetectedType | null =>
    Object.values(allowed).includes(mime)
      ? { ext, mime, mediaType: major(mime) === 'image' ? 'image' : 'file', kind: kindOf(mime), fileName }
      : null;

  const sniffed = await fromBuffer(bytes);
  const real = sniffed ? (SNIFFED_ALIASES[sniffed.mime] ?? sniffed.mime) : null;

  if (real === null) {
    const text = isText(bytes);
    if (text === null)
      return ['application', 'audio', 'video'].includes(major(nameMime)) ? accept(nameExt, nameMime) : null;
    const flavour = textFlavour(text);
    if (flavour === 'svg' || flavour === 'script') return null;
    if (flavour === 'html') return nameMime === 'text/html' ? accept(nameExt, nameMime) : null;
    return PLAIN_TEXT_NAMES.has(nameMime) || nameMime === 'application/rtf' ? accept(nameExt, nameMime) : null;
  }
  if (major(nameMime) === 'image') {
    const ext = IMAGE_EXT[real];
    if (!ext) return null;
    return real === nameMime ? accept(nameExt, real) : accept(ext, real);
  }
  if (major(real) === 'audio' || major(real) === 'video') {
    return major(real) === major(nameMime) ? accept(nameExt, nameMime) : null;
  }
  if (CONTAINERS.has(real)) {
    return ['application', 'audio', 'video'].includes(major(nameMime)) ? accept(nameExt, nameMime) : null;
  }
  return real === nameMime ? accept(nameExt, nameMime) : null;
}

export function isImageMime(mime: string): boolean {
  return mime.startsWith('image/');
}

/** The types POST /media/<id>/edit accepts (else rest_cannot_edit_file_type). */
export const EDITABLE_IMAGE_MIMES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export function isEditableImageMime(mime: string): boolean {
  return EDITABLE_IMAGE_MIMES.includes(mime);
}
