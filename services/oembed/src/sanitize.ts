/**
 * WP_oEmbed::data2html() and the filters WordPress runs on its result (`oembed_dataparse`): the iframe's title
 * (wp_filter_oembed_iframe_title_attribute), the sanitising of untrusted providers' HTML (wp_filter_oembed_result)
 * and the removal of line breaks outside <pre> (WP_oEmbed::_strip_newlines).
 */
import { escAttr, escUrl, wpKses } from '@loom/rendering';
import { embedSecret } from './embed-html';

export type OembedData = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** PHP's is_numeric() for what JSON or XML gives. */
const numeric = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v));
const nonEmpty = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== '0' && v !== false;

/** The HTML of a provider's answer by its type, or false. */
function baseHtml(data: OembedData, url: string): string | false {
  switch (data.type) {
    case 'photo': {
      if (!nonEmpty(data.url) || !nonEmpty(data.width) || !nonEmpty(data.height)) return false;
      if (typeof data.url !== 'string' || !numeric(data.width) || !numeric(data.height)) return false;
      const title = str(data.title) ?? '';
      return `<a href="${escUrl(url)}"><img src="${escUrl(data.url)}" alt="${escAttr(title)}" width="${escAttr(String(data.width))}" height="${escAttr(String(data.height))}" /></a>`;
    }
    case 'video':
    case 'rich':
      return str(data.html) ?? false;
    case 'link': {
      const title = str(data.title);
      return title ? `<a href="${escUrl(url)}">${escAttr(title)}</a>` : false;
    }
    default:
      return false;
  }
}

interface Attr {
  name: string;
  value: string;
  whole: string;
}

/** An HTML tag's attributes (wp_kses_hair, approximately): name, unquoted value, and the attribute as written. */
function attributes(text: string): Attr[] {
  const out: Attr[] = [];
  const re = /([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (let m = re.exec(text); m; m = re.exec(text))
    out.push({ name: m[1]!, value: m[2] ?? m[3] ?? m[4] ?? '', whole: m[0] });
  return out;
}

/** wp_filter_oembed_iframe_title_attribute(): the iframe gets a title, its own or the data's. */
function iframeTitle(html: string | false, data: OembedData): string | false {
  if (html === false || (data.type !== 'rich' && data.type !== 'video')) return html;
  let title = str(data.title) ?? '';
  const tag = /<iframe([^>]*)>/i.exec(html);
  const attrs = tag ? attributes(tag[1]!) : [];
  const own = attrs.find((a) => a.name.toLowerCase() === 'title');
  if (own?.value) title = own.value;
  if (title === '') return html;
  let out = html;
  if (tag && own)
    out = out.replace(
      tag[0],
      `<iframe ${attrs
        .filter((a) => a !== own)
        .map((a) => a.whole)
        .join(' ')}>`.replace(/ >$/, '>'),
    );
  return out.replace(/<iframe /gi, `<iframe title="${escAttr(title)}" `);
}

const FIRST_PASS: Record<string, string[]> = {
  a: ['href'],
  blockquote: [],
  iframe: ['src', 'width', 'height', 'frameborder', 'marginwidth', 'marginheight', 'scrolling', 'title'],
};
const SECOND_PASS: Record<string, string[]> = {
  ...FIRST_PASS,
  blockquote: ['data-secret'],
  iframe: [...FIRST_PASS.iframe!, 'data-secret'],
};

/**
 * wp_filter_oembed_result() for an untrusted (discovered) provider: only a[href], blockquote and an iframe's
 * dimensions, src and title survive; an iframe is required; it gets a fresh secret shared with the blockquote,
 * `sandbox="allow-scripts"` and `security="restricted"`, and stays hidden until the host script hears from it when
 * a blockquote is there to show meanwhile.
 */
export function filterUntrusted(html: string | false, data: OembedData): string | false {
  if (html === false || (data.type !== 'rich' && data.type !== 'video')) return html;
  let out = wpKses(html, FIRST_PASS);
  const content = /(<blockquote>[\s\S]*?<\/blockquote>)?[\s\S]*(<iframe[\s\S]*?><\/iframe>)/.exec(out);
  if (!content?.[2]) return false;
  out = (content[1] ?? '') + content[2];
  const src = / src=(['"])(.*?)\1/.exec(out);
  if (src) {
    const secret = embedSecret();
    const q = src[1]!;
    out = out.replace(src[0], ` src=${q}${escUrl(`${src[2]}#?secret=${secret}`)}${q} data-secret=${q}${secret}${q}`);
    out = out.split('<blockquote').join(`<blockquote data-secret="${secret}"`);
  }
  out = wpKses(out, SECOND_PASS);
  if (content[1]) {
    out = out.split('<iframe').join('<iframe style="position: absolute; visibility: hidden;"');
    out = out.split('<blockquote').join('<blockquote class="wp-embedded-content"');
  }
  return out.replace(/<iframe/gi, '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"');
}

/** WP_oEmbed::_strip_newlines(): line breaks go, except inside <pre>. */
function stripNewlines(html: string | false): string | false {
  if (html === false || !html.includes('\n')) return html;
  return html
    .split(/(<pre[^>]*>[\s\S]+?<\/pre>)/i)
    .map((part, i) => (i % 2 ? part : part.replace(/\r?\n/g, '')))
    .join('');
}

/** data2html() with its filters: `trusted` when the URL's provider is on the sanctioned list. */
export function dataToHtml(data: OembedData, url: string, trusted: boolean): string | false {
  let html = iframeTitle(baseHtml(data, url), data);
  if (!trusted) html = filterUntrusted(html, data);
  return stripNewlines(html);
}
