/**
 * WordPress's attribute escaping and entity normalising (wp-includes/formatting.php, kses.php, WordPress 6.1):
 * esc_attr(), esc_url(), wp_kses_normalize_entities() and sanitize_html_class(), for the HTML that shortcodes
 * and server-rendered blocks write.
 */
import { deepReplace } from '@loom/contracts';
import { hasBadProtocol } from './kses';

/** $allowedentitynames: HTML 4.01's named entities plus XML's &apos;. */
const ENTITY_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para ' +
    'middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
    'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml ' +
    'Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn ' +
    'yuml quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash ' +
    'mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta ' +
    'Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha ' +
    'beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon ' +
    'phi chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr ' +
    'uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum minus ' +
    'lowast radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub sube supe oplus ' +
    'otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams sup1 sup2 sup3 frac14 ' +
    'frac12 frac34 there4'
  ).split(' '),
);

/** valid_unicode(): the code points XML allows. */
function validUnicode(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const ltrimZeros = (digits: string) => digits.replace(/^0+/, '');

/**
 * wp_kses_normalize_entities(): every & becomes &amp; unless it starts an allowed named entity or a numeric one
 * for a valid code point (written back without padding zeros, decimal ones padded to three digits).
 */
export function ksesNormalizeEntities(text: string): string {
  return text
    .split('&')
    .join('&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (_, name: string) =>
      ENTITY_NAMES.has(name) ? `&${name};` : `&amp;${name};`,
    )
    .replace(/&amp;#(0*[0-9]{1,7});/g, (_, digits: string) => {
      // PHP's empty(): "0" is empty, and then the entity is dropped.
      if (digits === '0') return '';
      return validUnicode(Number(digits)) ? `&#${ltrimZeros(digits).padStart(3, '0')};` : `&amp;#${digits};`;
    })
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/g, (_, hex: string) => {
      if (hex === '0') return '';
      return validUnicode(parseInt(hex, 16)) ? `&#x${ltrimZeros(hex)};` : `&amp;#x${hex};`;
    });
}

/** esc_attr(): _wp_specialchars() with ENT_QUOTES, entities normalised rather than encoded twice. */
export function escAttr(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  return (
    ksesNormalizeEntities(text)
      // htmlspecialchars() without double encoding keeps every entity left but &apos;, which HTML 4.01 lacks.
      .split('&apos;')
      .join('&amp;apos;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#039;')
  );
}

/** sanitize_html_class() without a fallback: %-encoded octets out, then anything but A-Z a-z 0-9 _ -. */
export function sanitizeHtmlClass(text: string): string {
  return text.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * esc_url() for display: characters a URL cannot hold dropped, `http://` added to a bare host, `&` and `'` as
 * entities, brackets after the host encoded; a URL whose protocol is not allowed becomes ''.
 */
export function escUrl(url: string): string {
  if (url === '') return url;
  let out = url.replace(/^[ \t\n\r\0\v]+/, '').replace(/ /g, '%20');
  out = out.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (out === '') return out;
  if (!/^mailto:/i.test(out)) out = deepReplace(['%0d', '%0a', '%0D', '%0A'], out);
  out = out.split(';//').join('://');
  if (!out.includes(':') && !['/', '#', '?'].includes(out[0]!) && !/^[a-z0-9-]+?\.php/i.test(out))
    out = `http://${out}`;
  out = ksesNormalizeEntities(out).split('&amp;').join('&#038;').split("'").join('&#039;');
  if (/[[\]]/.test(out)) {
    // The scheme, credentials, host and port keep their brackets (an IPv6 host); the rest is encoded.
    const front = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i.exec(out)?.[0] ?? '';
    out = front + out.slice(front.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
  }
  if (out[0] !== '/' && hasBadProtocol(out)) return '';
  return out;
}

const DECODE_OTHERS: Record<string, string> = {
  '&lt;': '<',
  '&#060;': '<',
  '&gt;': '>',
  '&#062;': '>',
  '&amp;': '&',
  '&#038;': '&',
  '&#x26;': '&',
};
const DECODE_QUOTES: Record<string, string> = {
  '&#039;': "'",
  '&#x27;': "'",
  '&quot;': '"',
  '&#034;': '"',
  '&#x22;': '"',
};
const unpad = (text: string, quotes: boolean) => {
  let out = text
    .replace(/&#0*60;/g, '&#060;')
    .replace(/&#0*62;/g, '&#062;')
    .replace(/&#0*38;/g, '&#038;')
    .replace(/&#x0*26;/gi, '&#x26;');
  if (quotes)
    out = out
      .replace(/&#0*39;/g, '&#039;')
      .replace(/&#x0*27;/gi, '&#x27;')
      .replace(/&#0*34;/g, '&#034;')
      .replace(/&#x0*22;/gi, '&#x22;');
  return out;
};

/**
 * wp_specialchars_decode(): `&lt;`, `&gt;` and `&amp;` (named or numeric, zero-padded or not) back to characters,
 * and with `quotes` (ENT_QUOTES) `&quot;` and `&#039;` too; every other entity stays. One pass, as PHP's strtr:
 * `&amp;lt;` becomes `&lt;`, not `<`.
 */
export function wpSpecialcharsDecode(text: string, quotes = false): string {
  if (!text.includes('&')) return text;
  const table = quotes ? { ...DECODE_OTHERS, ...DECODE_QUOTES } : DECODE_OTHERS;
  return unpad(text, quotes).replace(
    /&(?:lt|gt|amp|quot|#060|#062|#038|#039|#034|#x26|#x27|#x22);/g,
    (e) => table[e] ?? e,
  );
}
