/**
 * Reading a request the WordPress way (reference §2): parameter sources and their precedence, coercion
 * and validation against the endpoint's contract, and the resulting typed parameters.
 */
import { z } from 'zod';
import { parse as parseQs } from 'qs';
import {
  isSanitizedOnly,
  isTakingNull,
  isWellFormedDeep,
  parseClientJson,
  toWpArg,
  type ArgsShape,
  type EndpointDef,
  type WpSchema,
} from '@loom/contracts';
import { wpError } from './errors';
import { checkValue, type Issue } from './validate';

/** PHP-like query/form parsing: `a[]=1&a[]=2` lists, `a[k]=v` maps, last duplicate wins, bounded depth. */
export function parsePhpStyle(raw: string): Record<string, unknown> {
  return parseQs(raw, {
    depth: 5,
    arrayLimit: 100,
    parameterLimit: 1000,
    duplicates: 'last',
    allowPrototypes: false,
    plainObjects: true,
  }) as Record<string, unknown>;
}

/** wp_is_json_media_type. */
export function isJsonType(contentType: string | undefined): boolean {
  return !!contentType && /(^|\s|,)application\/([\w!#$&\-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i.test(contentType);
}

export interface Sources {
  json: Record<string, unknown> | null;
  form: Record<string, unknown> | null;
  query: Record<string, unknown>;
  path: Record<string, string>;
}

/** Parses the raw body into the JSON or form source; malformed JSON is rest_invalid_json. */
export function bodySources(
  method: string,
  contentType: string | undefined,
  raw: string,
): Pick<Sources, 'json' | 'form'> {
  if (raw.trim() === '') return { json: null, form: null };
  if (isJsonType(contentType)) {
    let parsed: unknown;
    try {
      parsed = parseClientJson(raw);
    } catch (e) {
      throw wpError('rest_invalid_json', {
        data: { json_error_code: 4, json_error_message: 'Syntax error', detail: (e as Error).message },
      });
    }
    return {
      json: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null,
      form: null,
    };
  }
  const formLike = !contentType || /^application\/x-www-form-urlencoded/i.test(contentType);
  if (formLike && method !== 'GET') return { json: null, form: parsePhpStyle(raw) };
  return { json: null, form: null };
}

/** Highest first: JSON body, form body, query string, path placeholders (reference §2.1). */
function lookup(sources: Sources, name: string): { found: boolean; value: unknown } {
  for (const src of [sources.json, sources.form, sources.query, sources.path]) {
    if (src && Object.hasOwn(src, name)) return { found: true, value: src[name] };
  }
  return { found: false, value: undefined };
}

/** Per-endpoint compiled argument schemas, computed once. */
interface CompiledArgs {
  wp: Record<string, WpSchema>;
  zod: z.ZodObject<ArgsShape>;
}
const compiled = new WeakMap<EndpointDef, CompiledArgs>();

function compile(endpoint: EndpointDef): CompiledArgs {
  let c = compiled.get(endpoint);
  if (!c) {
    const wp: Record<string, WpSchema> = {};
    for (const [name, schema] of Object.entries(endpoint.args)) wp[name] = toWpArg(schema);
    c = { wp, zod: z.object(endpoint.args) };
    compiled.set(endpoint, c);
  }
  return c;
}

export interface ParsedArgs {
  params: Record<string, unknown>;
  /** Names the client supplied (in any source), for has_param-style checks. */
  given: Set<string>;
}

/** Every declared argument read from the sources and checked against its schema (coerced), before zod runs. */
interface Collected {
  values: Record<string, unknown>;
  given: Set<string>;
  missing: string[];
  invalid: Record<string, Issue>;
}

function collect(endpoint: EndpointDef, sources: Sources): Collected {
  const { wp } = compile(endpoint);
  const c: Collected = { values: {}, given: new Set(), missing: [], invalid: {} };
  for (const [name, schema] of Object.entries(wp)) {
    const { found, value } = lookup(sources, name);
    const nullable = Array.isArray(schema.type) && schema.type.includes('null');
    if (found && value === null && isTakingNull(endpoint.args[name]!)) {
      c.given.add(name);
      c.values[name] = null;
    } else if (found && (value !== null || nullable)) {
      c.given.add(name);
      // A lone surrogate (JSON's "\ud800") has no UTF-8 form: no sanitizer, store or client could handle it.
      if (!isWellFormedDeep(value)) {
        c.invalid[name] = { code: 'rest_invalid_param', message: `${name} is not a valid UTF-8 string.`, data: null };
        continue;
      }
      const r = isSanitizedOnly(endpoint.args[name]!) ? { ok: true as const, value } : checkValue(value, schema, name);
      if (r.ok) c.values[name] = r.value;
      else c.invalid[name] = r.issue;
    } else if (schema.required) {
      c.missing.push(name);
    }
  }
  return c;
}

/**
 * Resolves, validates and coerces every declared argument. Unknown parameters are ignored, so nothing a
 * client adds ever reaches a handler or the store. Errors: rest_missing_callback_param, rest_invalid_param.
 */
export function parseArgs(endpoint: EndpointDef, sources: Sources): ParsedArgs {
  const { zod } = compile(endpoint);
  const { values, given, missing, invalid } = collect(endpoint, sources);

  if (missing.length) {
    throw wpError('rest_missing_callback_param', {
      message: `Missing parameter(s): ${missing.join(', ')}`,
      data: { params: missing },
    });
  }
  if (Object.keys(invalid).length === 0) {
    // zod applies defaults and the contracts' transforms (WordPress's sanitize callbacks) and refinements.
    const parsed = zod.safeParse(values);
    // Cloned: zod hands out one shared instance of each default ([] / {}).
    if (parsed.success) return { params: structuredClone(parsed.data), given };
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      // A sanitize callback's own error (contracts' sanitizeError) keeps its code and message.
      const own = issue.code === 'custom' ? (issue.params as { wp?: Issue } | undefined)?.wp : undefined;
      invalid[name] ??= own ?? { code: 'rest_invalid_param', message: `${name}: ${issue.message}`, data: null };
    }
  }
  const names = Object.keys(invalid);
  throw wpError('rest_invalid_param', {
    message: `Invalid parameter(s): ${names.join(', ')}`,
    data: {
      params: Object.fromEntries(names.map((n) => [n, invalid[n]!.message])),
      details: Object.fromEntries(names.map((n) => [n, invalid[n]])),
    },
  });
}

/**
 * The arguments that are valid, each with its default otherwise; never throws. For permission checks that must
 * run on a request whose parameters were refused (the Allow header of an error, OPTIONS).
 */
export function parseArgsLeniently(endpoint: EndpointDef, sources: Sources): ParsedArgs {
  const { values, given } = collect(endpoint, sources);
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(endpoint.args)) {
    const r = schema.safeParse(values[name]);
    if (r.success && r.data !== undefined) params[name] = structuredClone(r.data);
  }
  return { params, given };
}
