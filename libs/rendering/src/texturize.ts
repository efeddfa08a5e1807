/**
 * WordPress's character-level display filters, ported from wp-includes/formatting.php (WordPress 6.1):
 * wptexturize (curly quotes, apostrophes, primes, dashes, ellipsis, ×), convert_chars and capital_P_dangit.
 * The entity strings are WordPress's English defaults (its `_x()` translations are not applied).
 */
import { namesAfterBrackets, quoteTag } from './shortcodes/grammar';
import { phpTrim } from '@loom/contracts';

// PHP's trim(), one definition (the contracts' text sanitizers use it too).
export { phpTrim };

// wp_spaces_regexp(): what wptexturize counts as a space, NBSP and its entity included.
const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';
// PCRE's \Z (and $ without the D modifier) also match before a final newline; JavaScript's $ does not.
const END = '\\n?$';

const OPENING_DOUBLE = '&#8220;';
const CLOSING_DOUBLE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPENING_SINGLE = '&#8216;';
const CLOSING_SINGLE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

// Placeholders WordPress puts in the text while it decides which quote is which; HTML comments so nothing else matches them.
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';

const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
// $default_no_texturize_shortcodes: only matters once a [code] shortcode is registered.
const NO_TEXTURIZE_SHORTCODES = ['code'];

const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];
const STATIC_FROM = ['...', '``', "''", ' (tm)', ...COCKNEY];
const STATIC_TO = ['&#8230;', OPENING_DOUBLE, CLOSING_DOUBLE, ' &#8482;', ...COCKNEY.map((w) => w.replace(/'/g, APOS))];

const re = (source: string) => new RegExp(source, 'g');
type Rule = [RegExp, string];

// The pattern arrays in WordPress's order; PHP applies each pattern to the whole string in turn.
const APOS_RULES: Rule[] = [
  // '99' and '99" are ambiguous; WordPress assumes an abbreviated year at the end of a quotation.
  [re(`'(\\d\\d)'(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`), `${APOS_FLAG}$1${CLOSING_SINGLE}`],
  [re(`'(\\d\\d)"(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`), `${APOS_FLAG}$1${CLOSING_DOUBLE}`],
  // '99 '99s '99's (apostrophe), but never '9 or '99% or '999 or '99.0.
  [re(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`), APOS_FLAG],
  // Quoted numbers like '0.42'.
  [re(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`), `${OPEN_SQ_FLAG}$1${CLOSING_SINGLE}`],
  // Single quote at start, or preceded by (, {, <, [, ", -, or spaces.
  [re(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`), OPEN_SQ_FLAG],
  // Apostrophe in a word: no spaces, double apostrophes or other punctuation around it.
  [re(`(?<!${SPACES})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`), APOS_FLAG],
];

const QUOTE_RULES: Rule[] = [
  // Quoted numbers like "42".
  [re(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`), `${OPEN_Q_FLAG}$1${CLOSING_DOUBLE}`],
  // Double quote at start, or preceded by (, {, <, [, -, or spaces, and not followed by spaces.
  [re(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`), OPEN_Q_FLAG],
];

const DASH_RULES: Rule[] = [
  [/---/g, EM_DASH],
  [re(`(?<=^|${SPACES})--(?=${END}|${SPACES})`), EM_DASH],
  [/(?<!xn)--/g, EN_DASH], // xn-- is a punycode prefix, not a dash.
  [re(`(?<=^|${SPACES})-(?=${END}|${SPACES})`), EN_DASH],
];

// An & that does not already start an entity.
const LONE_AMP = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

// _get_wptexturize_split_regex(): HTML comments and elements are delimiters, and registered shortcodes' tags.
const HTML = '<(?:(?=!--)!(?:-(?!->)[^-]*)*(?:-->)?|(?!!--)[^>]*>?)';
const SPLIT = new RegExp(`(${HTML})`);

/**
 * _get_wptexturize_shortcode_regex(): an opening, closing or [[escaped]] tag of a registered shortcode, which may
 * hold HTML elements but no other bracket. PHP's possessive loop is a loop of single characters here: with no
 * way to match a character twice, backtracking stays linear and finds no other match.
 */
function texturizeSplit(tagnames: readonly string[]): RegExp {
  if (tagnames.length === 0) return SPLIT;
  const shortcode = `\\[[\\/\\[]?(?:${tagnames.map(quoteTag).join('|')})(?=[\\t\\n\\v\\f\\r \\]\\/])(?:[^\\[\\]<>]|<[^\\[\\]>]*>)*\\]\\]?`;
  return new RegExp(`(${HTML}|${shortcode})`);
}

function applyRules(text: string, rules: Rule[]): string {
  return rules.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

function replaceAll(text: string, from: string, to: string): string {
  return text.split(from).join(to);
}

/**
 * wptexturize_primes(): decides whether a ' or " after a digit is a prime (9' = nine feet) or a closing quote,
 * sentence by sentence (the text between opening quotes).
 */
function texturizePrimes(
  haystack: string,
  needle: string,
  prime: string,
  openQuote: string,
  closeQuote: string,
): string {
  const flag = '<!--wp-prime-or-quote-->';
  const quotePattern = re(`${needle}(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`);
  const primePattern = re(`(?<=\\d)${needle}`);
  const flagAfterDigit = re(`(?<=\\d)${flag}`);
  const flagNoDigit = re(`(?<!\\d)${flag}`);

  const sentences = haystack.split(openQuote);
  sentences.forEach((original, key) => {
    let sentence = original;
    if (!sentence.includes(needle)) return;
    if (key !== 0 && !sentence.includes(closeQuote)) {
      let count = 0;
      sentence = sentence.replace(quotePattern, () => (count++, flag));
      if (count > 1) {
        // Several closing-quote candidates: the one not after a digit wins ("Vulcan logic").
        let count2 = 0;
        sentence = sentence.replace(flagNoDigit, () => (count2++, closeQuote));
        if (count2 === 0) {
          // Prefer the rightmost candidate followed by a period, else the rightmost one.
          const pos = sentence.includes(`${flag}.`) ? sentence.lastIndexOf(`${flag}.`) : sentence.lastIndexOf(flag);
          sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + flag.length);
        }
        sentence = sentence.replace(primePattern, prime).replace(flagAfterDigit, prime);
        sentence = replaceAll(sentence, flag, closeQuote);
      } else if (count === 1) {
        // Only one closing-quote candidate: it beats primes.
        sentence = replaceAll(sentence, flag, closeQuote).replace(primePattern, prime);
      } else {
        sentence = sentence.replace(primePattern, prime);
      }
    } else {
      sentence = sentence.replace(primePattern, prime).replace(quotePattern, closeQuote);
    }
    if (needle === '"' && sentence.includes('"')) sentence = replaceAll(sentence, '"', closeQuote);
    sentences[key] = sentence;
  });
  return sentences.join(openQuote);
}

/**
 * _wptexturize_pushpop_element(): tracks whether we are inside a <pre>, <code>… (or a [code] shortcode) whose text
 * must stay as typed.
 */
function pushPopElement(tag: string, stack: string[], disabled: readonly string[]): void {
  let opening: boolean;
  let nameOffset: number;
  if (tag.length > 1 && tag[1] !== '/') {
    opening = true;
    nameOffset = 1;
  } else if (stack.length === 0) {
    return;
  } else {
    opening = false;
    nameOffset = 2;
  }
  const space = tag.indexOf(' ');
  const name = space === -1 ? tag.slice(nameOffset, -1) : tag.slice(nameOffset, space);
  if (!disabled.includes(name)) return;
  // An opening tag disables texturizing until its own closing tag, even across bad nesting.
  if (opening) stack.push(name);
  else if (stack[stack.length - 1] === name) stack.pop();
}

function texturizeText(text: string): string {
  let curl = text;
  for (let i = 0; i < STATIC_FROM.length; i++) curl = replaceAll(curl, STATIC_FROM[i], STATIC_TO[i]);

  if (curl.includes("'")) {
    curl = applyRules(curl, APOS_RULES);
    curl = texturizePrimes(curl, "'", PRIME, OPEN_SQ_FLAG, CLOSING_SINGLE);
    curl = replaceAll(curl, APOS_FLAG, APOS);
    curl = replaceAll(curl, OPEN_SQ_FLAG, OPENING_SINGLE);
  }
  if (curl.includes('"')) {
    curl = applyRules(curl, QUOTE_RULES);
    curl = texturizePrimes(curl, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSING_DOUBLE);
    curl = replaceAll(curl, OPEN_Q_FLAG, OPENING_DOUBLE);
  }
  if (curl.includes('-')) curl = applyRules(curl, DASH_RULES);

  // 9x9 (times), but never 0x9999 (PCRE's conditional "0 needs more digits" spelled as an alternation).
  if (/(?<=\d)x\d/.test(curl)) curl = curl.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');

  return curl.replace(LONE_AMP, '&#038;');
}

/**
 * wptexturize(): typographic entities in text, leaving tags, comments and <pre>/<code>/<kbd>/<style>/<script>/<tt>
 * alone, and the tags of the registered shortcodes given (their attributes stay as typed; the text they enclose
 * is texturized). Any other [name] is text like the rest.
 */
export function wptexturize(text: string, shortcodeTags: readonly string[] = []): string {
  if (text === '' || text === '0') return text;
  const typed = shortcodeTags.length > 0 ? namesAfterBrackets(text, true) : new Set<string>();
  // Odd indexes are the delimiters the split captured.
  const parts = text.split(texturizeSplit(shortcodeTags.filter((tag) => typed.has(tag))));
  const tagStack: string[] = [];
  const shortcodeStack: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '') continue;
    if (i % 2 === 1 && part[0] === '<') {
      if (part.startsWith('<!--')) continue;
      // Inside an element only the ampersands change.
      parts[i] = part.replace(LONE_AMP, '&#038;');
      pushPopElement(parts[i], tagStack, NO_TEXTURIZE_TAGS);
    } else if (phpTrim(part) === '') {
      continue;
    } else if (i % 2 === 1) {
      // A registered shortcode's tag: left as typed; [[escaped]] ones do not open or close anything.
      if (!part.startsWith('[[') && !part.endsWith(']]')) pushPopElement(part, shortcodeStack, NO_TEXTURIZE_SHORTCODES);
    } else if (tagStack.length === 0 && shortcodeStack.length === 0) {
      parts[i] = texturizeText(part);
    }
  }
  return parts.join('');
}

/** convert_chars(): an & that does not start a named entity becomes &#038;. */
export function convertChars(content: string): string {
  if (!content.includes('&')) return content;
  return content.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1');
}

/** capital_P_dangit() for titles: a plain replacement. */
export function capitalPDangitTitle(text: string): string {
  return replaceAll(text, 'Wordpress', 'WordPress');
}

/** capital_P_dangit() for content: only where the word clearly starts (not in URLs or file names). */
export function capitalPDangit(text: string): string {
  for (const prefix of [' ', '&#8216;', OPENING_DOUBLE, '>', '('])
    text = replaceAll(text, `${prefix}Wordpress`, `${prefix}WordPress`);
  return text;
}
