/**
 * WordPress's kses allow-lists (wp-includes/kses.php, WordPress 6.5) and its inline-style filter, as data and
 * pure functions for the sanitize-html configuration in sanitize.ts.
 */
import { WP_ALLOWED_PROTOCOLS } from '@loom/contracts';
import { phpTrim } from './texturize';

/** _wp_add_global_attributes(): allowed on every post tag ('data-*' is a wildcard). */
export const GLOBAL_ATTRIBUTES = [
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-details',
  'aria-expanded',
  'aria-hidden',
  'aria-label',
  'aria-labelledby',
  'aria-live',
  'class',
  'data-*',
  'dir',
  'hidden',
  'id',
  'lang',
  'style',
  'title',
  'role',
  'xml:lang',
];

const ALIGN = ['align'];
const CELL = ['align', 'char', 'charoff', 'valign'];
const TABLE_CELL = [
  'abbr',
  'align',
  'axis',
  'bgcolor',
  'char',
  'charoff',
  'colspan',
  'headers',
  'height',
  'nowrap',
  'rowspan',
  'scope',
  'valign',
  'width',
];

/**
 * $allowedposttags, tag => its own attributes (the global ones come on top). Left out on purpose:
 * `object` (WordPress allows it only for a PDF on the site's own upload host, which we cannot check) and the
 * raw-text elements `textarea` and `title`, whose contents parsers disagree about.
 */
export const ALLOWED_POST_TAGS: Readonly<Record<string, string[]>> = {
  address: [],
  a: ['href', 'rel', 'rev', 'name', 'target', 'download'],
  abbr: [],
  acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'],
  article: ALIGN,
  aside: ALIGN,
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'],
  b: [],
  bdo: [],
  big: [],
  blockquote: ['cite'],
  br: [],
  button: ['disabled', 'name', 'type', 'value'],
  caption: ALIGN,
  cite: [],
  code: [],
  col: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
  colgroup: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
  del: ['datetime'],
  dd: [],
  dfn: [],
  details: ['align', 'open'],
  div: ALIGN,
  dl: [],
  dt: [],
  em: [],
  fieldset: [],
  figure: ALIGN,
  figcaption: ALIGN,
  font: ['color', 'face', 'size'],
  footer: ALIGN,
  h1: ALIGN,
  h2: ALIGN,
  h3: ALIGN,
  h4: ALIGN,
  h5: ALIGN,
  h6: ALIGN,
  header: ALIGN,
  hgroup: ALIGN,
  hr: ['align', 'noshade', 'size', 'width'],
  i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'],
  ins: ['datetime', 'cite'],
  kbd: [],
  label: ['for'],
  legend: ALIGN,
  li: ['align', 'value'],
  main: ALIGN,
  map: ['name'],
  mark: [],
  menu: ['type'],
  nav: ALIGN,
  p: ALIGN,
  pre: ['width'],
  q: ['cite'],
  rb: [],
  rp: [],
  rt: [],
  rtc: [],
  ruby: [],
  s: [],
  samp: [],
  span: ALIGN,
  section: ALIGN,
  small: [],
  strike: [],
  strong: [],
  sub: [],
  summary: ALIGN,
  sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'],
  tbody: CELL,
  td: TABLE_CELL,
  tfoot: CELL,
  th: TABLE_CELL,
  thead: CELL,
  tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'],
  tt: [],
  u: [],
  ul: ['type'],
  ol: ['start', 'type', 'reversed'],
  var: [],
  video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

/** $allowedtags: what wp_filter_kses() leaves in a title (no global attributes here). */
export const ALLOWED_TITLE_TAGS: Readonly<Record<string, string[]>> = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
};

/** wp_allowed_protocols(), shared with esc_url_raw() (@loom/contracts). */
export const ALLOWED_PROTOCOLS = WP_ALLOWED_PROTOCOLS;

/** wp_kses_uri_attributes(): the attributes whose values are URLs and get the protocol check. */
export const URI_ATTRIBUTES = [
  'action',
  'archive',
  'background',
  'cite',
  'classid',
  'codebase',
  'data',
  'formaction',
  'href',
  'icon',
  'longdesc',
  'manifest',
  'poster',
  'profile',
  'src',
  'usemap',
  'xmlns',
];

/** safecss_filter_attr()'s safe_style_css list ('--*' custom properties are handled separately). */
const SAFE_CSS = new Set([
  'background',
  'background-color',
  'background-image',
  'background-position',
  'background-repeat',
  'background-size',
  'background-attachment',
  'background-blend-mode',
  'border',
  'border-radius',
  'border-width',
  'border-color',
  'border-style',
  'border-right',
  'border-right-color',
  'border-right-style',
  'border-right-width',
  'border-bottom',
  'border-bottom-color',
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'border-bottom-style',
  'border-bottom-width',
  'border-left',
  'border-left-color',
  'border-left-style',
  'border-left-width',
  'border-top',
  'border-top-color',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-top-style',
  'border-top-width',
  'border-spacing',
  'border-collapse',
  'caption-side',
  'columns',
  'column-count',
  'column-fill',
  'column-gap',
  'column-rule',
  'column-span',
  'column-width',
  'color',
  'filter',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'height',
  'min-height',
  'max-height',
  'width',
  'min-width',
  'max-width',
  'margin',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'margin-top',
  'margin-block-start',
  'margin-block-end',
  'margin-inline-start',
  'margin-inline-end',
  'padding',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'padding-top',
  'padding-block-start',
  'padding-block-end',
  'padding-inline-start',
  'padding-inline-end',
  'flex',
  'flex-basis',
  'flex-direction',
  'flex-flow',
  'flex-grow',
  'flex-shrink',
  'flex-wrap',
  'gap',
  'row-gap',
  'grid-template-columns',
  'grid-auto-columns',
  'grid-column-start',
  'grid-column-end',
  'grid-column-gap',
  'grid-template-rows',
  'grid-auto-rows',
  'grid-row-start',
  'grid-row-end',
  'grid-row-gap',
  'grid-gap',
  'justify-content',
  'justify-items',
  'justify-self',
  'align-content',
  'align-items',
  'align-self',
  'clear',
  'cursor',
  'direction',
  'float',
  'list-style-type',
  'object-fit',
  'object-position',
  'overflow',
  'vertical-align',
  'writing-mode',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'box-shadow',
  'aspect-ratio',
]);
const CSS_URL_PROPERTIES = ['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image'];
const CSS_GRADIENT_PROPERTIES = ['background', 'background-image'];

/**
 * Whether wp_kses_bad_protocol() would change the URL: its scheme (the part before the first colon, written
 * plainly or as an entity, when no / or ? comes first) is not an allowed protocol.
 */
export function hasBadProtocol(url: string): boolean {
  const match = /^([\s\S]*?)(?::|&#0*58;|&#x0*3a;|&colon;)/i.exec(url);
  if (!match || /[/?]/.test(match[1])) return false;
  const scheme = match[1]
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/[\s\0]/g, '')
    .toLowerCase();
  return !ALLOWED_PROTOCOLS.includes(scheme);
}

/** Removes var(), calc()… with balanced parentheses, as PHP's recursive (?1) pattern does; an unbalanced one stays. */
function removeCssFunctions(css: string): string {
  const fn = /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/g;
  let out = '';
  let last = 0;
  for (let match = fn.exec(css); match; match = fn.exec(css)) {
    let depth = 0;
    let end = -1;
    for (let i = match.index + match[0].length - 1; i < css.length && end === -1; i++) {
      if (css[i] === '(') depth++;
      else if (css[i] === ')' && --depth === 0) end = i;
    }
    if (end === -1) continue;
    out += css.slice(last, match.index);
    last = end + 1;
    fn.lastIndex = end + 1;
  }
  return out + css.slice(last);
}

/**
 * safecss_filter_attr(): keeps the declarations of allowed properties whose values hold no \ ( & } = or comment
 * outside url() (with an allowed protocol), gradients and var()/calc()-style functions; '' when nothing is left.
 */
export function safecssFilterAttr(style: string): string {
  const items = phpTrim(style.replace(/\0/g, '').replace(/[\n\r\t]/g, '')).split(';');
  const kept: string[] = [];
  for (const rawItem of items) {
    if (rawItem === '') continue;
    const item = phpTrim(rawItem);
    let test = item;
    let found = false;
    let urlAttr = false;
    let gradientAttr = false;
    let value = '';
    const colon = item.indexOf(':');
    if (colon === -1) {
      found = true; // As WordPress: a piece without a property is judged by the character test alone.
    } else {
      const property = phpTrim(item.slice(0, colon));
      value = item.slice(colon + 1);
      const customProperty = /^--[a-zA-Z0-9-_]+$/.test(property);
      if (SAFE_CSS.has(property) || customProperty) {
        found = true;
        urlAttr = CSS_URL_PROPERTIES.includes(property);
        gradientAttr = CSS_GRADIENT_PROPERTIES.includes(property);
      }
      if (customProperty) {
        urlAttr = phpTrim(value).startsWith('url(');
        gradientAttr = value.includes('-gradient(');
      }
    }
    if (found && urlAttr) {
      for (const urlMatch of value.match(/url\([^)]+\)/g) ?? []) {
        const url = phpTrim(/^url\(\s*(['"]?)(.*)(\1)\s*\)$/.exec(urlMatch)?.[2] ?? '');
        if (url === '' || hasBadProtocol(url)) {
          found = false;
          break;
        }
        test = test.split(urlMatch).join('');
      }
    }
    if (found && gradientAttr) {
      const gradient = phpTrim(value);
      if (/^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/.test(gradient))
        test = test.split(gradient).join('');
    }
    if (found && !/[\\(&=}]|\/\*/.test(removeCssFunctions(test))) kept.push(item);
  }
  return kept.join(';');
}
