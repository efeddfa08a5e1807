/**
 * The escaping The Events Calendar's JSON-LD goes through: esc_js() on names and descriptions, and antispambot()
 * on organizer e-mail addresses (random entities per character, as WordPress does on every request).
 */
import { ksesNormalizeEntities } from '@loom/rendering';

/** esc_js(): entities for & < > " (not doubled), quotes and backslashes escaped, line breaks as a literal \n. */
export function escJs(text: string): string {
  let s = /[&<>"']/.test(text)
    ? ksesNormalizeEntities(text).replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : text;
  // stripslashes(), then an encoded apostrophe back to ', then addslashes().
  s = s.replace(/\\(.?)/gs, '$1').replace(/&#(?:x0*27|0*39);?/gi, "'");
  return s
    .replace(/\r/g, '')
    .replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`))
    .replace(/\n/g, '\\n');
}

/** antispambot(): each (ASCII) character as itself or as a decimal entity, at random; `@` always as &#64;. */
export function antispambot(email: string, random: () => number = Math.random): string {
  let out = '';
  for (const c of email) out += c.charCodeAt(0) < 0x80 && random() < 0.5 ? `&#${c.charCodeAt(0)};` : c;
  return out.split('@').join('&#64;');
}
