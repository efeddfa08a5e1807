/**
 * render_block_core_navigation_link() (block-library/src/navigation-link/index.php, WordPress 6.4) as the REST API
 * meets it: no queried object (so no current-menu-item), no parent Navigation block's context (font sizes, the
 * submenu icon). Of the block supports, the custom class name and the generated class name apply; typography
 * supports (a link's own font size or family) are not ported.
 */
import type { BlockRenderer, ParsedBlock } from './blocks';
import { escAttr, escUrl } from './escape';
import { sanitizePostContent } from './sanitize';

/** PHP's empty(). */
export const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === false ||
  v === '' ||
  v === 0 ||
  v === '0' ||
  (Array.isArray(v) && v.length === 0);

/** PHP's is_numeric() for what a block attribute can hold. */
export const isNumeric = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(v));

/** rawurldecode(): %XX octets decoded, anything else (a stray %, a +) left as it is. */
function rawurldecode(s: string): string {
  if (!s.includes('%')) return s;
  const bytes = Buffer.from(s, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? bytes.toString('latin1', i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(bytes[i]!);
  }
  return Buffer.from(out).toString('utf8');
}

/** urldecode(): rawurldecode() with `+` as a space. */
const urldecode = (s: string) => rawurldecode(s.replace(/\+/g, ' '));

/**
 * block_core_navigation_link_maybe_urldecode(): a URL whose query values are still encoded once parse_str() has
 * decoded them (an encoded URL) is decoded once.
 */
function maybeUrldecode(url: string): string {
  const query = /\?([^#]*)/.exec(url)?.[1] ?? '';
  const encoded = query.split('&').some((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).includes('[')) return false;
    const value = urldecode(pair.slice(eq + 1));
    return value !== '' && value !== '0' && rawurldecode(value) !== value;
  });
  return encoded ? rawurldecode(url) : url;
}

/** The post a link to a post or page names (get_post( $id ) of its render callback), if any. */
/** The post a link (or a submenu's parent link) names, if it names one: its status decides whether it renders. */
export function navigationLinkPost(block: ParsedBlock): number | undefined {
  const a = block.attrs ?? {};
  const isPostType = a.kind === 'post-type' || a.type === 'post' || a.type === 'page';
  return isPostType && isNumeric(a.id) ? Math.trunc(Number(a.id)) : undefined;
}

export const renderNavigationLink: BlockRenderer = (block, ctx, renderInner) => {
  const a = block.attrs ?? {};
  // Links to a post that is gone or not published render nothing, their submenu included.
  const post = navigationLinkPost(block);
  if (post !== undefined && ctx.postStatus && ctx.postStatus(post) !== 'publish') return '';
  if (isEmpty(a.label)) return '';

  const hasSubmenu = block.innerBlocks.length > 0;
  // get_block_wrapper_attributes(): the callback's classes, then the supports' (custom class name, generated name).
  const supports = [
    typeof a.className === 'string' && a.className !== '' ? a.className : '',
    'wp-block-navigation-link',
  ]
    .filter(Boolean)
    .join(' ');
  const classes = ` wp-block-navigation-item${hasSubmenu ? ' has-child' : ''} ${supports}`;
  let html = `<li class="${escAttr(classes)}"><a class="wp-block-navigation-item__content" `;
  if (a.url !== undefined && a.url !== null) html += ` href="${escUrl(maybeUrldecode(String(a.url)))}"`;
  if (a.opensInNewTab === true) html += ' target="_blank"  ';
  if (a.rel !== undefined && a.rel !== null) html += ` rel="${escAttr(String(a.rel))}"`;
  else if (!isEmpty(a.nofollow)) html += ' rel="nofollow"';
  if (a.title !== undefined && a.title !== null) html += ` title="${escAttr(String(a.title))}"`;
  html += `><span class="wp-block-navigation-item__label">${sanitizePostContent(String(a.label))}</span>`;
  if (!isEmpty(a.description))
    html += `<span class="wp-block-navigation-item__description">${sanitizePostContent(String(a.description))}</span>`;
  html += '</a>';
  if (hasSubmenu)
    html += `<ul class="wp-block-navigation__submenu-container">${block.innerBlocks.map(renderInner).join('')}</ul>`;
  return `${html}</li>`;
};
