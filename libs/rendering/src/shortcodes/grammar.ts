/**
 * WordPress's shortcode grammar (wp-includes/shortcodes.php, WordPress 6.1): which names are shortcodes, the regular
 * expression that finds them (get_shortcode_regex), their attributes (shortcode_parse_atts) and shortcode_atts().
 * PHP's possessive quantifiers are written as plain ones where they change no match, only the backtracking.
 */

/** PCRE's \s without the u flag: ASCII whitespace only (JavaScript's \s also takes NBSP and other Unicode spaces). */
export const PHP_SPACE = '[\\t\\n\\v\\f\\r ]';
const NOT_PHP_SPACE = '[^\\t\\n\\v\\f\\r ]';

/**
 * A shortcode's attributes as WordPress's PHP array holds them: named ones lower-cased, positional ones under "0",
 * "1"…, in PHP's key order. A Map, because the names are the author's: never property paths into an object.
 */
export type ShortcodeAtts = Map<string, string>;

/** add_shortcode()'s rule: a name has no space, control character, or any of & / < > [ ] =. */
export function isValidShortcodeName(tag: string): boolean {
  return tag !== '' && !/[<>&/[\]\0-\x20=]/.test(tag);
}

/** The names typed after a "[" (do_shortcode's preg_match_all): candidates for registered tags. */
export function namesAfterBrackets(content: string, closingToo = false): Set<string> {
  const pattern = closingToo ? /\[\/?([^<>&/[\]\0-\x20=]+)/g : /\[([^<>&/[\]\0-\x20=]+)/g;
  return new Set(Array.from(content.matchAll(pattern), (m) => m[1]));
}

/** preg_quote() for a JavaScript pattern: a tag name may hold . + * ? ( ) { } | ^ $ - and friends. */
export function quoteTag(tag: string): string {
  return tag.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * The enclosed content, up to the first closing tag of the name in group 2, taken whole: PHP's possessive loop,
 * written as a lookahead captured in group `group` and a backreference to it, so that a missing closing tag costs
 * one scan, not a backtrack through every character.
 */
export function enclosedContent(group: number): string {
  return `(?=([^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*))\\${group}`;
}

/**
 * get_shortcode_regex(): 1 an extra [ (escaping), 2 the name, 3 the attributes, 4 the self-closing /,
 * 5 the enclosed content, 7 an extra ] (escaping); 6 is internal. Every match ends with a "]".
 */
export function shortcodeRegexSource(tagnames: readonly string[]): string {
  return (
    '\\[' +
    '(\\[?)' +
    `(${tagnames.map(quoteTag).join('|')})` +
    '(?![\\w-])' + // Not followed by a word character or hyphen: [caption-x] is another name.
    '([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)' +
    '(?:' +
    '(\\/)\\]' +
    '|' +
    `\\](?:(${enclosedContent(6)})\\[\\/\\2\\])?` +
    ')' +
    '(\\]?)'
  );
}

// get_shortcode_atts_regex(): name="value", name='value', name=value, "value", 'value', value.
const ATTS = new RegExp(
  [
    `([\\w-]+)${PHP_SPACE}*=${PHP_SPACE}*"([^"]*)"(?:${PHP_SPACE}|$)`,
    `([\\w-]+)${PHP_SPACE}*=${PHP_SPACE}*'([^']*)'(?:${PHP_SPACE}|$)`,
    `([\\w-]+)${PHP_SPACE}*=${PHP_SPACE}*([^\\t\\n\\v\\f\\r '"]+)(?:${PHP_SPACE}|$)`,
    `"([^"]*)"(?:${PHP_SPACE}|$)`,
    `'([^']*)'(?:${PHP_SPACE}|$)`,
    `(${NOT_PHP_SPACE}+)(?:${PHP_SPACE}|$)`,
  ].join('|'),
  'g',
);

/** PHP's empty() on a matched name: "" and "0" are empty, so a name "0" is dropped. */
const named = (name: string | undefined): name is string => name !== undefined && name !== '' && name !== '0';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** PHP's array keys: a canonical decimal string in range is an integer key and moves the next positional index. */
function nextIndexAfter(key: string, next: bigint): bigint {
  if (!/^(?:0|-?[1-9][0-9]*)$/.test(key)) return next;
  const value = BigInt(key);
  return value >= INT64_MIN && value <= INT64_MAX && value >= next ? value + 1n : next;
}

/** Values holding an element that never closes (an unmatched <) are rejected, as shortcode_parse_atts() does. */
function hasUnclosedElement(value: string): boolean {
  let inTag = false;
  for (const c of value) {
    if (!inTag && c === '<') inTag = true;
    else if (inTag && c === '>') inTag = false;
  }
  return inTag;
}

/**
 * shortcode_parse_atts(). WordPress returns the text itself, left-trimmed, when it holds no attribute at all
 * (only whitespace); this returns an empty map then, which every core handler treats the same.
 */
export function parseShortcodeAtts(text: string): ShortcodeAtts {
  const atts: ShortcodeAtts = new Map();
  let next = 0n;
  const set = (key: string, value: string) => {
    atts.set(key, value);
    next = nextIndexAfter(key, next);
  };
  for (const m of text.replace(/[\u00a0\u200b]+/g, ' ').matchAll(ATTS)) {
    if (named(m[1])) set(m[1].toLowerCase(), stripcslashes(m[2]));
    else if (named(m[3])) set(m[3].toLowerCase(), stripcslashes(m[4]));
    else if (named(m[5])) set(m[5].toLowerCase(), stripcslashes(m[6]));
    else if (m[7] !== undefined && m[7] !== '') set(String(next), stripcslashes(m[7]));
    else if (m[8] !== undefined && m[8] !== '') set(String(next), stripcslashes(m[8]));
    else if (m[9] !== undefined) set(String(next), stripcslashes(m[9]));
  }
  for (const [key, value] of atts) if (value.includes('<') && hasUnclosedElement(value)) atts.set(key, '');
  return atts;
}

/**
 * shortcode_atts(): the supported attributes, each the author's value or its default; the others are dropped.
 * A null-prototype object, so a handler can read it with plain property access.
 */
export function shortcodeAtts<T extends Record<string, string>>(pairs: T, atts: ShortcodeAtts): T {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, fallback] of Object.entries(pairs)) out[name] = atts.get(name) ?? fallback;
  return out as T;
}

const C_ESCAPES: ReadonlyMap<string, number> = new Map([
  ['n', 10],
  ['r', 13],
  ['a', 7],
  ['t', 9],
  ['v', 11],
  ['b', 8],
  ['f', 12],
  ['\\', 92],
]);
const isHex = (byte: number | undefined) => byte !== undefined && /[0-9a-fA-F]/.test(String.fromCharCode(byte));
const isOctal = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x37;

/**
 * PHP's stripcslashes(): C escapes (\n, \t, \x41, \101…) become their bytes and any other backslash pair its
 * second character. It works on the UTF-8 bytes, as PHP does, so "\xc3\xa9" is "é".
 */
export function stripcslashes(text: string): string {
  if (!text.includes('\\')) return text;
  const src = Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < src.length; i++) {
    if (src[i] !== 0x5c || i + 1 >= src.length) {
      out.push(src[i]);
      continue;
    }
    const c = String.fromCharCode(src[++i]);
    const escaped = C_ESCAPES.get(c);
    if (escaped !== undefined) {
      out.push(escaped);
    } else if (c === 'x' && isHex(src[i + 1])) {
      const digits = isHex(src[i + 2]) ? 2 : 1;
      out.push(parseInt(src.subarray(i + 1, i + 1 + digits).toString('latin1'), 16));
      i += digits;
    } else {
      let digits = 0;
      while (digits < 3 && isOctal(src[i + digits])) digits++;
      if (digits === 0) {
        out.push(src[i]);
      } else {
        out.push(parseInt(src.subarray(i, i + digits).toString('latin1'), 8) & 0xff);
        i += digits - 1;
      }
    }
  }
  return Buffer.from(out).toString('utf8');
}
