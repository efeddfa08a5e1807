/**
 * The table of error codes (src/error-codes.ts): well formed, and the only place codes come from. The helpers take
 * ErrorCode, so the compiler refuses a code they are given that is not in the table; this scan also covers the
 * codes written where no helper's type reaches (JSON bodies, `details`, helpers typed `string`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ERROR_CODES, errorBody, isErrorCode, type ErrorCodeInfo } from '../src/error-codes';

const ROOT = join(__dirname, '../../..');
const TABLE_FILE = join(__dirname, '../src/error-codes.ts');

/**
 * The identifiers spelled like codes that are not error codes: WordPress's `rest_url` field, `rest_route` parameter
 * and a post type's `rest_namespace` field.
 */
const NOT_CODES = new Set(['rest_url', 'rest_route', 'rest_namespace']);

/** Every code-like string literal: any quoted `rest_…` word, and in an error's place (`code:` or the code argument of
 * an error helper) any other code (`loom_…`, `wpcf7_…`, The Events Calendar's `event-not-found`, `term_exists`...). */
const REST_LITERAL = /(['"`])(rest_[a-z0-9_]+)\1/g;
const HELPERS = 'wpError|errorBody|WpError|mediaError|MediaError|forbidden|sanitizeError|insertError|fail';
const CODE_PLACE = new RegExp(
  `(?:\\bcode:\\s*|\\b(?:${HELPERS})\\(\\s*(?:[\\w.]+,\\s*)?)(['"\`])([a-z][a-z0-9_-]*)\\1`,
  'g',
);

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) out.push(p);
    }
  };
  for (const top of ['libs', 'services']) {
    for (const pkg of readdirSync(join(ROOT, top), { withFileTypes: true })) {
      if (pkg.isDirectory() && pkg.name !== 'node_modules') {
        try {
          walk(join(ROOT, top, pkg.name, 'src'));
        } catch {
          // a package without src
        }
      }
    }
  }
  return out;
}

describe('the table of error codes', () => {
  const entries = Object.entries(ERROR_CODES) as [string, ErrorCodeInfo][];

  it('has each code once', () => {
    // An object literal keeps the last of two equal keys: count them in the source.
    const source = readFileSync(TABLE_FILE, 'utf8');
    const table = source.slice(source.indexOf('export const ERROR_CODES = {'), source.indexOf('} as const satisfies'));
    const keys = [...table.matchAll(/^ {2}'?([a-z][a-z0-9_-]*)'?: \{/gm)].map((m) => m[1]);
    expect(keys.length).toBe(entries.length);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every code a status from 400 to 599 and a message', () => {
    for (const [code, info] of entries) {
      expect({ code, ok: Number.isInteger(info.status) && info.status >= 400 && info.status <= 599 }).toEqual({
        code,
        ok: true,
      });
      expect({ code, ok: typeof info.message === 'string' && info.message.trim() !== '' }).toEqual({ code, ok: true });
    }
  });

  it('gives permission codes the status of an anonymous caller', () => {
    for (const [code, info] of entries.filter(([, i]) => i.auth))
      expect({ code, status: info.status }).toEqual({ code, status: 401 });
  });

  it('builds bodies from the table', () => {
    expect(errorBody('rest_no_route')).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    expect(errorBody('rest_post_invalid_id', { message: 'Invalid item ID.', status: 400 })).toEqual({
      code: 'rest_post_invalid_id',
      message: 'Invalid item ID.',
      data: { status: 400 },
    });
    expect(
      errorBody('rest_invalid_param', { message: 'Invalid parameter(s): a', data: { params: { a: 'x' } } }),
    ).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): a',
      data: { status: 400, params: { a: 'x' } },
    });
    expect(isErrorCode('rest_no_route')).toBe(true);
    expect(isErrorCode('rest_nope')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('holds every code the sources write', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      const where = relative(ROOT, file);
      for (const m of text.matchAll(REST_LITERAL))
        if (!NOT_CODES.has(m[2]!) && !isErrorCode(m[2]!)) missing.add(`${where}: ${m[2]}`);
      for (const m of text.matchAll(CODE_PLACE)) if (!isErrorCode(m[2]!)) missing.add(`${where}: ${m[2]}`);
    }
    expect([...missing]).toEqual([]);
  });

  it('finds codes in the sources at all', () => {
    // The scan above passes trivially if it reads nothing: it must see the kit's and the services' codes.
    const seen = new Set<string>();
    for (const file of sourceFiles()) for (const m of readFileSync(file, 'utf8').matchAll(CODE_PLACE)) seen.add(m[2]!);
    for (const code of [
      'rest_no_route',
      'rest_invalid_json',
      'loom_service_unavailable',
      'wpcf7_not_found',
      'event-archive-page-not-found',
      'oembed_invalid_url',
      'term_exists',
    ]) {
      expect({ code, seen: seen.has(code) }).toEqual({ code, seen: true });
    }
  });
});
