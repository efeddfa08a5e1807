/**
 * Path placeholders of WordPress route keys (`(?P<id>[\d]+)`) and strings that match them, drawn from a small
 * regex subset (classes, escapes, groups, alternation, quantifiers): enough for every placeholder WordPress
 * and the plugins use, so that a new route's placeholders are filled without editing a suite (the fuzz suite, the
 * Allow suite).
 */

/** What drawing a matching string needs of a random source (the fuzz suite's seeded Rng). */
interface Draws {
  pick<T>(items: readonly T[]): T;
  int(lo: number, hi: number): number;
}

export interface Placeholder {
  name: string;
  /** The placeholder's own pattern, JavaScript syntax. */
  source: string;
  /** Anchored. */
  regex: RegExp;
}

export interface RouteShape {
  /** Literal text and placeholders, in order. */
  parts: Array<string | Placeholder>;
  placeholders: Placeholder[];
}

/** Splits a route key into literals and `(?P<name>...)` placeholders (balanced parentheses). */
export function parseRouteKey(key: string): RouteShape {
  const parts: Array<string | Placeholder> = [];
  let literal = '';
  for (let i = 0; i < key.length;) {
    const m = /^\(\?P?<([A-Za-z_]\w*)>/.exec(key.slice(i));
    if (!m) {
      literal += key[i++];
      continue;
    }
    let depth = 1;
    let j = i + m[0].length;
    let inClass = false;
    for (; j < key.length && depth > 0; j++) {
      const c = key[j];
      if (c === '\\') j++;
      else if (inClass) inClass = c !== ']';
      else if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    const source = key.slice(i + m[0].length, j - 1).replace(/\(\?P</g, '(?<');
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ name: m[1]!, source, regex: new RegExp(`^(?:${source})$`, 'u') });
    i = j;
  }
  if (literal) parts.push(literal);
  return { parts, placeholders: parts.filter((p): p is Placeholder => typeof p !== 'string') };
}

/** Characters a negated class or `.` draws from: ASCII, some Latin-1 and beyond, an astral one. */
const ANY = [...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_.~%:;,!*()+ /\\?#@&=éßж中😀'];

type Node =
  | { t: 'alt'; options: Node[][] }
  | { t: 'set'; test: (c: string) => boolean; members: string[] }
  | { t: 'lit'; c: string }
  | { t: 'rep'; node: Node; min: number; max: number };

const CLASS_ESCAPES: Record<string, string[]> = {
  d: [...'0123456789'],
  w: [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'],
  s: [' ', '\t'],
};

/** A parser for the subset; throws on anything else (the caller then falls back to known values). */
class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const n = this.alt();
    if (this.i < this.src.length) throw new Error(`unsupported regex: ${this.src}`);
    return n;
  }

  private alt(): Node {
    const options: Node[][] = [this.seq()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.seq());
    }
    return { t: 'alt', options };
  }

  private seq(): Node[] {
    const out: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')')
      out.push(this.quantified(this.atom()));
    return out;
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, 6] : c === '+' ? [1, 6] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Error(`unsupported regex: ${this.src}`);
      this.i += m[0].length;
      min = Number(m[1]);
      max = m[2] ? (m[3] ? Number(m[3]) : min + 6) : min;
    } else return node;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++; // lazy/possessive: same strings
    return { t: 'rep', node, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    if (c === '(') {
      const m = /^\?(?::|<[A-Za-z_]\w*>)/.exec(this.src.slice(this.i));
      if (m) this.i += m[0].length;
      else if (this.src[this.i] === '?') throw new Error(`unsupported regex: ${this.src}`);
      const inner = this.alt();
      if (this.src[this.i++] !== ')') throw new Error(`unbalanced regex: ${this.src}`);
      return inner;
    }
    if (c === '[') return this.charClass();
    if (c === '.') return { t: 'set', test: (x) => x !== '\n', members: ANY };
    if (c === '\\') return this.escape(this.src[this.i++]!);
    if ('^$'.includes(c)) return { t: 'alt', options: [[]] };
    return { t: 'lit', c };
  }

  private escape(e: string): Node {
    const members = CLASS_ESCAPES[e];
    if (members) return { t: 'set', test: (x) => members.includes(x), members };
    return { t: 'lit', c: e };
  }

  private charClass(): Node {
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const members: string[] = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let c = this.src[this.i++]!;
      if (c === '\\') {
        const e = this.src[this.i++]!;
        const cls = CLASS_ESCAPES[e];
        if (cls) {
          members.push(...cls);
          continue;
        }
        c = e;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        let end = this.src[this.i++]!;
        if (end === '\\') end = this.src[this.i++]!;
        for (let k = c.codePointAt(0)!; k <= end.codePointAt(0)!; k++) members.push(String.fromCodePoint(k));
      } else members.push(c);
    }
    this.i++; // ]
    const set = new Set(members);
    if (!negated) return { t: 'set', test: (x) => set.has(x), members };
    const allowed = ANY.filter((x) => !set.has(x));
    return { t: 'set', test: (x) => !set.has(x), members: allowed };
  }
}

function draw(node: Node, rng: Draws): string {
  switch (node.t) {
    case 'lit':
      return node.c;
    case 'set':
      return node.members.length ? rng.pick(node.members) : '';
    case 'rep': {
      let s = '';
      for (let n = rng.int(node.min, node.max); n > 0; n--) s += draw(node.node, rng);
      return s;
    }
    case 'alt':
      return rng
        .pick(node.options)
        .map((n) => draw(n, rng))
        .join('');
  }
}

const parsed = new Map<string, Node | null>();

/** A string matching the placeholder, or null when its pattern is outside the subset (bounded: 20 tries). */
export function sampleMatching(p: Placeholder, rng: Draws): string | null {
  if (!parsed.has(p.source)) {
    try {
      parsed.set(p.source, new Parser(p.source).parse());
    } catch {
      parsed.set(p.source, null);
    }
  }
  const node = parsed.get(p.source);
  if (!node) return null;
  for (let i = 0; i < 20; i++) {
    const s = draw(node, rng);
    if (p.regex.test(s)) return s;
  }
  return null;
}
