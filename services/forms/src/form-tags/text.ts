/** Small PHP/WordPress text functions the plugin relies on, with the same results. */

const PHP_SPACE = ' \t\n\r\0\x0B';

/** PHP's trim($text, $chars): the characters of `chars` removed from both ends. */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start++;
  while (end > start && chars.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

/** PHP's trim(): only " \t\n\r\0\x0B" (String.prototype.trim also strips Unicode spaces). */
export function phpTrim(text: string): string {
  return trimChars(text, PHP_SPACE);
}

const NAMED_ENTITIES: Record<string, string> = Object.assign(Object.create(null), {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
});

/** html_entity_decode for the entities that matter here (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** esc_html: the five HTML specials; like WordPress, an entity already written (`&amp;`, `&#8217;`) is kept. */
export function escHtml(text: string): string {
  return text
    .replace(/&(?!(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** wp_strip_all_tags (without its script/style special case, which only removes more). */
export function stripAllTags(text: string): string {
  return phpTrim(text.replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '').replace(/<[^>]*>/g, ''));
}

/**
 * wpcf7_canonicalize: entities decoded, full-width forms folded (the plugin's mb_convert_kana 'asKV'; NFKC here),
 * whitespace collapsed (or removed with stripSeparators), lower-cased unless `asIs`, trimmed.
 */
export function canonicalize(text: string, opts: { stripSeparators?: boolean; asIs?: boolean } = {}): string {
  let t = decodeEntities(text).normalize('NFKC');
  t = t.replace(/[\r\n\t ]+/g, opts.stripSeparators ? '' : ' ');
  if (!opts.asIs) t = t.toLowerCase();
  return phpTrim(t);
}

/** wpcf7_strip_newline: CR and LF removed, then trimmed. */
export function stripNewline(text: string): string {
  return phpTrim(text.replace(/[\r\n]/g, ''));
}

/** wpcf7_check_invalid_utf8 + wp_kses_no_null, for strings already decoded: lone surrogates and NULs go. */
export function sanitizePostedText(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/\x00/g, '')
  );
}
