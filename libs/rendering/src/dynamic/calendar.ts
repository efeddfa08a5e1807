/**
 * render_block_core_calendar() (wp-includes/blocks/calendar.php, WordPress 6.4) over get_calendar( true, false )
 * (general-template.php): the current month of the site's clock as a table, days with published posts linked to
 * their day archive, links to the nearest months before and after with posts. The `month` and `year` attributes
 * apply only under a permalink structure with %year% and %monthnum%; Loom's is /%postname%/, so they never do.
 */
import { escAttr } from '../escape';
import { kebab, safeCss } from '../block-types/supports';
import { monthName, weekdayName } from './locale';
import type { CalendarMonth } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

/** calendar_week_mod(). */
const weekMod = (n: number) => n - 7 * Math.floor(n / 7);
/** gmdate( 'w', mktime( 0, 0, 0, $month, $day, $year ) ), days past the month's end rolling over as mktime's do. */
const weekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

export const calendar: DynamicBlock<CalendarMonth | null> = {
  readsClock: true,
  load: (_a, port) => {
    const now = port.now();
    return port.calendarMonth(Number(now.slice(0, 4)), Number(now.slice(5, 7)));
  },
  render(block, a, month, { port, loggedIn }) {
    // block_core_calendar_has_published_posts(): a site without posts shows a note to signed-in users only.
    if (!month) return loggedIn ? '<div>The calendar block is hidden because there are no published posts.</div>' : '';
    const { year, month: m, days, previous, next, today } = month;
    const weekBegins = port.startOfWeek();
    const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();

    let out = `<table id="wp-calendar" class="wp-calendar-table">\n\t<caption>${monthName(m)} ${year}</caption>\n\t<thead>\n\t<tr>`;
    for (let i = 0; i <= 6; i++) {
      const wd = weekdayName((i + weekBegins) % 7);
      // get_weekday_initial(): the first letter of each English day name.
      out += `\n\t\t<th scope="col" title="${escAttr(wd)}">${wd[0]}</th>`;
    }
    out += '\n\t</tr>\n\t</thead>\n\t<tbody>\n\t<tr>';
    let pad = weekMod(weekday(year, m, 1) - weekBegins);
    if (pad !== 0) out += `\n\t\t<td colspan="${pad}" class="pad">&nbsp;</td>`;
    let newRow = false;
    for (let day = 1; day <= lastDay; day++) {
      if (newRow) out += '\n\t</tr>\n\t<tr>\n\t\t';
      newRow = false;
      const isToday = today.year === year && today.month === m && today.day === day;
      out += isToday ? '<td id="today">' : '<td>';
      if (days.includes(day)) {
        const label = `Posts published on ${monthName(m)} ${day}, ${year}`;
        out += `<a href="${port.dateLink(year, m, day)}" aria-label="${escAttr(label)}">${day}</a>`;
      } else out += String(day);
      out += '</td>';
      if (weekMod(weekday(year, m, day) - weekBegins) === 6) newRow = true;
    }
    // The loop leaves $day one past the month's last day.
    pad = 7 - weekMod(weekday(year, m, lastDay + 1) - weekBegins);
    if (pad !== 0 && pad !== 7) out += `\n\t\t<td class="pad" colspan="${pad}">&nbsp;</td>`;
    out += '\n\t</tr>\n\t</tbody>\n\t</table>';
    out += '<nav aria-label="Previous and next months" class="wp-calendar-nav">';
    out += previous
      ? `\n\t\t<span class="wp-calendar-nav-prev"><a href="${port.dateLink(previous.year, previous.month)}">&laquo; ${monthName(previous.month).slice(0, 3)}</a></span>`
      : '\n\t\t<span class="wp-calendar-nav-prev">&nbsp;</span>';
    out += '\n\t\t<span class="pad">&nbsp;</span>';
    out += next
      ? `\n\t\t<span class="wp-calendar-nav-next"><a href="${port.dateLink(next.year, next.month)}">${monthName(next.month).slice(0, 3)} &raquo;</a></span>`
      : '\n\t\t<span class="wp-calendar-nav-next">&nbsp;</span>';
    out += '\n\t</nav>';

    // calendar.php: the text and background colors (skipped in the wrapper) go on the table, through the style
    // engine: preset slugs as classes, custom values as inline CSS.
    const style = a.style as { color?: Record<string, unknown>; elements?: { link?: { color?: { text?: unknown } } } };
    const classes: string[] = [];
    let css = '';
    const color = (preset: unknown, custom: unknown, property: string, hasClass: string, slugClass: string) => {
      // A custom value naming a preset (`var:preset|color|x`) is that preset's class too.
      const named = typeof custom === 'string' ? /^var:preset\|color\|(.+)$/.exec(custom)?.[1] : undefined;
      if (typeof preset === 'string' && preset !== '') classes.push(hasClass, slugClass.replace('%s', kebab(preset)));
      else if (named) classes.push(hasClass, slugClass.replace('%s', kebab(named)));
      else if (typeof custom === 'string' && custom !== '') {
        classes.push(hasClass);
        // safecss_filter_attr() drops a declaration with an unsafe value.
        if (safeCss(custom)) css += `${property}:${custom};`;
      }
    };
    color(a.textColor, style?.color?.text, 'color', 'has-text-color', 'has-%s-color');
    color(a.backgroundColor, style?.color?.background, 'background-color', 'has-background', 'has-%s-background-color');
    let classnames = classes.length ? ` ${escAttr(classes.join(' '))}` : '';
    if (style?.elements?.link?.color?.text !== undefined && style.elements.link.color.text !== null)
      classnames += ' has-link-color';
    out = out.replace('<table', `<table${css ? ` style="${escAttr(css)}"` : ''}`);
    out = out.replace('class="wp-calendar-table', `class="wp-calendar-table${classnames}`);
    return `<div ${wrapperAttributes(block)}>${out}</div>`;
  },
};
