/**
 * core/calendar and core/page-list over a fixed data port (a known clock and known pages), their markup compared
 * with what WordPress 6.4's PHP writes for the same data: get_calendar() in general-template.php (with
 * calendar.php around it) and block_core_page_list_render_nested_page_list() in blocks/page-list.php.
 */
import { loadDynamicBlocks, renderContent, renderDynamicBlock, type DynamicBlockData } from '../src';
import type { CalendarMonth, PageSummary, TermSummary } from '../src/dynamic/port';

const HOME = 'http://site.test';
const two = (n: number) => String(n).padStart(2, '0');

function port(o: {
  terms?: TermSummary[];
  pages?: PageSummary[];
  month?: CalendarMonth | null;
  startOfWeek?: number;
  front?: number;
}) {
  const unused = () => {
    throw new Error('not read by these blocks');
  };
  const data: DynamicBlockData = {
    dateFormat: () => 'F j, Y',
    formatDate: unused,
    now: () => '2024-03-20T09:30:00',
    startOfWeek: () => o.startOfWeek ?? 1,
    frontPageId: () => o.front ?? 0,
    homeUrl: () => HOME,
    dateLink: (y, m, d) => `${HOME}/${y}/${two(m)}/${d === undefined ? '' : `${two(d)}/`}`,
    latestPosts: unused,
    archives: unused,
    terms: () => Promise.resolve(o.terms ?? []),
    termObjects: () => Promise.resolve(o.objects ?? new Map()),
    pages: () => Promise.resolve(o.pages ?? []),
    calendarMonth: (year, month) =>
      Promise.resolve(o.month === undefined ? null : o.month && { ...o.month, year, month }),
    latestComments: unused,
  };
  return data;
}

const march: CalendarMonth = {
  year: 2024,
  month: 3,
  days: [5],
  previous: { year: 2023, month: 11 },
  next: null,
  today: { year: 2024, month: 3, day: 20 },
};

const cells = (from: number, to: number, mark: (d: number) => string = (d) => `<td>${d}</td>`) =>
  Array.from({ length: to - from + 1 }, (_, i) => mark(from + i)).join('');

describe('core/calendar (get_calendar( true, false ) in calendar.php)', () => {
  test('the month of the site clock: Monday first, padding, linked days, today, the nearest earlier month', async () => {
    const html = await renderDynamicBlock('core/calendar', {}, port({ month: march }));
    // March 1, 2024 is a Friday: four padding cells under start_of_week 1. March 31 is a Sunday, so no end padding
    // (7 - calendar_week_mod( w(April 1) - 1 ) is 7).
    const week2 = cells(4, 10, (d) =>
      d === 5
        ? `<td><a href="${HOME}/2024/03/05/" aria-label="Posts published on March 5, 2024">5</a></td>`
        : `<td>${d}</td>`,
    );
    const week4 = cells(18, 24, (d) => (d === 20 ? '<td id="today">20</td>' : `<td>${d}</td>`));
    const row = '\n\t</tr>\n\t<tr>\n\t\t';
    expect(html).toBe(
      '<div class="wp-block-calendar"><table id="wp-calendar" class="wp-calendar-table">\n\t<caption>March 2024</caption>\n\t<thead>\n\t<tr>' +
        '\n\t\t<th scope="col" title="Monday">M</th>\n\t\t<th scope="col" title="Tuesday">T</th>\n\t\t<th scope="col" title="Wednesday">W</th>' +
        '\n\t\t<th scope="col" title="Thursday">T</th>\n\t\t<th scope="col" title="Friday">F</th>\n\t\t<th scope="col" title="Saturday">S</th>' +
        '\n\t\t<th scope="col" title="Sunday">S</th>\n\t</tr>\n\t</thead>\n\t<tbody>\n\t<tr>' +
        `\n\t\t<td colspan="4" class="pad">&nbsp;</td>${cells(1, 3)}${row}${week2}${row}${cells(11, 17)}${row}${week4}${row}${cells(25, 31)}` +
        '\n\t</tr>\n\t</tbody>\n\t</table><nav aria-label="Previous and next months" class="wp-calendar-nav">' +
        `\n\t\t<span class="wp-calendar-nav-prev"><a href="${HOME}/2023/11/">&laquo; Nov</a></span>` +
        '\n\t\t<span class="pad">&nbsp;</span>\n\t\t<span class="wp-calendar-nav-next">&nbsp;</span>\n\t</nav></div>',
    );
  });

  test('Sunday first: padding on both ends; a later month is linked', async () => {
    const html = await renderDynamicBlock(
      'core/calendar',
      {},
      port({ month: { ...march, days: [], previous: null, next: { year: 2024, month: 5 } }, startOfWeek: 0 }),
    );
    expect(html).toContain(
      '<tr>\n\t\t<th scope="col" title="Sunday">S</th>\n\t\t<th scope="col" title="Monday">M</th>',
    );
    // Friday the 1st: five cells before it; Sunday the 31st starts the last row, six cells after it.
    expect(html).toContain('<td colspan="5" class="pad">&nbsp;</td><td>1</td><td>2</td>\n\t</tr>');
    expect(html).toContain('<tr>\n\t\t<td>31</td>\n\t\t<td class="pad" colspan="6">&nbsp;</td>\n\t</tr>');
    expect(html).toContain('<span class="wp-calendar-nav-prev">&nbsp;</span>');
    expect(html).toContain(`<span class="wp-calendar-nav-next"><a href="${HOME}/2024/05/">May &raquo;</a></span>`);
  });

  test('colors go on the table, not the wrapper (skip serialization); alignment and class name on the wrapper', async () => {
    const html = await renderDynamicBlock(
      'core/calendar',
      {
        align: 'left',
        className: 'mine',
        textColor: 'vivid-red',
        style: { color: { background: '#00ff00' } },
      },
      port({ month: march }),
    );
    expect(html).toMatch(
      /^<div class="alignleft mine wp-block-calendar"><table style="background-color:#00ff00;" id="wp-calendar" class="wp-calendar-table has-text-color has-vivid-red-color has-background">/,
    );
    const linked = await renderDynamicBlock(
      'core/calendar',
      { style: { elements: { link: { color: { text: 'var:preset|color|vivid-red' } } } } },
      port({ month: march }),
    );
    expect(linked).toContain('<table id="wp-calendar" class="wp-calendar-table has-link-color">');
  });

  test('no published post at all: a note for the signed-in block renderer, nothing in content', async () => {
    expect(await renderDynamicBlock('core/calendar', {}, port({ month: null }))).toBe(
      '<div>The calendar block is hidden because there are no published posts.</div>',
    );
    const raw = '<!-- wp:calendar /-->';
    const blocks = await loadDynamicBlocks([raw], port({ month: null }));
    expect(renderContent(raw, undefined, blocks)).toBe('');
  });

  test('content with a calendar says its answer follows the clock; other dynamic content does not', async () => {
    const p = port({ month: march, pages: [] });
    expect((await loadDynamicBlocks(['<!-- wp:calendar /-->'], p)).dynamic?.readsClock).toBe(true);
    expect((await loadDynamicBlocks(['<!-- wp:page-list /-->'], p)).dynamic?.readsClock).toBeUndefined();
  });

  test('the delimiter as WP_Block_Parser reads it: the core/ namespace written out, any whitespace', async () => {
    const raw = '<!-- wp:paragraph --><p>a</p><!-- /wp:paragraph --><!--\n  wp:core/calendar\n/-->';
    const html = renderContent(raw, undefined, await loadDynamicBlocks([raw], port({ month: march })));
    expect(html).toContain('<div class="wp-block-calendar"><table id="wp-calendar"');
  });
});

const page = (id: number, title: string, parent = 0, menuOrder = 0): PageSummary => ({
  id,
  title,
  parent,
  menuOrder,
  link: `${HOME}/p${id}/`,
});

describe('core/page-list (render_block_core_page_list outside a Navigation block)', () => {
  const pages = [
    page(10, 'Shop'),
    page(11, 'About <em>us</em><script>x</script>'),
    page(12, 'Team', 11),
    page(13, 'Alumni', 11),
    page(14, 'Orphan', 99), // its parent is not published: get_page_children() drops it
    page(15, 'Zebra first', 0, -1),
  ];
  const li = (id: number, title: string, cls = '') =>
    `<li class="wp-block-pages-list__item${cls}"><a class="wp-block-pages-list__item__link" href="${HOME}/p${id}/">${title}</a>`;

  test('menu_order then title; children nested with the submenu list; the front page marked; titles kses-filtered', async () => {
    const html = await renderDynamicBlock('core/page-list', {}, port({ pages, front: 10 }));
    // Depth 1 items carry the (empty) overlay color classes' separating space. wp_kses_post() keeps <em>; Loom's
    // kses drops a <script> with its text (WordPress keeps the text).
    expect(html).toBe(
      '<ul class="wp-block-page-list">' +
        `${li(15, 'Zebra first')}</li>` +
        `${li(11, 'About <em>us</em>', ' has-child')}<ul class="wp-block-navigation__submenu-container">` +
        `${li(13, 'Alumni', ' ')}</li>${li(12, 'Team', ' ')}</li></ul></li>` +
        `${li(10, 'Shop', ' menu-item-home')}</li></ul>`,
    );
  });

  test('parentPageID lists that page’s children; isNested drops the wrapper; no pages renders nothing', async () => {
    expect(await renderDynamicBlock('core/page-list', { parentPageID: 11 }, port({ pages }))).toBe(
      `<ul class="wp-block-page-list">${li(13, 'Alumni')}</li>${li(12, 'Team')}</li></ul>`,
    );
    expect(await renderDynamicBlock('core/page-list', { parentPageID: 10 }, port({ pages }))).toBe('');
    // Hand-written markup may hold a string: PHP's array_key_exists() finds "11" as 11; "0" is no parent's id.
    expect(await renderDynamicBlock('core/page-list', { parentPageID: '11' }, port({ pages }))).toContain('Alumni');
    expect(await renderDynamicBlock('core/page-list', { parentPageID: '0' }, port({ pages }))).toBe('');
    expect(await renderDynamicBlock('core/page-list', { parentPageID: 99 }, port({ pages }))).toBe('');
    expect(await renderDynamicBlock('core/page-list', { parentPageID: 11, isNested: true }, port({ pages }))).toBe(
      `${li(13, 'Alumni', ' ')}</li>${li(12, 'Team', ' ')}</li>`,
    );
    expect(await renderDynamicBlock('core/page-list', {}, port({ pages: [] }))).toBe('');
  });

  test('typography supports apply to the wrapper', async () => {
    const html = await renderDynamicBlock(
      'core/page-list',
      { fontSize: 'large', style: { typography: { lineHeight: '2' } } },
      port({ pages: [page(1, 'One')] }),
    );
    expect(html).toBe(
      `<ul style="line-height:2;" class="wp-block-page-list has-large-font-size">${li(1, 'One')}</li></ul>`,
    );
  });
});

const term = (id: number, name: string, count: number, parent = 0): TermSummary => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent,
  count,
  link: `${HOME}/category/${name.toLowerCase()}/`,
});

describe('core/categories as a dropdown (wp_dropdown_categories, Walker_CategoryDropdown)', () => {
  const terms = [term(1, 'Uncategorized', 0), term(2, 'Yarn', 3), term(3, 'Wool', 2, 2), term(4, 'Dyes', 1)];
  const script = (id: string) =>
    "\t<script type='text/javascript'>\n\t/* <![CDATA[ */\n\t( function() {\n" +
    `\t\tvar dropdown = document.getElementById( '${id}' );\n` +
    '\t\tfunction onCatChange() {\n\t\t\tif ( dropdown.options[ dropdown.selectedIndex ].value > 0 ) {\n' +
    `\t\t\t\tlocation.href = "${HOME}/?cat=" + dropdown.options[ dropdown.selectedIndex ].value;\n` +
    '\t\t\t}\n\t\t}\n\t\tdropdown.onchange = onCatChange;\n\t})();\n\t/* ]]> */\n\t</script>\n\t';

  test('flat, by name, empty ones hidden; the label, the select and the redirect script (categories.php)', async () => {
    const html = await renderDynamicBlock(
      'core/categories',
      { displayAsDropdown: true, showPostCounts: true },
      port({ terms }),
    );
    expect(html).toBe(
      '<div class="wp-block-categories-dropdown wp-block-categories"><label class="screen-reader-text" for="wp-block-categories-1">Categories</label>' +
        "<select  name='cat' id='wp-block-categories-1' class='postform'>\n\t<option value='-1'>Select Category</option>\n" +
        '\t<option class="level-0" value="4">Dyes&nbsp;&nbsp;(1)</option>\n' +
        '\t<option class="level-0" value="3">Wool&nbsp;&nbsp;(2)</option>\n' +
        '\t<option class="level-0" value="2">Yarn&nbsp;&nbsp;(3)</option>\n' +
        `</select>${script('wp-block-categories-1')}\n</div>`,
    );
  });

  test('hierarchical: children indented under their parent; no categories selects the none option', async () => {
    const html = await renderDynamicBlock(
      'core/categories',
      { displayAsDropdown: true, showHierarchy: true },
      port({ terms }),
    );
    expect(html).toContain(
      '\t<option class="level-0" value="2">Yarn</option>\n\t<option class="level-1" value="3">&nbsp;&nbsp;&nbsp;Wool</option>\n',
    );
    const none = await renderDynamicBlock('core/categories', { displayAsDropdown: true }, port({ terms: [] }));
    expect(none).toContain(
      "class='postform'>\n\t<option value='-1' selected='selected'>Select Category</option>\n</select>",
    );
  });

  test('counts in a tree are padded (_pad_term_counts): distinct posts of the term and its descendants', async () => {
    // Yarn holds posts 10-12, its child Wool 12 and 13: Yarn counts 4 (post 12 once), Wool 2.
    const objects = new Map([
      [2, [10, 11, 12]],
      [3, [12, 13]],
    ]);
    const tree = await renderDynamicBlock(
      'core/categories',
      { displayAsDropdown: true, showHierarchy: true, showPostCounts: true },
      port({ terms, objects }),
    );
    expect(tree).toContain(
      '\t<option class="level-0" value="2">Yarn&nbsp;&nbsp;(4)</option>\n\t<option class="level-1" value="3">&nbsp;&nbsp;&nbsp;Wool&nbsp;&nbsp;(2)</option>\n',
    );
    const list = await renderDynamicBlock(
      'core/categories',
      { showHierarchy: true, showPostCounts: true },
      port({ terms, objects }),
    );
    expect(list).toContain(`<a href="${HOME}/category/yarn/">Yarn</a> (4)\n`);
    // Flat, or top level only: no padding.
    const flat = await renderDynamicBlock('core/categories', { showPostCounts: true }, port({ terms, objects }));
    expect(flat).toContain(`<a href="${HOME}/category/yarn/">Yarn</a> (3)\n`);
    const top = await renderDynamicBlock(
      'core/categories',
      { showHierarchy: true, showPostCounts: true, showOnlyTopLevel: true },
      port({ terms, objects }),
    );
    expect(top).toContain(`<a href="${HOME}/category/yarn/">Yarn</a> (3)\n`);
  });

  test('in content, each categories block (a list too) takes the next number', async () => {
    const raw =
      '<!-- wp:categories /--><!-- wp:categories {"displayAsDropdown":true} /--><!-- wp:categories {"displayAsDropdown":true,"showEmpty":true} /-->';
    const html = renderContent(raw, undefined, await loadDynamicBlocks([raw], port({ terms })));
    expect(html).not.toContain('wp-block-categories-1');
    expect(html).toContain("id='wp-block-categories-2'");
    expect(html).toContain("id='wp-block-categories-3'");
  });
});
