/**
 * render_block_core_navigation_submenu() and render_block_core_home_link() (wp-includes/blocks/navigation-submenu.php,
 * home-link.php, WordPress 6.4): a submenu's item with its toggle and its list of inner items, and the link home,
 * styled from what their navigation provides (BlockContext.blockContext). Loom renders for a REST request: no item is
 * the current page.
 */
import type { BlockContext, BlockRenderer } from './blocks';
import { escAttr, escUrl } from './escape';
import { isEmpty, navigationLinkPost } from './navigation-link';
import { sanitizePostContent } from './sanitize';

type Context = Readonly<Record<string, unknown>>;
const typography = (c: Context) =>
  ((c.style as Record<string, Record<string, unknown>> | undefined)?.typography ?? {}) as Record<string, unknown>;
const colorStyle = (c: Context) =>
  ((c.style as Record<string, Record<string, unknown>> | undefined)?.color ?? {}) as Record<string, unknown>;

/** block_core_*_build_css_font_sizes(): the named size's class, else the custom size inline. */
function fontSizes(c: Context): { classes: string[]; style: string } {
  if (Object.hasOwn(c, 'fontSize')) return { classes: [`has-${String(c.fontSize)}-font-size`], style: '' };
  const size = typography(c).fontSize;
  return size !== undefined && size !== null
    ? { classes: [], style: `font-size: ${String(size)};` }
    : { classes: [], style: '' };
}

/** The submenu icon (block_core_navigation_submenu_render_submenu_icon()). */
const SUBMENU_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12" fill="none" aria-hidden="true" focusable="false"><path d="M1.50002 4L6.00002 8L10.5 4" stroke-width="1.5"></path></svg>';

/** get_block_wrapper_attributes() of these blocks: their own classes, then the supports' (a custom class name). */
function wrapper(
  block: { attrs?: Record<string, unknown> | null },
  name: string,
  classes: string,
  style: string,
): string {
  const custom =
    typeof block.attrs?.className === 'string' && block.attrs.className !== '' ? ` ${block.attrs.className}` : '';
  const cls = `${classes} wp-block-${name}${custom}`.trim() === '' ? '' : `${classes} wp-block-${name}${custom}`;
  return `${style ? `style="${escAttr(style)}" ` : ''}class="${escAttr(cls)}"`;
}

/** wp_apply_colors_support() of the submenu list: its navigation's overlay colors. */
function overlayColors(c: Context): { classes: string; style: string } {
  const classes: string[] = [];
  let style = '';
  if (Object.hasOwn(c, 'overlayTextColor')) classes.push('has-text-color', `has-${String(c.overlayTextColor)}-color`);
  else if (Object.hasOwn(c, 'customOverlayTextColor')) {
    classes.push('has-text-color');
    style += `color:${String(c.customOverlayTextColor)};`;
  }
  if (Object.hasOwn(c, 'overlayBackgroundColor'))
    classes.push('has-background', `has-${String(c.overlayBackgroundColor)}-background-color`);
  else if (Object.hasOwn(c, 'customOverlayBackgroundColor')) {
    classes.push('has-background');
    style += `background-color:${String(c.customOverlayBackgroundColor)};`;
  }
  return { classes: classes.join(' '), style };
}

export const renderNavigationSubmenu: BlockRenderer = (block, ctx: BlockContext, renderInner) => {
  const a = block.attrs ?? {};
  // A submenu under a link to a post that is not published renders nothing, its subtree included.
  const post = navigationLinkPost(block);
  if (post !== undefined && ctx.postStatus && ctx.postStatus(post) !== 'publish') return '';
  if (isEmpty(a.label)) return '';
  const c = ctx.blockContext ?? {};
  const f = fontSizes(c);
  const hasSubmenu = block.innerBlocks.length > 0;
  const showIndicators = c.showSubmenuIcon === true;
  const openOnClick = c.openSubmenusOnClick === true;
  const openOnHoverAndClick = c.openSubmenusOnClick === false && showIndicators;
  const classes =
    `${f.classes.join(' ').trim()} wp-block-navigation-item${hasSubmenu ? ' has-child' : ''}` +
    `${openOnClick ? ' open-on-click' : ''}${openOnHoverAndClick ? ' open-on-hover-click' : ''}`;
  const label = sanitizePostContent(String(a.label));
  const ariaLabel = `${label.replace(/<[^>]*>/g, '')} submenu`;
  let html = `<li ${wrapper(block, 'navigation-submenu', classes, f.style)}>`;
  if (!openOnClick) {
    html += '<a class="wp-block-navigation-item__content"';
    if (!isEmpty(a.url)) html += ` href="${escUrl(String(a.url))}"`;
    if (a.opensInNewTab === true) html += ' target="_blank"  ';
    if (a.rel !== undefined && a.rel !== null) html += ` rel="${escAttr(String(a.rel))}"`;
    else if (!isEmpty(a.nofollow)) html += ' rel="nofollow"';
    if (a.title !== undefined && a.title !== null) html += ` title="${escAttr(String(a.title))}"`;
    html += `>${label}</a>`;
    if (showIndicators)
      html += `<button aria-label="${escAttr(ariaLabel)}" class="wp-block-navigation__submenu-icon wp-block-navigation-submenu__toggle" aria-expanded="false">${SUBMENU_ICON}</button>`;
  } else {
    html += `<button aria-label="${escAttr(ariaLabel)}" class="wp-block-navigation-item__content wp-block-navigation-submenu__toggle" aria-expanded="false"><span class="wp-block-navigation-item__label">${label}</span></button><span class="wp-block-navigation__submenu-icon">${SUBMENU_ICON}</span>`;
  }
  if (hasSubmenu) {
    const o = overlayColors(c);
    const cls = `wp-block-navigation__submenu-container${o.classes ? ` ${o.classes}` : ''}`;
    html += `<ul ${wrapper(block, 'navigation-submenu', cls, o.style)}>${block.innerBlocks.map(renderInner).join('')}</ul>`;
  }
  return `${html}</li>`;
};

export const renderHomeLink: BlockRenderer = (block, ctx) => {
  const a = block.attrs ?? {};
  if (isEmpty(a.label)) return '';
  const home = ctx.dynamic?.port.homeUrl();
  if (home === undefined) return '';
  const c = ctx.blockContext ?? {};
  const classes: string[] = [];
  let style = '';
  const color = colorStyle(c);
  if (Object.hasOwn(c, 'textColor') || color.text !== undefined) classes.push('has-text-color');
  if (Object.hasOwn(c, 'textColor')) classes.push(`has-${String(c.textColor)}-color`);
  else if (color.text !== undefined) style += `color: ${String(color.text)};`;
  if (Object.hasOwn(c, 'backgroundColor') || color.background !== undefined) classes.push('has-background');
  if (Object.hasOwn(c, 'backgroundColor')) classes.push(`has-${String(c.backgroundColor)}-background-color`);
  else if (color.background !== undefined) style += `background-color: ${String(color.background)};`;
  const f = fontSizes(c);
  classes.push(...f.classes, 'wp-block-navigation-item');
  return `<li ${wrapper(block, 'home-link', classes.join(' '), style + f.style)}><a class="wp-block-home-link__content wp-block-navigation-item__content" href="${escUrl(home)}" rel="home">${sanitizePostContent(String(a.label))}</a></li>`;
};
