/**
 * The shortcode registry and what WordPress does with it (wp-includes/shortcodes.php and formatting.php, WordPress
 * 6.1): do_shortcode(), do_shortcodes_in_html_tags(), strip_shortcodes() and shortcode_unautop(). Only registered
 * tags are touched; any other [name] is text. Each renderer owns a registry, so media can register its own
 * shortcodes ([gallery], [audio], [video], [playlist], [embed]) from its own files.
 */
import { ksesAttrParse, ksesOneAttr, wpHtmlSplit } from '../kses-attr';
import { phpTrim } from '../texturize';
import {
  PHP_SPACE,
  enclosedContent,
  isValidShortcodeName,
  namesAfterBrackets,
  parseShortcodeAtts,
  quoteTag,
  shortcodeRegexSource,
  type ShortcodeAtts,
} from './grammar';

/**
 * A shortcode's callback, as add_shortcode()'s: the attributes, the enclosed content ('' for a self-closing or
 * unclosed tag) and the tag, plus the registry, for handlers that run do_shortcode() on their content.
 */
export type ShortcodeHandler = (
  atts: ShortcodeAtts,
  content: string,
  tag: string,
  shortcodes: ShortcodeRegistry,
) => string;

/** get_shortcode_regex()'s groups (6 is internal), undefined where PHP would give ''. */
type Match = [
  whole: string,
  open: string,
  tag: string,
  atts: string,
  selfClosing?: string,
  content?: string,
  inner?: string,
  close?: string,
];

const toMatch = (args: unknown[]) => args.slice(0, 8) as Match;

/**
 * preg_replace_callback() with get_shortcode_regex(). Every match ends with a "]", so the text after the last one
 * is left out of the search, as PCRE's check for a required "]" leaves it; without that, a long run of
 * [tag openings with no "]" after them would cost a backtracking scan each.
 */
function replaceShortcodes(text: string, pattern: RegExp, replace: (m: Match) => string): string {
  const end = text.lastIndexOf(']') + 1;
  if (end === 0) return text;
  return text.slice(0, end).replace(pattern, (...args: unknown[]) => replace(toMatch(args))) + text.slice(end);
}

/** The shortcodes of a text run, and how many there were (preg_replace_callback's count). */
type Runner = (text: string) => { output: string; count: number };

// do_shortcodes_in_html_tags() hides the brackets it leaves in elements; &#91; typed by the author is set apart first.
const encodeBrackets = (text: string) => text.replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
const unescapeInvalidShortcodes = (text: string) => text.replace(/&#91;/g, '[').replace(/&#93;/g, ']');

// wp_spaces_regexp().
const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';

export class ShortcodeRegistry {
  private readonly handlers = new Map<string, ShortcodeHandler>();

  /** add_shortcode(); a later registration of the same tag replaces the handler. */
  add(tag: string, handler: ShortcodeHandler): this {
    if (!isValidShortcodeName(tag)) throw new TypeError(`Invalid shortcode name: ${JSON.stringify(tag)}`);
    this.handlers.set(tag, handler);
    return this;
  }

  remove(tag: string): void {
    this.handlers.delete(tag);
  }

  /** shortcode_exists(). */
  has(tag: string): boolean {
    return this.handlers.has(tag);
  }

  /** The registered tags in registration order (what wptexturize() and shortcode_unautop() look for). */
  get tags(): string[] {
    return [...this.handlers.keys()];
  }

  /** Registered tags typed after a "[" in the text, in registration order. */
  tagsIn(content: string): string[] {
    const typed = namesAfterBrackets(content);
    return this.tags.filter((tag) => typed.has(tag));
  }

  /** do_shortcode(): each registered shortcode replaced by its handler's output; [[tag]] gives [tag]. */
  doShortcode(content: string, ignoreHtml = false): string {
    if (!content.includes('[')) return content;
    const tagnames = this.tagsIn(content);
    if (tagnames.length === 0) return content;
    const pattern = new RegExp(shortcodeRegexSource(tagnames), 'g');
    const html = this.doShortcodesInHtmlTags(content, ignoreHtml, tagnames);
    // Always restore the brackets, so things like <!--[if IE ]> survive.
    return unescapeInvalidShortcodes(replaceShortcodes(html, pattern, (m) => this.doShortcodeTag(m)));
  }

  /**
   * A handler called as a function, the way WordPress calls wp_audio_shortcode( $atts ) itself (prepend_attachment):
   * its instance counters are this registry's. '' when the tag is not registered.
   */
  call(tag: string, atts: ReadonlyArray<[string, string]>, content = ''): string {
    const handler = this.handlers.get(tag);
    return handler ? handler(new Map(atts), content, tag, this) : '';
  }

  /** strip_shortcodes(): registered shortcodes removed with what they enclose; inside elements they stay. */
  stripShortcodes(content: string): string {
    if (!content.includes('[')) return content;
    const tagnames = this.tagsIn(content);
    if (tagnames.length === 0) return content;
    const pattern = new RegExp(shortcodeRegexSource(tagnames), 'g');
    const html = this.doShortcodesInHtmlTags(content, true, tagnames);
    return unescapeInvalidShortcodes(
      replaceShortcodes(html, pattern, ([whole, open, , , , , , close = '']) =>
        open === '[' && close === ']' ? whole.slice(1, -1) : open + close,
      ),
    );
  }

  /** shortcode_unautop(): a registered shortcode alone in a paragraph loses the <p> wpautop() gave it. */
  unautop(html: string): string {
    if (this.handlers.size === 0) return html;
    const pattern = new RegExp(
      `<p>${SPACES}*` +
        `(\\[(${this.tags.map(quoteTag).join('|')})(?![\\w-])[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?` +
        `(?:\\/\\]|\\](?:${enclosedContent(3)}\\[\\/\\2\\])?))` +
        `${SPACES}*<\\/p>`,
      'g',
    );
    return html.replace(pattern, '$1');
  }

  /** do_shortcode_tag(). */
  private doShortcodeTag([whole, open, tag, atts, , content = '', , close = '']: Match): string {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const handler = this.handlers.get(tag);
    if (!handler) return whole;
    return open + handler(parseShortcodeAtts(atts), content, tag, this) + close;
  }

  /**
   * do_shortcodes_in_html_tags(): shortcodes in attribute values run (their output kses'd when the value is
   * quoted); every bracket left inside an element is encoded so the main pass cannot pair it with text outside.
   */
  private doShortcodesInHtmlTags(content: string, ignoreHtml: boolean, tagnames: string[]): string {
    const pattern = new RegExp(shortcodeRegexSource(tagnames), 'g');
    const run: Runner = (text) => {
      let count = 0;
      const output = replaceShortcodes(text, pattern, (m) => (count++, this.doShortcodeTag(m)));
      return { output, count };
    };
    const parts = wpHtmlSplit(content.replace(/&#91;/g, '&#091;').replace(/&#93;/g, '&#093;'));
    for (let i = 1; i < parts.length; i += 2) {
      const element = parts[i];
      const noOpen = !element.includes('[');
      const noClose = !element.includes(']');
      if (noOpen || noClose) {
        if (noOpen !== noClose) parts[i] = encodeBrackets(element);
        continue;
      }
      if (ignoreHtml || element.startsWith('<!--') || element.startsWith('<![CDATA[')) {
        parts[i] = encodeBrackets(element);
        continue;
      }
      const attributes = ksesAttrParse(element);
      if (attributes === false) {
        // Some plugins write things like [name] <[email]>.
        const shortcodeAsElement = new RegExp(`^<${PHP_SPACE}*\\[\\[?[^\\[\\]]+\\]`).test(element);
        parts[i] = encodeBrackets(shortcodeAsElement ? run(element).output : element);
        continue;
      }
      const front = attributes.shift()!;
      const back = attributes.pop()!;
      const elname = /[a-zA-Z0-9]+/.exec(front)![0];
      const filtered = attributes.map((attr) => this.shortcodesInAttribute(attr, elname, run));
      parts[i] = encodeBrackets(front + filtered.join('') + back);
    }
    return parts.join('');
  }

  private shortcodesInAttribute(attr: string, elname: string, run: Runner): string {
    const open = attr.indexOf('[');
    if (open === -1 || !attr.includes(']')) return attr;
    const double = attr.indexOf('"');
    const single = attr.indexOf("'");
    // [shortcode] or name=[shortcode] unquoted implies unfiltered_html: kses never ran, so neither does it here.
    if ((single === -1 || open < single) && (double === -1 || open < double)) return run(attr).output;
    // In a quoted value the output is kses'd, since the content may have been; an unsafe result leaves the value.
    const { output, count } = run(attr);
    if (count === 0) return attr;
    const safe = ksesOneAttr(output, elname);
    return phpTrim(safe) !== '' ? safe : attr;
  }
}
