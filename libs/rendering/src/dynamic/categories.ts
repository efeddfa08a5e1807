/**
 * render_block_core_categories() (wp-includes/blocks/categories.php, WordPress 6.4) over wp_list_categories()
 * and Walker_Category (category-template.php, class-walker-category.php): the categories by name, flat or as a
 * tree, with counts, hiding empty ones unless showEmpty; as a dropdown, wp_dropdown_categories() and
 * Walker_CategoryDropdown with the block's redirect script after it.
 */
import { escAttr, escUrl } from '../escape';
import type { TermSummary } from './port';
import { wrapperAttributes, type DynamicBlock, type RenderEnv } from './wrapper';
import type { ParsedBlock } from '../blocks';

/** strnatcasecmp() is close enough to a case-insensitive natural compare for ordering by name. */
const byName = (a: TermSummary, b: TermSummary) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** wp_list_categories() / wp_dropdown_categories() set pad_counts for counts in a tree (get_terms( parent 0 ) drops it). */
const padsCounts = (a: Record<string, unknown>) =>
  Boolean(a.showPostCounts) && Boolean(a.showHierarchy) && !a.showOnlyTopLevel;

/**
 * _pad_term_counts(): a term's count becomes the number of distinct published posts in it or any of its
 * descendants; a term none of whose tree has a post keeps its count.
 */
function padCounts(terms: TermSummary[], objects: ReadonlyMap<number, number[]>): TermSummary[] {
  const children = new Map<number, number[]>();
  for (const t of terms) children.set(t.parent, [...(children.get(t.parent) ?? []), t.id]);
  const union = (id: number, into: Set<number>, seen: Set<number>): Set<number> => {
    if (seen.has(id)) return into;
    seen.add(id);
    for (const post of objects.get(id) ?? []) into.add(post);
    for (const child of children.get(id) ?? []) union(child, into, seen);
    return into;
  };
  return terms.map((t) => {
    const items = union(t.id, new Set(), new Set());
    return items.size ? { ...t, count: items.size } : t;
  });
}

export const categories: DynamicBlock<{ terms: TermSummary[]; objects?: ReadonlyMap<number, number[]> }> = {
  load: async (a, port) => ({
    terms: await port.terms('category'),
    objects: padsCounts(a) ? await port.termObjects('category') : undefined,
  }),
  render(block, a, data, env) {
    const all = data.objects ? padCounts(data.terms, data.objects) : data.terms;
    // categories.php's static $block_id counts every categories block of the request, lists too.
    const id = env.uniqueId('wp-block-categories-');
    if (a.displayAsDropdown) return dropdown(block, a, all, id, env);
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

/** get_terms( hide_empty, hierarchical, parent ) then Walker::walk(): each shown term with its depth, in order. */
function walkTerms(all: TermSummary[], a: Record<string, unknown>): Array<[TermSummary, number]> {
  const hierarchical = Boolean(a.showHierarchy);
  const topOnly = Boolean(a.showOnlyTopLevel);
  const sorted = [...all].sort(byName);
  const children = new Map<number, TermSummary[]>();
  for (const t of sorted) children.set(t.parent, [...(children.get(t.parent) ?? []), t]);
  // An empty parent stays (hierarchical) when a descendant has posts.
  const total = (t: TermSummary): number => t.count + (children.get(t.id) ?? []).reduce((n, c) => n + total(c), 0);
  const shown = (t: TermSummary) => Boolean(a.showEmpty) || (hierarchical ? total(t) > 0 : t.count > 0);
  if (!hierarchical || topOnly)
    return sorted.filter((t) => shown(t) && (!topOnly || t.parent === 0)).map((t) => [t, 0]);
  const out: Array<[TermSummary, number]> = [];
  const walk = (parent: number, depth: number) => {
    for (const t of (children.get(parent) ?? []).filter(shown)) {
      out.push([t, depth]);
      walk(t.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}

/** render_block_core_categories() with displayAsDropdown: wp_dropdown_categories( show_option_none ), then the script. */
function dropdown(
  block: ParsedBlock,
  a: Record<string, unknown>,
  all: TermSummary[],
  id: string,
  env: RenderEnv,
): string {
  const terms = walkTerms(all, a);
  let select = `<select  name='cat' id='${escAttr(id)}' class='postform'>\n`;
  select += terms.length
    ? "\t<option value='-1'>Select Category</option>\n"
    : "\t<option value='-1' selected='selected'>Select Category</option>\n";
  for (const [t, depth] of terms) {
    // Walker_CategoryDropdown::start_el(): the name as stored, indented three &nbsp; per level.
    select += `\t<option class="level-${depth}" value="${t.id}">${'&nbsp;'.repeat(depth * 3)}${t.name}`;
    if (a.showPostCounts) select += `&nbsp;&nbsp;(${t.count.toLocaleString('en-US')})`;
    select += '</option>\n';
  }
  // build_dropdown_script_block_core_categories(), injected right after </select>, with its template's tabs.
  const script =
    "\t<script type='text/javascript'>\n\t/* <![CDATA[ */\n\t( function() {\n" +
    `\t\tvar dropdown = document.getElementById( '${id}' );\n` +
    '\t\tfunction onCatChange() {\n\t\t\tif ( dropdown.options[ dropdown.selectedIndex ].value > 0 ) {\n' +
    `\t\t\t\tlocation.href = "${escUrl(env.port.homeUrl())}/?cat=" + dropdown.options[ dropdown.selectedIndex ].value;\n` +
    '\t\t\t}\n\t\t}\n\t\tdropdown.onchange = onCatChange;\n\t})();\n\t/* ]]> */\n\t</script>\n\t';
  select += `</select>${script}\n`;
  const label = `<label class="screen-reader-text" for="${escAttr(id)}">Categories</label>`;
  return `<div ${wrapperAttributes(block, { class: 'wp-block-categories-dropdown' })}>${label}${select}</div>`;
}
