/**
 * WordPress's rest_validate_value_from_schema + rest_sanitize_value_from_schema over the JSON schema derived
 * from the contracts: same coercions ("5" → 5, "true"/"1" → true, "a,b" → ["a","b"]), same error codes and
 * messages, so clients written against WordPress read our 400s unchanged.
 */
import { ERROR_CODES, type ErrorCode, type WpSchema, type WpType } from '@loom/contracts';

export interface Issue {
  code: ErrorCode;
  message: string;
  data: Record<string, unknown> | null;
}

export type Checked = { ok: true; value: unknown } | { ok: false; issue: Issue };

const ok = (value: unknown): Checked => ({ ok: true, value });
/** An invalid value: `code` with the call's message (the table's where the code has one). */
const fail = (
  code: ErrorCode,
  message: string = ERROR_CODES[code].message,
  data: Record<string, unknown> | null = null,
): Checked => ({ ok: false, issue: { code, message, data } });

/** PHP's is_numeric for strings (leading/trailing whitespace allowed). */
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

function isNumeric(v: unknown): boolean {
  return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && NUMERIC.test(v));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** wp_parse_list: split a scalar on commas and whitespace. */
function parseList(v: string): string[] {
  return v.split(/[\s,]+/).filter((s) => s !== '');
}

/** rest_is_array, returning the list form: lists, scalars (split), and objects whose keys are all indices. */
function asList(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return parseList(v);
  if (typeof v === 'number' || typeof v === 'boolean') return parseList(String(v));
  if (isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.keys(v)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => v[k]);
  }
  return null;
}

function isType(v: unknown, type: WpType): boolean {
  switch (type) {
    case 'array':
      return asList(v) !== null;
    case 'object':
      return v === '' || isPlainObject(v) || (Array.isArray(v) && v.length === 0);
    case 'integer':
      return isNumeric(v) && Number.isInteger(Number(v));
    case 'number':
      return isNumeric(v);
    case 'boolean':
      return typeof v === 'boolean' || v === 0 || v === 1 || (typeof v === 'string' && /^(0|1|true|false)$/i.test(v));
    case 'string':
      return typeof v === 'string';
    case 'null':
      return v === null;
  }
}

/**
 * rest_get_best_type_for_value: the first of the schema's own types (in the schema's order) the value passes; an
 * empty string is best read as a string when that is allowed (arrays and objects would take it too).
 */
function bestType(value: unknown, types: WpType[]): WpType | undefined {
  if (value === '' && types.includes('string')) return 'string';
  return types.find((t) => isType(value, t));
}

/** wp_sprintf's %l: "a", "a and b", "a, b, and c". */
function humanList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** RFC 3339 date-time as rest_parse_date accepts it (offset optional). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const EMAIL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_COLOR = /^#([A-Fa-f0-9]{3}){1,2}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function checkFormat(value: string, schema: WpSchema, param: string): Checked | null {
  switch (schema.format) {
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')))
        ? null
        : fail('rest_invalid_date');
    case 'email':
      return EMAIL.test(value) ? null : fail('rest_invalid_email');
    case 'uuid':
      return UUID.test(value) ? null : fail('rest_invalid_uuid', `${param} is not a valid UUID.`);
    case 'hex-color':
      return HEX_COLOR.test(value) ? null : fail('rest_invalid_hex_color', `${param} is not a valid hex color.`);
    case 'ip':
      return IPV4.test(value) || (value.includes(':') && /^[0-9a-f:.]+$/i.test(value))
        ? null
        : fail('rest_invalid_ip', `${param} is not a valid IP address.`);
    default:
      return null;
  }
}

function checkNumberBounds(n: number, schema: WpSchema, param: string): Checked | null {
  const { minimum: min, maximum: max, exclusiveMinimum: exMin, exclusiveMaximum: exMax } = schema;
  const belowMin = min !== undefined && (exMin ? n <= min : n < min);
  const aboveMax = max !== undefined && (exMax ? n >= max : n > max);
  if (!belowMin && !aboveMax) return null;
  let message: string;
  if (min !== undefined && max !== undefined) {
    message = `${param} must be between ${min} (${exMin ? 'exclusive' : 'inclusive'}) and ${max} (${exMax ? 'exclusive' : 'inclusive'})`;
  } else if (min !== undefined) {
    message = `${param} must be greater than ${exMin ? '' : 'or equal to '}${min}`;
  } else {
    message = `${param} must be less than ${exMax ? '' : 'or equal to '}${max}`;
  }
  return fail('rest_out_of_bounds', message);
}

function checkEnum(value: unknown, schema: WpSchema, param: string): Checked | null {
  if (!schema.enum || schema.enum.length === 0) return null;
  if (schema.enum.some((e) => e === value)) return null;
  const shown = schema.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  return fail('rest_not_in_enum', `${param} is not one of ${humanList(shown)}.`);
}

/**
 * Validates `value` against `schema` and returns it coerced to the schema's type, or the first issue found.
 * `param` names the value in messages (`include[2]` for nested values, as WordPress does).
 */
export function checkValue(value: unknown, schema: WpSchema, param: string): Checked {
  if (schema.oneOf) {
    const issues: Issue[] = [];
    for (const option of schema.oneOf) {
      const r = checkValue(value, option, param);
      if (r.ok) return r;
      issues.push(r.issue);
    }
    // One option whose type fits the value explains the failure best; otherwise say none matched.
    const fitting = schema.oneOf.findIndex((o) => o.type !== undefined && typesOf(o).some((t) => isType(value, t)));
    if (fitting >= 0) return { ok: false, issue: issues[fitting]! };
    return fail('rest_no_matching_schema', `${param} does not match any of the expected formats.`);
  }

  if (schema.type === undefined) return ok(value);
  const types = typesOf(schema);
  const type = bestType(value, types);
  if (!type) return fail('rest_invalid_type', `${param} is not of type ${types.join(',')}.`, { param });

  switch (type) {
    case 'null':
      return ok(null);
    case 'boolean': {
      const b = typeof value === 'string' ? !/^(0|false)$/i.test(value) : Boolean(value);
      return checkEnum(b, schema, param) ?? ok(b);
    }
    case 'integer':
    case 'number': {
      const n = type === 'integer' ? Math.trunc(Number(value)) : Number(value);
      return checkNumberBounds(n, schema, param) ?? checkEnum(n, schema, param) ?? ok(n);
    }
    case 'string': {
      const s = value as string;
      const len = [...s].length;
      if (schema.minLength !== undefined && len < schema.minLength) {
        return fail('rest_too_short', `${param} must be at least ${plural(schema.minLength, 'character')} long.`);
      }
      if (schema.maxLength !== undefined && len > schema.maxLength) {
        return fail('rest_too_long', `${param} must be at most ${plural(schema.maxLength, 'character')} long.`);
      }
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(s)) {
        return fail('rest_invalid_pattern', `${param} does not match pattern ${schema.pattern}.`);
      }
      return checkEnum(s, schema, param) ?? checkFormat(s, schema, param) ?? ok(s);
    }
    case 'array': {
      const list = asList(value)!;
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        const r = schema.items ? checkValue(list[i], schema.items, `${param}[${i}]`) : ok(list[i]);
        if (!r.ok) return r;
        out.push(r.value);
      }
      if (schema.minItems !== undefined && out.length < schema.minItems) {
        return fail('rest_too_few_items', `${param} must contain at least ${plural(schema.minItems, 'item')}.`);
      }
      if (schema.maxItems !== undefined && out.length > schema.maxItems) {
        return fail('rest_too_many_items', `${param} must contain at most ${plural(schema.maxItems, 'item')}.`);
      }
      if (schema.uniqueItems && new Set(out.map((v) => JSON.stringify(v))).size !== out.length) {
        return fail('rest_duplicate_items', `${param} has duplicate items.`);
      }
      return ok(out);
    }
    case 'object': {
      const obj: Record<string, unknown> = isPlainObject(value) ? value : {};
      // A null-prototype result: keys such as "__proto__" stay plain data.
      const out: Record<string, unknown> = Object.create(null);
      const props = schema.properties ?? {};
      for (const [key, v] of Object.entries(obj)) {
        const prop = Object.hasOwn(props, key) ? props[key] : undefined;
        if (prop) {
          const r = checkValue(v, prop, `${param}[${key}]`);
          if (!r.ok) return r;
          out[key] = r.value;
        } else if (schema.additionalProperties === false) {
          return fail('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`);
        } else if (typeof schema.additionalProperties === 'object') {
          const r = checkValue(v, schema.additionalProperties, `${param}[${key}]`);
          if (!r.ok) return r;
          out[key] = r.value;
        } else {
          out[key] = v;
        }
      }
      for (const [key, prop] of Object.entries(props)) {
        if (prop.required && !(key in out))
          return fail('rest_property_required', `${key} is a required property of ${param}.`);
      }
      return ok({ ...out });
    }
  }
}

function typesOf(schema: WpSchema): WpType[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}
