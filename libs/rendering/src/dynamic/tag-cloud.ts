/**
 * render_block_core_tag_cloud() (wp-includes/blocks/tag-cloud.php, WordPress 6.4) over wp_tag_cloud() and
 * wp_generate_tag_cloud() (category-template.php): the `numberOfTags` most used terms, by name, each sized by
 * default_topic_count_scale() between the smallest and largest font sizes.
 */
import { escAttr, escUrl } from '../escape';
import type { TermSummary } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

/** PHP's (string) of a float: 14 significant digits, no trailing zeros. */
const phpFloat = (n: number) => String(Number(n.toPrecision(14)));

/** floatval(): the leading number of a string. */
const floatval = (v: unknown) => {
  const m = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(String(v ?? ''));
  return m ? Number(m[0]) : 0;
};

export const tagCloud: DynamicBlock<TermSummary[]> = {
  load: (a, port) => port.terms(typeof a.taxonomy === 'string' ? a.taxonomy : 'post_tag'),
  render(block, a, terms) {
    const smallestRaw = String(a.smallestFontSize ?? '8pt');
    const unit = /^[0-9.]+(?<unit>[a-z%]+)$/i.exec(smallestRaw)?.groups?.unit ?? 'pt';
    const smallest = floatval(a.smallestFontSize);
    const largest = floatval(a.largestFontSize);
    const number = Math.trunc(Number(a.numberOfTags ?? 45)) || 0;
    // get_terms( orderby count DESC, number, hide_empty ), then sorted by name (_wp_object_name_sort_cb).
    let tags = terms
      .filter((t) => t.count > 0)
      .sort((x, y) => y.count - x.count || x.id - y.id)
      .slice(0, number > 0 ? number : undefined)
      .sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base', numeric: true }));
    if (number > 0) tags = tags.slice(0, number);
    let cloud = '';
    if (tags.length) {
      const counts = tags.map((t) => Math.round(Math.log10(t.count + 1) * 100));
      const min = Math.min(...counts);
      let spread = Math.max(...counts) - min;
      if (spread <= 0) spread = 1;
      let fontSpread = largest - smallest;
      if (fontSpread < 0) fontSpread = 1;
      const step = fontSpread / spread;
      const ariaLabel = Boolean(a.showTagCounts) || fontSpread !== 0;
      cloud = tags
        .map((t, i) => {
          const formatted = `${t.count.toLocaleString('en-US')} ${t.count === 1 ? 'item' : 'items'}`;
          const size = smallest + (counts[i]! - min) * step;
          const aria = ariaLabel ? ` aria-label="${escAttr(t.name)} (${escAttr(formatted)})"` : '';
          const count = a.showTagCounts ? `<span class="tag-link-count"> (${t.count})</span>` : '';
          return `<a href="${escUrl(t.link)}" class="${escAttr(`tag-cloud-link tag-link-${t.id} tag-link-position-${i + 1}`)}" style="font-size: ${escAttr(phpFloat(size) + unit)};"${aria}>${escAttr(t.name)}${count}</a>`;
        })
        .join('\n');
    }
    if (!cloud) cloud = 'There&#8217;s no content to show here yet.';
    return `<p ${wrapperAttributes(block)}>${cloud}</p>`;
  },
};
