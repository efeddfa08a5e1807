/**
 * A comment's text as WordPress 6.4 saves and shows it (default-filters.php, formatting.php, kses.php).
 *
 * On save (pre_comment_content): wp_filter_kses() with the small $allowedtags list for a user without
 * unfiltered_html (kses_init_filters), then wp_rel_ugc() (priority 15) for everyone. balanceTags (only with the
 * use_balanceTags option, off by default) and convert_invalid_entities (Windows-1252 entities) are not applied.
 *
 * On display (comment_text), in priority order: make_clickable (9), wptexturize and convert_chars (10),
 * convert_smilies (20: off, Loom draws no smilies), force_balance_tags (25: not applied; kses has already balanced
 * what users without unfiltered_html write), wpautop (30), capital_P_dangit (31).
 */
import { wpautop } from './autop';
import { escAttr, escUrl } from './escape';
import { wpFilterKses } from './sanitize';
import { capitalPDangit, convertChars, wptexturize } from './texturize';

/** wp_is_internal_link(): the URL's host is the site's (compared without case). */
function isInternal(url: string, homeUrl: string): boolean {
  try {
    return new URL(url).host.toLowerCase() === new URL(homeUrl).host.toLowerCase();
  } catch {
    return false;
  }
}

/** wp_kses_hair()'s attribute list, good enough to find `href` and `rel` and write the others back as they were. */
function parseAttributes(text: string): { name: string; value: string | null }[] {
  const out: { name: string; value: string | null }[] = [];
  const re = /([-\w:.]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const m of text.matchAll(re)) out.push({ name: m[1]!.toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? null });
  return out;
}

/**
 * wp_rel_callback(): the link gets `rel` (an internal link loses `nofollow`), merged with a rel it already has. With
 * a rel of its own the attributes are written back escaped, as WordPress does; without, they stay as typed.
 */
function relCallback(inner: string, rel: string, homeUrl: string): string {
  const atts = parseAttributes(inner);
  const href = atts.find((a) => a.name === 'href')?.value;
  let wanted = rel;
  if (href && isInternal(href, homeUrl)) wanted = wanted.replace('nofollow', '').trim();
  let text = inner;
  const own = atts.find((a) => a.name === 'rel');
  if (own) {
    const parts = [...own.value!.split(' ').map((p) => p.trim()), ...wanted.split(' ').map((p) => p.trim())];
    wanted = [...new Set(parts)].join(' ');
    text = atts
      .filter((a) => a.name !== 'rel')
      .map((a) => (a.value === null ? a.name : `${a.name}="${escAttr(a.value)}"`))
      .join(' ');
  }
  return `<a ${text}${wanted ? ` rel="${escAttr(wanted)}"` : ''}>`;
}

/** wp_rel_ugc(): every link a comment's author wrote is `nofollow ugc` (internal ones `ugc`). */
export function relUgc(text: string, homeUrl: string): string {
  return text.replace(/<a (.+?)>/gi, (_, inner: string) => relCallback(inner, 'nofollow ugc', homeUrl));
}

/**
 * What pre_comment_content makes of a comment's text: kses for a user without unfiltered_html, then wp_rel_ugc.
 * `homeUrl` tells internal links from external ones.
 */
export function sanitizeCommentContent(raw: string, opts: { unfilteredHtml: boolean; homeUrl: string }): string {
  const text = opts.unfilteredHtml ? raw : wpFilterKses(raw);
  return relUgc(text, opts.homeUrl);
}

/** _make_clickable_rel_attr() under comment_text: `nofollow` for external http(s) links, always `ugc`. */
function clickableRel(url: string, homeUrl: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  const parts = !isInternal(url, homeUrl) && (scheme === 'http' || scheme === 'https') ? ['nofollow'] : [];
  parts.push('ugc');
  return ` rel="${escAttr(parts.join(' '))}"`;
}

const count = (s: string, c: string) => s.split(c).length - 1;

// make_clickable()'s patterns. PHP's possessive quantifiers are plain ones here: the classes they separate do not
// overlap, so the match is the same. Bytes \x80-\xff are the non-ASCII characters of a JavaScript string.
const URL_CHARS = String.raw`[\w\u0080-\uffff#%~/@[\]*(+=&$-]`;
const URL_CLICKABLE = new RegExp(
  String.raw`([\s(<.,;:!?])([\w]{1,20}:\/\/(?=\S{1,2000}\s)${URL_CHARS}*(?:['.,;:!?)]${URL_CHARS}+)*)(\)?)`,
  'g',
);
const WEB_FTP_CLICKABLE = /([\s>])((www|ftp)\.[\w\u0080-\uffff#$%&~/.\-;:=,?@[\]+]+)/gi;
const EMAIL_CLICKABLE = /([\s>])([.0-9a-z_+-]+)@(([0-9a-z-]+\.)+[0-9a-z]{2,})/gi;

function clickablePiece(piece: string, homeUrl: string): string {
  let ret = ` ${piece} `;
  ret = ret.replace(URL_CLICKABLE, (whole, lead: string, found: string, paren: string) => {
    let url = found;
    let suffix = paren;
    if (paren === ')' && url.indexOf('(') > 0) {
      url += paren;
      suffix = '';
    }
    // Parentheses belong to the URL only when paired.
    while (count(url, '(') < count(url, ')')) {
      const at = url.lastIndexOf(')');
      suffix = url.slice(at) + suffix;
      url = url.slice(0, at);
    }
    const href = escUrl(url);
    if (!href) return whole;
    return `${lead}<a href="${href}"${clickableRel(href, homeUrl)}>${href}</a>${suffix}`;
  });
  ret = ret.replace(WEB_FTP_CLICKABLE, (whole, lead: string, found: string) => {
    let dest = `http://${found}`;
    let trail = '';
    if ('.,;:)'.includes(dest.slice(-1))) {
      trail = dest.slice(-1);
      dest = dest.slice(0, -1);
    }
    const href = escUrl(dest);
    if (!href) return whole;
    return `${lead}<a href="${href}"${clickableRel(href, homeUrl)}>${href}</a>${trail}`;
  });
  ret = ret.replace(EMAIL_CLICKABLE, (_, lead: string, user: string, domain: string) => {
    const email = `${user}@${domain}`;
    return `${lead}<a href="mailto:${email}">${email}</a>`;
  });
  return ret.slice(1, -1);
}

/** _split_str_by_whitespace(): chunks of about `goal` characters, each ending with whitespace where it can. */
function splitByWhitespace(text: string, goal: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (goal < rest.length) {
    let pos = -1;
    for (let i = Math.min(goal, rest.length - 1); i >= 0; i--)
      if (/\s/.test(rest[i]!)) {
        pos = i;
        break;
      }
    if (pos < 0) {
      const m = /\s/.exec(rest.slice(goal + 1));
      if (!m) break;
      pos = goal + 1 + m.index;
    }
    chunks.push(rest.slice(0, pos + 1));
    rest = rest.slice(pos + 1);
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/** make_clickable(): bare URLs, www./ftp. hosts and e-mail addresses become links, outside tags and code. */
export function makeClickable(text: string, homeUrl: string): string {
  let out = '';
  let nested = 0;
  for (const piece of text.split(/(<[^<>]+>)/)) {
    if (/^<(code|pre|script|style)[\s>]/i.test(piece)) nested++;
    else if (nested && /^<\/(code|pre|script|style)>$/i.test(piece)) nested--;
    if (nested || piece === '' || (piece[0] === '<' && !/^<\s*[\w]{1,20}:\/\//.test(piece))) {
      out += piece;
      continue;
    }
    // Long strings might hold expensive edge cases: they are broken up, and a chunk without whitespace is left alone.
    if (piece.length > 10000) {
      for (const chunk of splitByWhitespace(piece, 2100))
        out += chunk.length > 2101 ? chunk : makeClickable(chunk, homeUrl);
    } else out += clickablePiece(piece, homeUrl);
  }
  // Links made inside links are undone.
  return out.replace(/(<a([ \r\n\t]+[^>]+?>|>))<a [^>]+?>([^>]+?)<\/a><\/a>/gi, '$1$3</a>');
}

/** comment_text as the REST comments controller renders `content.rendered`. */
export function renderCommentText(raw: string, homeUrl: string): string {
  return capitalPDangit(wpautop(convertChars(wptexturize(makeClickable(raw, homeUrl)))));
}
