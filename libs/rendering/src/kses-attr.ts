/**
 * The kses pieces that do_shortcode() uses on HTML elements (wp-includes/kses.php and formatting.php, WordPress 6.1):
 * wp_html_split(), wp_kses_attr_parse() and wp_kses_one_attr(), which filters one attribute a shortcode wrote into.
 */
import { escAttr } from './escape';
import { ALLOWED_POST_TAGS, ALLOWED_PROTOCOLS, GLOBAL_ATTRIBUTES, URI_ATTRIBUTES, safecssFilterAttr } from './kses';
import { PHP_SPACE as S } from './shortcodes/grammar';

// get_html_split_regex(): comments, CDATA sections and elements (a lone < runs to the end of the text).
const HTML_SPLIT =
  /(<(?:(?=!--)!(?:-(?!->)[^-]*)*(?:-->)?|(?=!\[CDATA\[)!\[CDATA\[[^\]]*(?:\](?!\]>)[^\]]*)*(?:\]\]>)?|[^>]*>?))/;

/** wp_html_split(): text and elements alternating, text first (possibly empty). */
export function wpHtmlSplit(input: string): string[] {
  return input.split(HTML_SPLIT);
}

// wp_kses_hair_parse(): an attribute name (or a shortcode standing in for one) with an optional value.
const HAIR =
  `(?:[_a-zA-Z][-_a-zA-Z0-9:.]*|\\[\\[?[^\\[\\]]+\\]\\]?)` +
  `(?:${S}*=${S}*(?:"[^"]*"|'[^']*'|[^\\t\\n\\v\\f\\r "']+(?:${S}|$))|(?:${S}|$))${S}*`;
const HAIR_VALID = new RegExp(`^(?:${HAIR})+$`);
const HAIR_EACH = new RegExp(HAIR, 'g');
const ELEMENT = new RegExp(`^(<${S}*)(\\/${S}*)?([a-zA-Z0-9]+${S}*)([^>]*)(>?)$`);
const XHTML_SLASH = new RegExp(`${S}*\\/${S}*$`);

/**
 * wp_kses_attr_parse(): an opening tag as [front, ...attributes, back], every character kept; false for a closing
 * tag or anything kses could not read as attributes.
 */
export function ksesAttrParse(element: string): string[] | false {
  const m = ELEMENT.exec(element);
  if (!m || m[2] !== undefined) return false;
  let attr = m[4];
  const slash = XHTML_SLASH.exec(attr);
  const xhtmlSlash = slash ? slash[0] : '';
  attr = attr.slice(0, attr.length - xhtmlSlash.length);
  let parts: string[] = [];
  if (attr !== '') {
    if (!HAIR_VALID.test(attr)) return false;
    parts = attr.match(HAIR_EACH) ?? [];
  }
  return [m[1] + m[3], ...parts, xhtmlSlash + m[5]];
}

/** wp_kses_no_null(): control characters out; "\0" typed as text too unless kept. */
function ksesNoNull(text: string, keepSlashZero = false): string {
  // Everything below a space but tab, newline and carriage return.
  const cleaned = text.replace(/[^\t\n\r\x20-\uffff]/g, '');
  return keepSlashZero ? cleaned : cleaned.replace(/\\+0+/g, '');
}

/** wp_kses_decode_entities(): numeric entities to their bytes, for reading a protocol name. */
function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_, n: string) => String.fromCharCode(Number(n) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, n: string) => String.fromCharCode(parseInt(n, 16) % 256));
}

const SPACES = new RegExp(S, 'g');

/** wp_kses_bad_protocol_once(): the scheme before the first colon kept only when allowed. */
function badProtocolOnce(text: string, count = 1): string {
  const normalised = text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const colon = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(normalised);
  if (!colon || /\/\?/.test(normalised.slice(0, colon.index))) return normalised;
  let rest = normalised.slice(colon.index + colon[0].length).replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
  const scheme = ksesNoNull(decodeNumericEntities(normalised.slice(0, colon.index)).replace(SPACES, '')).toLowerCase();
  const protocol = ALLOWED_PROTOCOLS.includes(scheme) ? `${scheme}:` : '';
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = badProtocolOnce(rest, count + 1);
    if (rest === '' || rest === '0') return rest;
  }
  return protocol + rest;
}

/** wp_kses_bad_protocol(): repeated until stable (at most six passes, else nothing is left). */
export function ksesBadProtocol(text: string): string {
  let current = ksesNoNull(text);
  let previous: string;
  let iterations = 0;
  do {
    previous = current;
    current = badProtocolOnce(current);
  } while (previous !== current && ++iterations < 6);
  return previous !== current ? '' : current;
}

const LEAD = new RegExp(`^${S}*`);
const TRAIL = new RegExp(`${S}*$`);
const EQUALS = new RegExp(`${S}*=${S}*`);

/** Whether wp_kses_allowed_html('post') allows the attribute on the element (data-* by its pattern). */
function allowedAttribute(element: string, name: string): boolean {
  const own = Object.hasOwn(ALLOWED_POST_TAGS, element) ? ALLOWED_POST_TAGS[element] : undefined;
  if (!own) return false;
  if (own.includes(name) || GLOBAL_ATTRIBUTES.includes(name)) return true;
  return name.startsWith('data-') && /^data(?:-[a-z0-9_]+)+$/.test(name);
}

/**
 * wp_kses_one_attr(): one attribute (name, and value quoted or not) through the post allow-list for its element:
 * the value escaped and, for URL attributes, stripped of bad protocols; '' when the attribute is not allowed.
 */
export function ksesOneAttr(attribute: string, element: string): string {
  const text = ksesNoNull(attribute, true);
  const lead = LEAD.exec(text)![0];
  const trail = TRAIL.exec(text)![0];
  const core = text.slice(lead.length, text.length - trail.length);
  const eq = EQUALS.exec(core);
  const name = eq ? core.slice(0, eq.index) : core;
  let whole = core;
  let value = '';
  if (eq) {
    value = core.slice(eq.index + eq[0].length);
    let quote = value === '' ? '' : value[0];
    if (quote === '"' || quote === "'") {
      if (!value.endsWith(quote)) return '';
      value = value.slice(1, -1);
    } else {
      quote = '"';
    }
    value = escAttr(value);
    if (URI_ATTRIBUTES.includes(name.toLowerCase())) value = ksesBadProtocol(value);
    whole = `${name}=${quote}${value}${quote}`;
  }
  const nameLow = name.toLowerCase();
  if (!allowedAttribute(element.toLowerCase(), nameLow)) return lead + trail;
  if (nameLow === 'style') {
    const style = safecssFilterAttr(value);
    if (style === '' || style === '0') return lead + trail;
    whole = whole.split(value).join(style);
  }
  return lead + whole + trail;
}
