/**
 * render_block_core_navigation() (wp-includes/blocks/navigation.php, WordPress 6.4): the menu of a `wp_navigation`
 * post (`ref`; only a published one, a draft falls back), else the block's own inner blocks, else the fallback (the
 * most recently published navigation, else a page list; WordPress 6.4 would also create a navigation post then, a
 * write Loom does not make on a read). Links and page lists render through the same callbacks as anywhere else;
 * consecutive list items are wrapped in the container list; a responsive menu (overlayMenu not `never`) is wrapped
 * in the overlay's markup with the Interactivity API's directives, as 6.4 emits them.
 */
import type { BlockContext, ParsedBlock } from '../blocks';
import { parseBlocks } from '../blocks';
import { escAttr } from '../escape';
import { navigationLinkPost } from '../navigation-link';
import type { NavigationPost } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

type Attrs = Record<string, unknown>;

interface Loaded {
  /** The menu's blocks' markup, and whether it is the fallback's. */
  content: string;
  fallback: boolean;
  /** The navigation post's title (the menu's name), when the menu is a post's. */
  title?: string;
  /** What the menu's own dynamic blocks read, and the statuses of the posts its links name. */
  inner: BlockContext['dynamic'];
  statuses: ReadonlyMap<number, string>;
}

const PAGE_LIST_FALLBACK = '<!-- wp:page-list /-->';

/** block_core_navigation_filter_out_empty_blocks(). */
const blocksOf = (content: string): ParsedBlock[] => parseBlocks(content).filter((b) => b.blockName !== null);

const containsNavigation = (blocks: ParsedBlock[]): boolean =>
  blocks.some((b) => b.blockName === 'core/navigation' || containsNavigation(b.innerBlocks));

function linkedIds(blocks: ParsedBlock[], out = new Set<number>()): Set<number> {
  for (const b of blocks) {
    const id =
      b.blockName === 'core/navigation-link' || b.blockName === 'core/navigation-submenu'
        ? navigationLinkPost(b)
        : undefined;
    if (id !== undefined) out.add(id);
    linkedIds(b.innerBlocks, out);
  }
  return out;
}

/** block_core_navigation_build_css_colors(). */
function colors(a: Attrs) {
  const has = (k: string) => Object.hasOwn(a, k) && a[k] !== null && a[k] !== undefined;
  const out = { classes: [] as string[], styles: '', overlayClasses: [] as string[], overlayStyles: '' };
  const one = (named: string, custom: string, classes: string[], cls: string, css: string, overlay: boolean) => {
    if (has(named) || has(custom)) classes.push(cls);
    if (has(named)) classes.push(`has-${String(a[named])}-${css === 'color' ? 'color' : 'background-color'}`);
    else if (has(custom)) {
      if (overlay) out.overlayStyles += `${css}: ${String(a[custom])};`;
      else out.styles += `${css}: ${String(a[custom])};`;
    }
  };
  one('textColor', 'customTextColor', out.classes, 'has-text-color', 'color', false);
  one('backgroundColor', 'customBackgroundColor', out.classes, 'has-background', 'background-color', false);
  one('overlayTextColor', 'customOverlayTextColor', out.overlayClasses, 'has-text-color', 'color', true);
  one(
    'overlayBackgroundColor',
    'customOverlayBackgroundColor',
    out.overlayClasses,
    'has-background',
    'background-color',
    true,
  );
  return out;
}

/** block_core_navigation_build_css_font_sizes(). */
function fontSizes(a: Attrs): { classes: string[]; styles: string } {
  if (typeof a.fontSize === 'string') return { classes: [`has-${a.fontSize}-font-size`], styles: '' };
  if (a.customFontSize !== undefined && a.customFontSize !== null)
    return { classes: [], styles: `font-size: ${String(a.customFontSize)}px;` };
  return { classes: [], styles: '' };
}

const JUSTIFICATION: Readonly<Record<string, string>> = {
  left: 'items-justified-left',
  right: 'items-justified-right',
  center: 'items-justified-center',
  'space-between': 'items-justified-space-between',
};

/** The legacy classes for submenu positioning, from the layout attribute. */
function layoutClass(a: Attrs): string {
  const layout = (a.layout ?? {}) as Record<string, unknown>;
  let out = '';
  if (typeof layout.justifyContent === 'string' && Object.hasOwn(JUSTIFICATION, layout.justifyContent))
    out += JUSTIFICATION[layout.justifyContent];
  if (layout.orientation === 'vertical') out += ' is-vertical';
  if (layout.flexWrap === 'nowrap') out += ' no-wrap';
  return out;
}

/** What the navigation provides its inner blocks (block.json's providesContext: the attributes of those names). */
const PROVIDES = [
  'textColor',
  'customTextColor',
  'backgroundColor',
  'customBackgroundColor',
  'overlayTextColor',
  'customOverlayTextColor',
  'overlayBackgroundColor',
  'customOverlayBackgroundColor',
  'fontSize',
  'customFontSize',
  'showSubmenuIcon',
  'openSubmenusOnClick',
  'style',
  'maxNestingLevel',
];
const providedContext = (a: Attrs): Record<string, unknown> => {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of PROVIDES) if (Object.hasOwn(a, k) && a[k] !== undefined) out[k] = a[k];
  return out;
};

const LIST_ITEMS = new Set([
  'core/navigation-link',
  'core/home-link',
  'core/site-title',
  'core/site-logo',
  'core/navigation-submenu',
]);
const NEEDS_LIST_ITEM = new Set(['core/site-title', 'core/site-logo']);

/** WP_HTML_Tag_Processor::set_attribute(): added at the end of the tag, `true` as a bare name. */
const withAttributes = (tag: string, attrs: Array<[string, string | true]>): string =>
  tag.replace(
    /\s*(\/?)>$/,
    (_m, slash: string) =>
      `${attrs.map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escAttr(v)}"`)).join('')}${slash ? ' /' : ''}>`,
  );

const hasClass = (tag: string, name: string): boolean => {
  const m = /\sclass=(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  return !!m && (m[1] ?? m[2] ?? '').split(/\s+/).includes(name);
};

/**
 * block_core_navigation_add_directives_to_submenu(): every `<li class="has-child">` in document order, then the next
 * submenu toggle button and the next submenu list after it.
 */
function addSubmenuDirectives(html: string, a: Attrs): string {
  const tags = /<(li|button|ul)\b[^>]*>/gi;
  let out = '';
  let last = 0;
  let want: 'li' | 'button' | 'ul' = 'li';
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    const name = m[1]!.toLowerCase();
    let tag = m[0];
    if (name === 'li' && hasClass(tag, 'has-child')) {
      const li: Array<[string, string | true]> = [
        ['data-wp-interactive', true],
        ['data-wp-context', '{ "core": { "navigation": { "submenuOpenedBy": {}, "type": "submenu" } } }'],
        ['data-wp-effect', 'effects.core.navigation.initMenu'],
        ['data-wp-on--focusout', 'actions.core.navigation.handleMenuFocusout'],
        ['data-wp-on--keydown', 'actions.core.navigation.handleMenuKeydown'],
        ['tabindex', '-1'],
      ];
      if (a.openSubmenusOnClick !== true)
        li.push(
          ['data-wp-on--mouseenter', 'actions.core.navigation.openMenuOnHover'],
          ['data-wp-on--mouseleave', 'actions.core.navigation.closeMenuOnHover'],
        );
      tag = withAttributes(tag, li);
      want = 'button';
    } else if (want === 'button' && name === 'button' && hasClass(tag, 'wp-block-navigation-submenu__toggle')) {
      tag = withAttributes(tag, [
        ['data-wp-on--click', 'actions.core.navigation.toggleMenuOnClick'],
        ['data-wp-bind--aria-expanded', 'selectors.core.navigation.isMenuOpen'],
      ]);
      want = 'ul';
    } else if (want !== 'li' && name === 'ul' && hasClass(tag, 'wp-block-navigation__submenu-container')) {
      tag = withAttributes(tag, [['data-wp-on--focus', 'actions.core.navigation.openMenuOnFocus']]);
      want = 'li';
    } else continue;
    out += html.slice(last, m.index) + tag;
    last = m.index + m[0].length;
  }
  return out + html.slice(last);
}

const HANDLE_ICON =
  '<svg width="24" height="24" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><rect x="4" y="7.5" width="16" height="1.5" /><rect x="4" y="15" width="16" height="1.5" /></svg>';
const MENU_ICON =
  '<svg width="24" height="24" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 5v1.5h14V5H5zm0 7.8h14v-1.5H5v1.5zM5 19h14v-1.5H5V19z" /></svg>';
const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M13 11.8l6.1-6.3-1-1-6.1 6.2-6.1-6.2-1 1 6.1 6.3-6.5 6.7 1 1 6.5-6.6 6.5 6.6 1-1z"></path></svg>';

/** wp_json_encode( ..., JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_AMP ) of the nav element's context. */
const NAV_CONTEXT = JSON.stringify({
  core: { navigation: { overlayOpenedBy: [], type: 'overlay', roleAttribute: '', ariaLabel: 'Menu' } },
});

export const navigation: DynamicBlock<Loaded | null> = {
  async load(a, port, loadInner) {
    let post: NavigationPost | null = null;
    const ref = a.ref ?? a.navigationMenuId;
    if (ref !== undefined && ref !== null) {
      const found = await port.navigation(Number(ref));
      // A ref to nothing renders nothing; a ref to a post that is not published falls back.
      if (!found) return null;
      if (found.status === 'publish') post = found;
    }
    let content = post?.content ?? '';
    let fallback = false;
    // Without a published post's blocks: the block's own inner blocks if it has any (render() sees them; their data
    // is read with the page's), else this fallback.
    if (!blocksOf(content).length) {
      fallback = true;
      const latest = await port.latestNavigation();
      content = latest && blocksOf(latest.content).length ? latest.content : PAGE_LIST_FALLBACK;
    }
    const blocks = blocksOf(content);
    const [inner, statuses] = await Promise.all([loadInner([content]), port.postStatuses([...linkedIds(blocks)])]);
    return { content, fallback, title: post?.title, inner: inner.dynamic, statuses };
  },

  render(block, a, data, env) {
    if (!data) return '';
    // The block's own inner blocks (a menu saved in the page, no ref) come before any fallback.
    const own = block.innerBlocks.filter((b) => b.blockName !== null);
    const useOwn = data.title === undefined && own.length > 0;
    const inner = useOwn ? own : blocksOf(data.content);
    const fallback = useOwn ? false : data.fallback;
    if (containsNavigation(inner)) return '';

    let name = typeof a.ariaLabel === 'string' ? a.ariaLabel : '';
    if (data.title !== undefined && !useOwn) {
      name = data.title;
      // $seen_menu_names: the second menu of a name on a page is "<name> 2", and so on.
      const seen = Number(env.uniqueId(`\u0000navigation-name:${name}:`).split(':').pop());
      if (seen > 1) name = `${name} ${seen}`;
    }

    const responsive = (a.overlayMenu !== undefined && a.overlayMenu !== 'never') || a.isResponsive === true;
    const textDecoration = ((a.style as Record<string, Record<string, unknown>> | undefined)?.typography ?? {})
      .textDecoration;
    const c = colors(a);
    const f = fontSizes(a);
    const layout = layoutClass(a);
    const classes = [
      ...c.classes,
      ...f.classes,
      ...(responsive ? ['is-responsive'] : []),
      ...(layout ? [layout] : []),
      ...(fallback ? ['is-fallback'] : []),
      ...(textDecoration ? [`has-text-decoration-${String(textDecoration)}`] : []),
    ].join(' ');
    const style = `${typeof a.styles === 'string' ? a.styles : ''}${c.styles}${f.styles}`;
    const wrapper = wrapperAttributes(block, { class: classes, style, 'aria-label': name });
    const container = wrapperAttributes(block, { class: `wp-block-navigation__container ${classes}`, style });

    // The post's (or the fallback's) blocks read their own data; the block's own inner blocks the page's.
    const statuses = data.statuses;
    const ctx: Partial<BlockContext> = {
      ...(useOwn ? {} : { postStatus: (id: number) => statuses.get(id) }),
      // The menu's own dynamic blocks' data when it has some; the port stays the page's otherwise (home links).
      ...(!useOwn && data.inner ? { dynamic: data.inner } : {}),
      blockContext: providedContext(a),
    };
    let html = '';
    let listOpen = false;
    let hasSubmenus = false;
    for (const b of inner) {
      const isItem = LIST_ITEMS.has(b.blockName!);
      if (isItem && !listOpen) {
        listOpen = true;
        html += `<ul ${container}>`;
      }
      if (!isItem && listOpen) {
        listOpen = false;
        html += '</ul>';
      }
      const rendered = env.renderBlocks([b], ctx);
      if (
        /<li\b[^>]*>/i.test(rendered) &&
        [...rendered.matchAll(/<li\b[^>]*>/gi)].some((m) => hasClass(m[0], 'has-child'))
      )
        hasSubmenus = true;
      if (rendered)
        html += NEEDS_LIST_ITEM.has(b.blockName!) ? `<li class="wp-block-navigation-item">${rendered}</li>` : rendered;
    }
    if (listOpen) html += '</ul>';

    const loadView = (hasSubmenus && (a.openSubmenusOnClick === true || a.showSubmenuIcon === true)) || responsive;
    if (hasSubmenus && loadView) html = addSubmenuDirectives(html, a);
    const modal = env.uniqueId('modal-');
    if (!responsive) return `<nav ${wrapper}>${html}</nav>`;

    const hiddenByDefault = a.overlayMenu === 'always';
    const containerClasses = [
      'wp-block-navigation__responsive-container',
      hiddenByDefault ? 'hidden-by-default' : '',
      c.overlayClasses.join(' '),
    ].join(' ');
    const openClasses = ['wp-block-navigation__responsive-container-open', hiddenByDefault ? 'always-shown' : ''].join(
      ' ',
    );
    const iconLabel = a.hasIcon === true;
    const toggleIcon = a.icon === 'menu' ? MENU_ICON : HANDLE_ICON;
    const open = iconLabel ? toggleIcon : 'Menu';
    const close = iconLabel ? CLOSE_ICON : 'Close';
    const openLabel = iconLabel ? 'aria-label="Open menu"' : '';
    const closeLabel = iconLabel ? 'aria-label="Close menu"' : '';
    const d = loadView
      ? {
          nav: `\n\t\t\tdata-wp-interactive\n\t\t\tdata-wp-context='${NAV_CONTEXT}'\n\t\t`,
          open: '\n\t\t\tdata-wp-on--click="actions.core.navigation.openMenuOnClick"\n\t\t\tdata-wp-on--keydown="actions.core.navigation.handleMenuKeydown"\n\t\t',
          container:
            '\n\t\t\tdata-wp-class--has-modal-open="selectors.core.navigation.isMenuOpen"\n\t\t\tdata-wp-class--is-menu-open="selectors.core.navigation.isMenuOpen"\n\t\t\tdata-wp-effect="effects.core.navigation.initMenu"\n\t\t\tdata-wp-on--keydown="actions.core.navigation.handleMenuKeydown"\n\t\t\tdata-wp-on--focusout="actions.core.navigation.handleMenuFocusout"\n\t\t\ttabindex="-1"\n\t\t',
          dialog:
            '\n\t\t\tdata-wp-bind--aria-modal="selectors.core.navigation.ariaModal"\n\t\t\tdata-wp-bind--aria-label="selectors.core.navigation.ariaLabel"\n\t\t\tdata-wp-bind--role="selectors.core.navigation.roleAttribute"\n\t\t\tdata-wp-effect="effects.core.navigation.focusFirstElement"\n\t\t',
          close: '\n\t\t\tdata-wp-on--click="actions.core.navigation.closeMenuOnClick"\n\t\t',
        }
      : { nav: '', open: '', container: '', dialog: '', close: '' };
    const responsiveMarkup = `<button aria-haspopup="true" ${openLabel} class="${escAttr(openClasses)}" ${d.open}>${open}</button>
			<div class="${escAttr(containerClasses)}" style="${escAttr(c.overlayStyles)}" id="${escAttr(modal)}" ${d.container}>
				<div class="wp-block-navigation__responsive-close" tabindex="-1">
					<div class="wp-block-navigation__responsive-dialog" ${d.dialog}>
							<button ${closeLabel} class="wp-block-navigation__responsive-container-close" ${d.close}>${close}</button>
						<div class="wp-block-navigation__responsive-container-content" id="${escAttr(modal)}-content">
							${html}
						</div>
					</div>
				</div>
			</div>`;
    return `<nav ${wrapper} ${d.nav}>${responsiveMarkup}</nav>`;
  },
};
