/**
 * render_block_core_categories() (wp-includes/blocks/categories.php, WordPress 6.4) over wp_list_categories()
 * and Walker_Category (category-template.php, class-walker-category.php): the categories by name, flat or as a
 * tree, with counts, hiding empty ones unless showEmpty. The dropdown form renders as the list (not ported).
 */
import { escAttr, escUrl } from '../escape';
import type { TermSummary } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

/** strnatcasecmp() is close enough to a case-insensitive natural compare for ordering by name. */
const byName = (a: TermSummary, b: TermSummary) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) || a.id - b.id;

export const categories: DynamicBlock<TermSummary[]> = {
  load: (_a, port) => port.terms('category'),
  render(block, a, all) {
    const showCount = Boolean(a.showPostCounts);
    const hierarchical = Boolean(a.showHierarchy);
    const hideEmpty = !a.showEmpty;
    const topOnly = Boolean(a.showOnlyTopLevel);
    const sorted = [...all].sort(byName);
    // get_terms( hide_empty ) with hierarchical: an empty parent stays when a descendant has posts.
    const children = new Map<number, TermSummary[]>();
    for (const t of sorted) children.set(t.parent, [...(children.get(t.parent) ?? []), t]);
    const total = (t: TermSummary): number => t.count + (children.get(t.id) ?? []).reduce((n, c) => n + total(c), 0);
    const shown = (t: TermSummary) => !hideEmpty || (hierarchical ? total(t) > 0 : t.count > 0);
    const item = (t: TermSummary) => {
      // Walker_Category::start_el(): esc_attr'd name in a link, then ` (count)`.
      let link = `<a href="${escUrl(t.link)}">${escAttr(t.name)}</a>`;
      if (showCount) link += ` (${t.count.toLocaleString('en-US')})`;
      return `\t<li class="cat-item cat-item-${t.id}">${link}\n`;
    };
    const walk = (parent: number, depth: number): string => {
      let out = '';
      for (const t of (children.get(parent) ?? []).filter(shown)) {
        out += item(t);
        const kids = (children.get(t.id) ?? []).filter(shown);
        if (kids.length) {
          const indent = '\t'.repeat(depth);
          out += `${indent}<ul class='children'>\n${walk(t.id, depth + 1)}${indent}</ul>\n`;
        }
        out += '</li>\n';
      }
      return out;
    };
    let items: string;
    if (hierarchical) items = walk(0, 0);
    else {
      // Walker::walk() with max_depth -1: every term flat, by name.
      const flat = sorted.filter((t) => shown(t) && (!topOnly || t.parent === 0));
      items = flat.map((t) => `${item(t)}</li>\n`).join('');
    }
    if (hierarchical && topOnly)
      items = (children.get(0) ?? [])
        .filter(shown)
        .map((t) => `${item(t)}</li>\n`)
        .join('');
    // wp_list_categories(): no categories at all.
    if (items === '') items = '<li class="cat-item-none">No categories</li>';
    return `<ul ${wrapperAttributes(block, { class: 'wp-block-categories-list' })}>${items}</ul>`;
  },
};
