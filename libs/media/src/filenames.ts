import { knownExtension } from './mimes';
import type { DetectOptions } from './types';

/** remove_accents' special cases that Unicode decomposition does not cover. */
const LIGATURES: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ŋ: 'n',
  Ŋ: 'N',
  ı: 'i',
  ĸ: 'k',
  ŀ: 'l',
  Ŀ: 'L',
  ŉ: 'n',
  ſ: 's',
  ŧ: 't',
  Ŧ: 'T',
  ħ: 'h',
  Ħ: 'H',
};

function removeAccents(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(s)) return s;
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒđĐðÐłŁþÞŋŊıĸŀĿŉſŧŦħĦ]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFC');
}

/** sanitize_file_name's $special_chars. */
const SPECIAL_CHARS = [
  '?',
  '[',
  ']',
  '/',
  '\\',
  '=',
  '<',
  '>',
  ':',
  ';',
  ',',
  "'",
  '"',
  '&',
  '$',
  '#',
  '*',
  '(',
  ')',
  '|',
  '~',
  '`',
  '!',
  '{',
  '}',
  '%',
  '+',
  '\u2019',
  '\u00ab',
  '\u00bb',
  '\u201d',
  '\u201c',
  '\u0000',
];

/** Characters no name keeps before WordPress's rules run: controls other than the whitespace those turn into dashes,
 * lone surrogates (no UTF-8 spelling), and bidirectional controls that would show a name other than it is. */
// eslint-disable-next-line no-control-regex
const UNNAMEABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** WordPress's sanitize_file_name (formatting.php): accents removed, special characters dropped, whitespace
 * and dashes collapsed to one dash, dots/dashes/underscores trimmed, a bare extension named `unnamed-file.ext`,
 * and unknown intermediate extensions (`x.php.jpg`) neutralised with `_` (`x.php_.jpg`). `opts` decides
 * whether html/js count as allowed intermediate extensions (get_allowed_mime_types).
 * Letters of every script are kept (`照片.jpg`), as WordPress keeps them. Unlike WordPress, the name is first put in
 * Unicode's compatibility form (NFKC): look-alikes such as `．．／` become the `../` they imitate, and are then
 * removed like any other special character, so no layer that normalises later can turn a name into a path. */
export function sanitizeFileName(name: string, opts: DetectOptions = { unfilteredHtml: false }): string {
  // Every kind of space counts as one (WordPress: the no-break space), so each becomes a dash below.
  let f = removeAccents(
    name
      .replace(UNNAMEABLE, '')
      .replace(/\p{White_Space}/gu, ' ')
      .normalize('NFKC'),
  );
  for (const c of SPECIAL_CHARS) f = f.split(c).join('');
  // What a removed character stood between may compose now: names are stored composed (NFC).
  f = f.normalize('NFC');
  f = f.replace(/\.{2,}/g, '.');
  f = f.replace(/[\r\n\t -]+/g, '-');
  f = f.replace(/^[.\-_]+|[.\-_]+$/g, '');
  if (!f.includes('.')) {
    if (f !== '' && knownExtension(f, null) !== null && !f.includes('|')) f = `unnamed-file.${f}`;
    else if (f === '') f = 'unnamed-file';
  }
  const parts = f.split('.');
  if (parts.length <= 2) return f;
  let out = parts.shift() as string;
  const extension = parts.pop() as string;
  for (const part of parts) {
    out += `.${part}`;
    if (/^[a-zA-Z]{2,5}\d?$/.test(part) && knownExtension(part, opts) === null) out += '_';
  }
  return `${out}.${extension}`;
}

function splitName(name: string): { fname: string; ext: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { fname: name.slice(0, dot), ext: name.slice(dot) } : { fname: name, ext: '' };
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** _wp_check_existing_file_names, widened to Loom's WebP copies (`name-jpg.webp`, `name-300x200-jpg.webp`). */
function clashesWithDerived(filename: string, files: readonly string[]): boolean {
  const { fname, ext } = splitName(filename);
  if (!fname) return false;
  const suffix = ext.slice(1);
  const sizeRe = new RegExp(`^${escapeRe(fname)}-(?:\\d+x\\d+|scaled|rotated)${escapeRe(ext)}$`, 'i');
  const webpRe = new RegExp(`^${escapeRe(fname)}(?:-\\d+x\\d+|-scaled|-rotated)?-${escapeRe(suffix)}\\.webp$`, 'i');
  return files.some((f) => sizeRe.test(f) || (suffix !== '' && webpRe.test(f)));
}

/** Loom keeps base names under 180 bytes so that `-99`, `-2048x2048` and `-jpg.webp` still fit the 255-byte
 * file-name limit of disks (WordPress does not shorten names; a longer one fails to store). */
const MAX_BASE_BYTES = 180;

function truncateBytes(s: string, max: number): string {
  if (Buffer.byteLength(s, 'utf8') <= max) return s;
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out.replace(/[.\-_]+$/, '') || 'unnamed-file';
}

/**
 * wp_unique_filename: `name.ext`, else `name-1.ext`, `name-2.ext`... in `dir` (`YYYY/MM`), where `taken`
 * tells whether a relative path (`2024/01/name.ext`) is stored. The name is sanitised first and its extension
 * lower-cased (WordPress tests both spellings). Names that look like derived files (`x-150x150.jpg`,
 * `x-scaled.jpg`, `x-rotated.jpg`) always get a number, as in WordPress. With `list` (stored base names in
 * `dir` starting with a prefix) it also avoids names whose sub-sizes or copies would clash with stored files.
 */
export async function uniqueFileName(
  dir: string,
  name: string,
  taken: (relativePath: string) => Promise<boolean>,
  list?: (dir: string, prefix: string) => Promise<string[]>,
): Promise<string> {
  const clean = sanitizeFileName(name);
  const split = splitName(clean);
  const fname = truncateBytes(split.fname, MAX_BASE_BYTES);
  const ext = truncateBytes(split.ext, 32);
  const lcExt = ext.toLowerCase();
  const prefix = dir === '' ? '' : `${dir.replace(/\/+$/, '')}/`;
  let number = /-(?:\d+x\d+|scaled|rotated)$/.test(fname) ? 1 : 0;
  const candidate = (n: number, e: string): string => `${fname}${n ? `-${n}` : ''}${e}`;
  const isTaken = async (n: number): Promise<boolean> =>
    (await taken(prefix + candidate(n, ext))) || (ext !== lcExt && (await taken(prefix + candidate(n, lcExt))));
  // Bounded: a store that says "taken" to everything must not loop forever.
  for (let i = 0; i < 10_000 && (await isTaken(number)); i++) number++;
  if (list && fname) {
    const files = await list(dir, `${fname}`);
    for (let i = 0; i <= files.length && clashesWithDerived(candidate(number, lcExt), files); i++) {
      number++;
      while (await isTaken(number)) number++;
    }
  }
  return candidate(number, lcExt);
}

/** The edit's file name: `photo.jpg` → `photo-edited.jpg`; `photo-edited-2.jpg` → `photo-edited.jpg`
 * (edit_media_item; then make it unique with uniqueFileName in the current month's folder). Accepts a
 * relative path and answers a base name. */
export function editedFileName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const { fname, ext } = splitName(base);
  const name = /-edited(-\d+)?$/.test(fname) ? fname.replace(/-edited(-\d+)?$/, '-edited') : `${fname}-edited`;
  return `${name}${ext}`;
}

/** `YYYY/MM` of a date (UTC), WordPress's uploads sub-folder. */
export function uploadSubdir(date: Date): string {
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}
