/**
 * get_file_data(): the `Name: value` lines of a file's header comment (a theme's style.css, a pattern file), read
 * as WordPress reads them: the first 8 KB, any line, the first match of each name, case-insensitive.
 */

const HEAD_BYTES = 8 * 1024;

const quote = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** PHP's trim(): spaces, tabs, newlines, carriage returns, NUL and vertical tabs only. */
const phpTrim = (s: string): string => s.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');

/** _cleanup_header_comment(): the value without a closing `*\/` or `?>` and what follows. */
const cleanup = (s: string): string => phpTrim(s.replace(/\s*(?:\*\/|\?>).*/, ''));

/** Each key of `headers` (field → header name) with its value in `text`, '' when absent. */
export function fileData<K extends string>(text: string, headers: Record<K, string>): Record<K, string> {
  const head = Buffer.from(text, 'utf8').subarray(0, HEAD_BYTES).toString('utf8').replace(/\r/g, '\n');
  const out = Object.create(null) as Record<K, string>;
  for (const [field, name] of Object.entries(headers) as Array<[K, string]>) {
    const m = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${quote(name)}:(.*)$`, 'mi').exec(head);
    out[field] = m && m[1] ? cleanup(m[1]) : '';
  }
  return out;
}

/** WP_Theme's file headers (WP_Theme::$file_headers). */
export const THEME_HEADERS = {
  Name: 'Theme Name',
  ThemeURI: 'Theme URI',
  Description: 'Description',
  Author: 'Author',
  AuthorURI: 'Author URI',
  Version: 'Version',
  Template: 'Template',
  Status: 'Status',
  Tags: 'Tags',
  TextDomain: 'Text Domain',
  DomainPath: 'Domain Path',
  RequiresWP: 'Requires at least',
  RequiresPHP: 'Requires PHP',
  UpdateURI: 'Update URI',
} as const;

export type ThemeHeader = keyof typeof THEME_HEADERS;
