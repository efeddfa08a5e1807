/**
 * Putting values on the wire the way clients (and attackers) do: percent-encoding that can carry lone
 * surrogates (as WTF-8 bytes, which a strict decoder refuses), PHP-style query and form pairs (`a[]=1`,
 * `a[k]=v`, `a=1,2`), and JSON that can hold number literals beyond a double.
 */
import type { Rng } from './prng';
import { Literal } from './values';

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** UTF-8 percent-encoding, except that a lone surrogate becomes its 3-byte (WTF-8) form, e.g. %ED%A0%80. */
export function pct(s: string, keep: RegExp = UNRESERVED): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (keep.test(c)) {
      out += c;
      continue;
    }
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const scalar = (v: unknown): string =>
  v instanceof Literal
    ? v.text
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** `key=value` pairs for one argument, PHP style; the list form varies (a[]=, a[0]=, a=1,2). */
export function phpPairs(key: string, value: unknown, rng: Rng, depth = 0): string[] {
  if (value instanceof Literal || value === null || typeof value !== 'object' || depth > 6)
    return [`${key}=${pct(scalar(value))}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${key}=`];
    const flat = value.every((v) => v === null || typeof v !== 'object' || v instanceof Literal);
    const style = rng.int(0, flat ? 2 : 1);
    if (style === 2) return [`${key}=${value.map((v) => pct(scalar(v))).join(',')}`];
    return value.flatMap((v, i) => phpPairs(`${key}[${style === 0 ? '' : i}]`, v, rng, depth + 1));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return [`${key}=`];
  return entries.flatMap(([k, v]) => phpPairs(`${key}[${pct(k, /[A-Za-z0-9\-._~$]/)}]`, v, rng, depth + 1));
}

export function phpQuery(args: Record<string, unknown>, rng: Rng): string {
  return Object.entries(args)
    .flatMap(([k, v]) => phpPairs(pct(k, /[A-Za-z0-9\-._~$]/), v, rng))
    .join('&');
}

/** JSON.stringify, with Literal numbers written as they are. */
export function jsonText(value: unknown): string {
  const literals: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Literal) {
      literals.push(v.text);
      return `@@loom-literal-${literals.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@loom-literal-(\d+)@@"/g, (_m, i: string) => literals[Number(i)]!);
}
