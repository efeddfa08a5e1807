/**
 * render_block_core_archives() (wp-includes/blocks/archives.php, WordPress 6.4) over wp_get_archives() and
 * get_archives_link() (general-template.php): monthly or yearly archives of published posts, as a list or a
 * dropdown. Weekly, daily and post-by-post archives are not served (they render as monthly).
 */
import { escAttr, escUrl } from '../escape';

// esc_html() is esc_attr(): both _wp_specialchars( ENT_QUOTES ) without double encoding.
const escHtml = escAttr;
import { wptexturize } from '../texturize';
import { monthName } from './locale';
import type { MonthCount } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

export const archives: DynamicBlock<MonthCount[]> = {
  load: (a, port) => port.archives(a.type === 'yearly' ? 'yearly' : 'monthly'),
  render(block, a, rows, { uniqueId }) {
    const showCount = Boolean(a.showPostCounts);
    const yearly = a.type === 'yearly';
    const dropdown = Boolean(a.displayAsDropdown);
    // wp_get_archives(): one get_archives_link() per row, `&nbsp;(n)` after the text when counts are shown.
    let links = '';
    for (const row of rows) {
      const text = wptexturize(yearly ? String(row.year) : `${monthName(row.month)} ${row.year}`);
      const after = showCount ? `&nbsp;(${row.count})` : '';
      const url = escUrl(row.link);
      links += dropdown
        ? `\t<option value='${url}'> ${text} ${after}</option>\n`
        : `\t<li><a href='${url}'>${text}</a>${after}</li>\n`;
    }
    if (dropdown) {
      const id = uniqueId('wp-block-archives-');
      const label = yearly ? 'Select Year' : 'Select Month';
      const hidden = a.showLabel ? '' : ' screen-reader-text';
      // archives.php: the label, select and first option, with the PHP source's own line breaks and tabs.
      const content =
        `<label for="${id}" class="wp-block-archives__label${hidden}">${escHtml('Archives')}</label>\n` +
        `\t\t<select id="${id}" name="archive-dropdown" onchange="document.location.href=this.options[this.selectedIndex].value;">\n` +
        `\t\t<option value="">${escHtml(label)}</option>${links}</select>`;
      return `<div ${wrapperAttributes(block, { class: 'wp-block-archives-dropdown' })}>${content}</div>`;
    }
    const wrapper = wrapperAttributes(block, { class: 'wp-block-archives-list' });
    if (links === '') return `<div ${wrapper}>No archives to show.</div>`;
    return `<ul ${wrapper}>${links}</ul>`;
  },
};
