/**
 * Mail-tags (`[your-name]`, `[_raw_topic]`, `[_format_date "D, d M Y"]`, `[_site_title]`): the syntax the mail
 * templates use (mail.php WPCF7_MailTaggedText, mail-tag.php WPCF7_MailTag). One pass over the template:
 * a substituted value is never scanned again, so submitted text cannot expand into other tags.
 */

export interface MailTagRef {
  /** The tag as written, e.g. `[_raw_your-topic]`. */
  tag: string;
  /** The name as written, e.g. `_raw_your-topic`. */
  tagName: string;
  /** The field it reads, e.g. `your-topic` (dots as underscores). */
  fieldName: string;
  /** Its quoted values (`[_format_d "Y-m-d"]` → `["Y-m-d"]`). */
  values: string[];
  /** `_raw_`: the posted value itself (the label), not the piped value. */
  raw: boolean;
  /** `_format_`: the date format. */
  format?: string;
}

const MAIL_TAG = /(\[?)\[[\t ]*([a-zA-Z_][0-9a-zA-Z:._-]*)((?:[\t ]+"[^"]*"|[\t ]+'[^']*')*)[\t ]*\](\]?)/g;

function stripQuote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'"))) ? t.slice(1, -1) : t;
}

/** The plugin's WPCF7_MailTag for a matched tag. */
export function mailTagRef(tag: string, tagName: string, valuesText: string): MailTagRef {
  const values = (valuesText.match(/"[^"]*"|'[^']*'/g) ?? []).map(stripQuote);
  let name = tagName;
  let raw = false;
  let format: string | undefined;
  const rawMatch = /^_raw_(.+)$/.exec(tagName);
  if (rawMatch) {
    name = rawMatch[1].trim();
    raw = true;
  }
  const formatMatch = /^_format_(.+)$/.exec(tagName);
  if (formatMatch) {
    name = formatMatch[1].trim();
    format = values[0];
  }
  return { tag, tagName, fieldName: name.replace(/\./g, '_'), values, raw, format };
}

/**
 * Replaces the mail-tags of one text with what `replace` returns for each (null: left as written and not
 * counted). `[[tag]]` is an escaped tag: it becomes `[tag]`. `replaced` maps each substituted tag to its text
 * (what exclude_blank looks at).
 */
export function replaceMailTagsIn(
  text: string,
  replace: (ref: MailTagRef) => string | null,
): { text: string; replaced: Map<string, string> } {
  const replaced = new Map<string, string>();
  const out = text.replace(MAIL_TAG, (whole: string, open: string, tagName: string, values: string, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    // A lone leading or trailing bracket is not part of the tag (the regex only captured it to detect escapes).
    const tag = whole.slice(open.length, whole.length - close.length);
    const value = replace(mailTagRef(tag, tagName, values));
    if (value === null) return whole;
    replaced.set(tag, value);
    return `${open}${value}${close}`;
  });
  return { text: out, replaced };
}
