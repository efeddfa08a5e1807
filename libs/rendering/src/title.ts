/**
 * `title.rendered`: the_title (wptexturize, convert_chars, trim, then capital_P_dangit). WordPress does not escape
 * it, trusting the title kses'd on save; we also pass it through the title allow-list here so a title stored
 * by any path can never carry markup beyond $allowedtags. No "Protected: " / "Private: " prefix: the REST
 * controller removes those title formats before calling get_the_title().
 */
import { stripTags } from './excerpt';
import { sanitizeTextForTitle } from './sanitize';
import { defaultShortcodes, type ShortcodeRegistry } from './shortcodes';
import { capitalPDangitTitle, convertChars, phpTrim, wptexturize } from './texturize';

/** wptexturize() leaves registered shortcodes' tags as typed here too; the title runs no do_shortcode. */
export function renderTitle(raw: string, shortcodes: ShortcodeRegistry = defaultShortcodes): string {
  return capitalPDangitTitle(phpTrim(convertChars(wptexturize(sanitizeTextForTitle(raw), shortcodes.tags))));
}

/**
 * The "format titles" filters (single_post_title, nav_menu_attr_title, nav_menu_description...): wptexturize, then
 * strip_tags. A menu item's title attribute and description are read through them.
 */
export function formatTitleText(text: string, shortcodes: ShortcodeRegistry = defaultShortcodes): string {
  return stripTags(wptexturize(text, shortcodes.tags));
}
