/**
 * WordPress's draft-04 dialect (with its own `context`, `readonly` and per-property `required`) to JSON Schema
 * 2020-12, OpenAPI 3.1's. Where WordPress checks more than 2020-12 says (formats are only annotations there) or
 * shows values its own schema refuses (defaults it coerces), the result says what WordPress actually accepts.
 */
import type { WpSchema, WpType } from './json-schema';

type Schema = Record<string, unknown>;

/** wp_is_uuid() without a version: what WordPress's `uuid` format accepts. */
export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const typesOf = (s: WpSchema): WpType[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

function typeOfValue(v: unknown): WpType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as WpType;
}

function fits(s: WpSchema, v: unknown): boolean {
  const types = typesOf(s);
  const t = typeOfValue(v);
  if (types.length && !types.includes(t) && !(t === 'integer' && types.includes('number'))) return false;
  if (s.enum && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  return !(Array.isArray(v) && s.items) || v.every((item) => fits(s.items!, item));
}

/**
 * A default as a value of its own schema. WordPress's index shows some as given to register_rest_route, which it
 * coerces on use (rest_sanitize_value_from_schema: a list from `'publish'`, a boolean from `'1'`); those are
 * coerced the same way. One that is still no value of the schema (`null` for an integer, `''` outside an enum) is
 * left out: clients and "Try it out" would send it.
 */
export function documentedDefault(s: WpSchema): { value: unknown } | undefined {
  if (s.default === undefined) return undefined;
  const types = typesOf(s);
  let v = s.default;
  if (types.includes('array') && typeof v === 'string') v = v.split(/[\s,]+/).filter(Boolean);
  else if (types.includes('boolean') && typeof v === 'string' && ['1', '0', 'true', 'false', ''].includes(v))
    v = v === '1' || v === 'true';
  return fits(s, v) ? { value: v } : undefined;
}

/** WordPress's draft-04 dialect to JSON Schema 2020-12: type lists kept, per-property `required` lifted. */
export function toJsonSchema2020(s: WpSchema): Schema {
  const out: Schema = {};
  if (s.type !== undefined) out.type = s.type;
  for (const key of [
    'title',
    'description',
    'format',
    'enum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'uniqueItems',
  ] as const) {
    if (s[key] !== undefined) out[key] = s[key];
  }
  const dflt = documentedDefault(s);
  if (dflt) out.default = dflt.value;
  // A file's bytes: 3.0's `format: binary` is `contentMediaType` in 3.1 (Swagger UI shows a file input for it).
  if (s.format === 'binary') {
    delete out.format;
    out.contentMediaType = 'application/octet-stream';
  }
  if (s.format === 'uuid' && s.pattern === undefined) out.pattern = UUID_PATTERN;
  // Draft-04's boolean exclusive bounds are numbers since draft-06.
  if (s.minimum !== undefined) out[s.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'] = s.minimum;
  if (s.maximum !== undefined) out[s.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'] = s.maximum;
  if (s.readonly) out.readOnly = true;
  if (s.context) out['x-wp-context'] = s.context;
  if (s.oneOf) out.oneOf = s.oneOf.map(toJsonSchema2020);
  if (s.items) out.items = toJsonSchema2020(s.items);
  if (s.properties) {
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toJsonSchema2020(v)]));
    const required = Object.entries(s.properties)
      .filter(([, v]) => v.required === true)
      .map(([k]) => k);
    if (required.length) out.required = required;
  }
  if (typeof s.additionalProperties === 'object') out.additionalProperties = toJsonSchema2020(s.additionalProperties);
  else if (s.additionalProperties !== undefined) out.additionalProperties = s.additionalProperties;
  return out;
}
