/**
 * `filetypes:` of file fields (file.php wpcf7_acceptable_filetypes, the SWV file rule): extensions (`jpg|png`)
 * or MIME types (`image/*`, `application/pdf`), checked against the uploaded file's name as the plugin does.
 * Default (no option): images, audio and video.
 */

/** WordPress's wp_get_mime_types() for the types a contact form plausibly takes: extensions → MIME type. */
const MIME_TYPES: [string, string][] = [
  ['jpg|jpeg|jpe', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['png', 'image/png'],
  ['bmp', 'image/bmp'],
  ['tiff|tif', 'image/tiff'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['ico', 'image/x-icon'],
  ['heic', 'image/heic'],
  ['heif', 'image/heif'],
  ['heics', 'image/heic-sequence'],
  ['heifs', 'image/heif-sequence'],
  ['asf|asx', 'video/x-ms-asf'],
  ['wmv', 'video/x-ms-wmv'],
  ['wmx', 'video/x-ms-wmx'],
  ['wm', 'video/x-ms-wm'],
  ['avi', 'video/avi'],
  ['divx', 'video/divx'],
  ['flv', 'video/x-flv'],
  ['mov|qt', 'video/quicktime'],
  ['mpeg|mpg|mpe', 'video/mpeg'],
  ['mp4|m4v', 'video/mp4'],
  ['ogv', 'video/ogg'],
  ['webm', 'video/webm'],
  ['mkv', 'video/x-matroska'],
  ['3gp|3gpp', 'video/3gpp'],
  ['3g2|3gp2', 'video/3gpp2'],
  ['txt|asc|c|cc|h|srt', 'text/plain'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
  ['ics', 'text/calendar'],
  ['rtx', 'text/richtext'],
  ['css', 'text/css'],
  ['htm|html', 'text/html'],
  ['vtt', 'text/vtt'],
  ['mp3|m4a|m4b', 'audio/mpeg'],
  ['aac', 'audio/aac'],
  ['ra|ram', 'audio/x-realaudio'],
  ['wav', 'audio/wav'],
  ['ogg|oga', 'audio/ogg'],
  ['flac', 'audio/flac'],
  ['mid|midi', 'audio/midi'],
  ['wma', 'audio/x-ms-wma'],
  ['wax', 'audio/x-ms-wax'],
  ['mka', 'audio/x-matroska'],
  ['rtf', 'application/rtf'],
  ['pdf', 'application/pdf'],
  ['zip', 'application/zip'],
  ['gz|gzip', 'application/x-gzip'],
  ['7z', 'application/x-7z-compressed'],
  ['doc', 'application/msword'],
  ['xla|xls|xlt|xlw', 'application/vnd.ms-excel'],
  ['pot|pps|ppt', 'application/vnd.ms-powerpoint'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'],
];

/** wpcf7_convert_mime_to_ext: `image/*` or a full type → its extensions. */
export function mimeToExtensions(mime: string): string[] {
  const m = /^([a-z]+)\/([*]|[a-z0-9.+-]+)$/i.exec(mime);
  if (!m) return [];
  const out: string[] = [];
  for (const [exts, type] of MIME_TYPES) {
    if ((m[2] === '*' && type.startsWith(`${m[1]}/`)) || type === m[0]) out.push(...exts.split('|'));
  }
  return [...new Set(out)];
}

/** The file rule's `accept` list (`.txt`, `.pdf`, `image/*`, ...) from the tag's `filetypes:` values. */
export function acceptAttr(filetypes: string[]): string[] {
  let types = filetypes.flatMap((t) => t.toLowerCase().split(/[\s|,]+/)).filter((t) => t !== '');
  types = [...new Set(types)];
  if (!types.length) types = ['audio/*', 'video/*', 'image/*'];
  const out: string[] = [];
  for (const type of types) {
    if (!type.includes('/')) out.push(`.${type.replace(/^\.+|\.+$/g, '')}`);
    else if (/^([a-z]+)\/[*]$/i.test(type)) {
      if (['audio', 'video', 'image'].includes(type.split('/')[0])) out.push(type);
    } else if (mimeToExtensions(type).length) out.push(type);
  }
  return out;
}

/** The SWV file rule: the filename's last `.suffix` (lower-cased) must be one the `accept` list allows. */
export function filenameAccepted(filename: string, accept: string[]): boolean {
  const allowed = new Set<string>();
  for (const a of accept) {
    if (/^\.[a-z0-9]+$/i.test(a)) allowed.add(a.toLowerCase());
    else for (const ext of mimeToExtensions(a)) allowed.add(`.${ext.toLowerCase()}`);
  }
  const dot = filename.lastIndexOf('.');
  return dot !== -1 && allowed.has(filename.slice(dot).toLowerCase());
}

/** The MIME type WordPress gives a filename's extension, else application/octet-stream. */
export function mimeTypeOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const ext = dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
  for (const [exts, type] of MIME_TYPES) if (exts.split('|').includes(ext)) return type;
  return 'application/octet-stream';
}
