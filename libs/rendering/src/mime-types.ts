/**
 * WordPress's MIME types (wp_get_mime_types) and wp_check_filetype() over them: facts both the media shortcodes
 * (which ask about a URL's extension) and media uploads (libs/media: allowed types, file names) use.
 */

/** wp_get_mime_types() of WordPress 6.4 (functions.php), in its order. */
export const WP_MIME_TYPES: ReadonlyArray<readonly [string, string]> = [
  // Images.
  ['jpg|jpeg|jpe', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['png', 'image/png'],
  ['bmp', 'image/bmp'],
  ['tiff|tif', 'image/tiff'],
  ['webp', 'image/webp'],
  ['ico', 'image/x-icon'],
  ['heic', 'image/heic'],
  // Video.
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
  // Text.
  ['txt|asc|c|cc|h|srt', 'text/plain'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
  ['ics', 'text/calendar'],
  ['rtx', 'text/richtext'],
  ['css', 'text/css'],
  ['htm|html', 'text/html'],
  ['vtt', 'text/vtt'],
  ['dfxp', 'application/ttaf+xml'],
  // Audio.
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
  // Misc application formats.
  ['rtf', 'application/rtf'],
  ['js', 'application/javascript'],
  ['pdf', 'application/pdf'],
  ['swf', 'application/x-shockwave-flash'],
  ['class', 'application/java'],
  ['tar', 'application/x-tar'],
  ['zip', 'application/zip'],
  ['gz|gzip', 'application/x-gzip'],
  ['rar', 'application/rar'],
  ['7z', 'application/x-7z-compressed'],
  ['exe', 'application/x-msdownload'],
  ['psd', 'application/octet-stream'],
  ['xcf', 'application/octet-stream'],
  // MS Office.
  ['doc', 'application/msword'],
  ['pot|pps|ppt', 'application/vnd.ms-powerpoint'],
  ['wri', 'application/vnd.ms-write'],
  ['xla|xls|xlt|xlw', 'application/vnd.ms-excel'],
  ['mdb', 'application/vnd.ms-access'],
  ['mpp', 'application/vnd.ms-project'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['docm', 'application/vnd.ms-word.document.macroEnabled.12'],
  ['dotx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.template'],
  ['dotm', 'application/vnd.ms-word.template.macroEnabled.12'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['xlsm', 'application/vnd.ms-excel.sheet.macroEnabled.12'],
  ['xlsb', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12'],
  ['xltx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template'],
  ['xltm', 'application/vnd.ms-excel.template.macroEnabled.12'],
  ['xlam', 'application/vnd.ms-excel.addin.macroEnabled.12'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['pptm', 'application/vnd.ms-powerpoint.presentation.macroEnabled.12'],
  ['ppsx', 'application/vnd.openxmlformats-officedocument.presentationml.slideshow'],
  ['ppsm', 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12'],
  ['potx', 'application/vnd.openxmlformats-officedocument.presentationml.template'],
  ['potm', 'application/vnd.ms-powerpoint.template.macroEnabled.12'],
  ['ppam', 'application/vnd.ms-powerpoint.addin.macroEnabled.12'],
  ['sldx', 'application/vnd.openxmlformats-officedocument.presentationml.slide'],
  ['sldm', 'application/vnd.ms-powerpoint.slide.macroEnabled.12'],
  ['onetoc|onetoc2|onetmp|onepkg', 'application/onenote'],
  ['oxps', 'application/oxps'],
  ['xps', 'application/vnd.ms-xpsdocument'],
  // OpenDocument.
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odg', 'application/vnd.oasis.opendocument.graphics'],
  ['odc', 'application/vnd.oasis.opendocument.chart'],
  ['odb', 'application/vnd.oasis.opendocument.database'],
  ['odf', 'application/vnd.oasis.opendocument.formula'],
  // WordPerfect, iWork.
  ['wp|wpd', 'application/wordperfect'],
  ['key', 'application/vnd.apple.keynote'],
  ['numbers', 'application/vnd.apple.numbers'],
  ['pages', 'application/vnd.apple.pages'],
];

const PATTERNS = WP_MIME_TYPES.map(([exts, type]) => ({ re: new RegExp(`\\.(${exts})$`, 'i'), type }));

export interface FileType {
  ext: string;
  type: string;
}

/** wp_check_filetype( $filename ): `{ext: '', type: ''}` (PHP's false) when nothing matches. */
export function checkFiletype(filename: string): FileType {
  for (const { re, type } of PATTERNS) {
    const m = re.exec(filename);
    if (m) return { ext: m[1]!, type };
  }
  return { ext: '', type: '' };
}
