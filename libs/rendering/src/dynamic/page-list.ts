/**
 * render_block_core_page_list() (wp-includes/blocks/page-list.php, WordPress 6.4): the published pages as
 * get_pages( sort_column menu_order,post_title ) gives them, nested under their parents. Outside a Navigation
 * block (the block renderer, post content) there is no navigation context (no colors, font sizes or submenu
 * buttons from it) and no queried object (no current-menu-item).
 */
import { escAttr, escUrl } from '../escape';
import { sanitizePostContent } from '../sanitize';
import type { PageSummary } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

interface PageList {
  pages: PageSummary[];
  frontPageId: number;
}

/** ORDER BY menu_order ASC, post_title ASC (a case-insensitive collation), ties by id. */
const order = (a: PageSummary, b: PageSummary) =>
  a.menuOrder - b.menuOrder || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id - b.id;

/** get_page_children( 0, $pages ): only pages whose ancestors are all in the list (published) remain. */
function reachable(pages: PageSummary[]): PageSummary[] {
  const ids = new Set(pages.map((p) => p.id));
  const parentOf = new Map(pages.map((p) => [p.id, p.parent]));
  const ok = (p: PageSummary) => {
    const seen = new Set<number>();
    for (let parent = p.parent; parent !== 0; parent = parentOf.get(parent) ?? 0) {
      if (!ids.has(parent) || seen.has(parent)) return false;
      seen.add(parent);
    }
    return true;
  };
  return pages.filter(ok);
}

export const pageList: DynamicBlock<PageList> = {
  load: async (_a, port) => ({ pages: await port.pages(), frontPageId: port.frontPageId() }),
  render(block, a, { pages, frontPageId }) {
    const all = reachable([...pages].sort(order));
    if (!all.length) return '';
    const children = new Map<number, PageSummary[]>();
    for (const p of all) children.set(p.parent, [...(children.get(p.parent) ?? []), p]);
    const isNested = Boolean(a.isNested);

    // block_core_page_list_render_nested_page_list(), outside a Navigation block.
    const list = (level: PageSummary[], depth: number): string => {
      let markup = '';
      for (const page of level) {
        const kids = children.get(page.id);
        let cls = kids ? ' has-child' : '';
        // The overlay colors of the first submenu level: no classes, yet their separating space is written.
        if (depth > 0 || isNested) cls += ' ';
        if (page.id === frontPageId) cls += ' menu-item-home';
        markup += `<li class="wp-block-pages-list__item${escAttr(cls)}">`;
        markup += `<a class="wp-block-pages-list__item__link" href="${escUrl(page.link)}">${sanitizePostContent(page.title)}</a>`;
        if (kids) markup += `<ul class="wp-block-navigation__submenu-container">${list(kids, depth + 1)}</ul>`;
        markup += '</li>';
      }
      return markup;
    };

    // `0 !== $parent_page_id`: any other value (a string from hand-written markup too) names a parent.
    const parentPageId = a.parentPageID ?? 0;
    let top = children.get(0) ?? [];
    if (parentPageId !== 0) {
      const n = Number(parentPageId);
      // The parent page has no (published) child pages: nothing to show.
      const under = Number.isInteger(n) && n !== 0 ? children.get(n) : undefined;
      if (!under) return '';
      top = under;
    }
    const items = list(top, 0);
    if (isNested) return items;
    return `<ul ${wrapperAttributes(block)}>${items}</ul>`;
  },
};
