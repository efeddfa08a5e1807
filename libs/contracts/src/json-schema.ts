/**
 * Zod is where Loom declares every parameter and field; WordPress clients read JSON schema (draft-04 with
 * WordPress's own `context`, `readonly` and per-property `required`). This module derives the latter from
 * the former, so the route index, OPTIONS and validation never drift apart.
 */
import { z, ZodFirstPartyTypeKind as K, type ZodTypeAny } from 'zod';

export type WpType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
export type Context = 'view' | 'edit' | 'embed';

/** The JSON-schema keywords WordPress uses in args and item schemas. */
export interface WpSchema {
  description?: string;
  type?: WpType | WpType[];
  /** String formats WordPress checks; 'double' (a number) and 'binary' (a file's bytes) only document, nothing checks them. */
  format?:
    'date-time' | 'uri' | 'email' | 'uuid' | 'ip' | 'hex-color' | 'text-field' | 'textarea-field' | 'double' | 'binary';
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: WpSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, WpSchema>;
  additionalProperties?: boolean | WpSchema;
  oneOf?: WpSchema[];
  title?: string;
  context?: Context[];
  readonly?: boolean;
  required?: boolean;
}

/** Extra keywords zod cannot express (format, context, readonly, uniqueItems...), keyed by schema instance. */
const extras = new WeakMap<ZodTypeAny, Partial<WpSchema>>();

/**
 * Attaches WordPress schema keywords to a zod schema and returns the same instance. Attach to the outermost
 * schema (after .optional()/.default()), since each zod method returns a new instance.
 */
export function wp<T extends ZodTypeAny>(schema: T, meta: Partial<WpSchema>): T {
  extras.set(schema, { ...extras.get(schema), ...meta });
  return schema;
}

/**
 * Args whose WordPress definition has its own sanitize_callback and no validate_callback (users' `reassign`):
 * WordPress then skips schema validation and lets the callback alone decide. The kit hands such an arg's raw
 * value straight to its zod schema, while the index still shows the declared type.
 */
const sanitizeOnly = new WeakSet<ZodTypeAny>();

export function sanitizedOnly<T extends ZodTypeAny>(schema: T): T {
  sanitizeOnly.add(schema);
  return schema;
}

/**
 * Args that take null besides their declared type, without saying so in the index (WP_REST_Settings_Controller's
 * sanitize_callback lets null through: "reset this setting"). The kit hands null to the handler unchecked.
 */
const nullTaken = new WeakSet<ZodTypeAny>();

export function takesNull<T extends ZodTypeAny>(schema: T): T {
  nullTaken.add(schema);
  return schema;
}

/** Whether the schema, or one it wraps, was marked with takesNull(). */
export function isTakingNull(schema: ZodTypeAny): boolean {
  for (let s: ZodTypeAny | undefined = schema; s; s = unwrapOnce(s)) if (nullTaken.has(s)) return true;
  return false;
}

/**
 * Args a handler must see although WordPress does not list them (the posts controller reads `$request['id']` on
 * create to refuse it with rest_post_exists): parsed like any arg, left out of the index and OPTIONS.
 */
const hidden = new WeakSet<ZodTypeAny>();

export function hiddenArg<T extends ZodTypeAny>(schema: T): T {
  hidden.add(schema);
  return schema;
}

export function isHiddenArg(schema: ZodTypeAny): boolean {
  return hidden.has(schema);
}

/** Whether the schema, or one it wraps (.optional(), .default()...), was marked with sanitizedOnly(). */
export function isSanitizedOnly(schema: ZodTypeAny): boolean {
  for (let s: ZodTypeAny | undefined = schema; s; s = unwrapOnce(s)) if (sanitizeOnly.has(s)) return true;
  return false;
}

/** Keywords attached with wp() anywhere along a wrapper chain, outermost winning. */
function collectExtras(schema: ZodTypeAny): Partial<WpSchema> {
  const chain: ZodTypeAny[] = [];
  let s: ZodTypeAny | undefined = schema;
  while (s) {
    chain.push(s);
    s = unwrapOnce(s);
  }
  return chain.reverse().reduce<Partial<WpSchema>>((acc, c) => ({ ...acc, ...extras.get(c) }), {});
}

function unwrapOnce(schema: ZodTypeAny): ZodTypeAny | undefined {
  const def = schema._def as {
    typeName: K;
    innerType?: ZodTypeAny;
    schema?: ZodTypeAny;
    in?: ZodTypeAny;
    getter?: () => ZodTypeAny;
  };
  switch (def.typeName) {
    case K.ZodOptional:
    case K.ZodNullable:
    case K.ZodDefault:
    case K.ZodCatch:
    case K.ZodReadonly:
      return def.innerType;
    case K.ZodEffects:
      return def.schema;
    case K.ZodBranded:
      return (schema as z.ZodBranded<ZodTypeAny, string>).unwrap();
    case K.ZodPipeline:
      return def.in;
    case K.ZodLazy:
      return def.getter?.();
    default:
      return undefined;
  }
}

/** What the wrappers around a schema say: optional, nullable, default. */
export interface Unwrapped {
  core: ZodTypeAny;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
  description?: string;
}

export function unwrap(schema: ZodTypeAny): Unwrapped {
  const out: Unwrapped = { core: schema, optional: false, nullable: false, hasDefault: false };
  let s: ZodTypeAny | undefined = schema;
  while (s) {
    out.description ??= s.description;
    const def = s._def as { typeName: K; defaultValue?: () => unknown };
    if (def.typeName === K.ZodOptional) out.optional = true;
    if (def.typeName === K.ZodNullable) out.nullable = true;
    if (def.typeName === K.ZodDefault && !out.hasDefault) {
      out.hasDefault = true;
      out.defaultValue = def.defaultValue?.();
    }
    out.core = s;
    s = unwrapOnce(s);
  }
  return out;
}

/** Derives the WordPress JSON schema of one value (no `required`; see toWpArg for args). */
export function toWpSchema(schema: ZodTypeAny): WpSchema {
  const u = unwrap(schema);
  const meta = collectExtras(schema);
  const out: WpSchema = {};
  if (u.description) out.description = u.description;
  Object.assign(out, coreSchema(u.core));
  if (u.nullable && out.type) out.type = [...(Array.isArray(out.type) ? out.type : [out.type]), 'null'];
  if (u.hasDefault) out.default = u.defaultValue;
  Object.assign(out, meta);
  return out;
}

/** An endpoint argument: the value's schema plus `required`, as the route index shows it. */
export function toWpArg(schema: ZodTypeAny): WpSchema {
  const u = unwrap(schema);
  return { ...toWpSchema(schema), required: !(u.optional || u.hasDefault) };
}

function coreSchema(core: ZodTypeAny): WpSchema {
  const def = core._def as Record<string, unknown> & { typeName: K };
  switch (def.typeName) {
    case K.ZodString: {
      const out: WpSchema = { type: 'string' };
      for (const c of (def.checks as Array<{ kind: string; value?: number; regex?: RegExp }>) ?? []) {
        if (c.kind === 'min') out.minLength = c.value;
        else if (c.kind === 'max') out.maxLength = c.value;
        else if (c.kind === 'regex' && c.regex) out.pattern = c.regex.source;
        else if (c.kind === 'email') out.format = 'email';
        else if (c.kind === 'url') out.format = 'uri';
        else if (c.kind === 'uuid') out.format = 'uuid';
        else if (c.kind === 'datetime') out.format = 'date-time';
      }
      return out;
    }
    case K.ZodNumber: {
      const checks = (def.checks as Array<{ kind: string; value?: number; inclusive?: boolean }>) ?? [];
      const out: WpSchema = { type: checks.some((c) => c.kind === 'int') ? 'integer' : 'number' };
      for (const c of checks) {
        if (c.kind === 'min') {
          out.minimum = c.value;
          if (!c.inclusive) out.exclusiveMinimum = true;
        } else if (c.kind === 'max') {
          out.maximum = c.value;
          if (!c.inclusive) out.exclusiveMaximum = true;
        }
      }
      return out;
    }
    case K.ZodBoolean:
      return { type: 'boolean' };
    case K.ZodNull:
      return { type: 'null' };
    case K.ZodEnum:
      return { type: 'string', enum: [...(def.values as string[])] };
    case K.ZodLiteral: {
      const v = def.value;
      return {
        type: typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : (typeof v as WpType),
        enum: [v],
      };
    }
    case K.ZodArray: {
      const out: WpSchema = { type: 'array', items: toWpSchema(def.type as ZodTypeAny) };
      const min = def.minLength as { value: number } | null;
      const max = def.maxLength as { value: number } | null;
      if (min) out.minItems = min.value;
      if (max) out.maxItems = max.value;
      return out;
    }
    case K.ZodObject: {
      const shape = (core as z.AnyZodObject).shape as Record<string, ZodTypeAny>;
      const properties: Record<string, WpSchema> = {};
      for (const [name, prop] of Object.entries(shape)) {
        const s = toWpSchema(prop);
        const pu = unwrap(prop);
        // WordPress marks required object properties inline (draft-03 style).
        if (!(pu.optional || pu.hasDefault)) s.required = true;
        properties[name] = s;
      }
      const out: WpSchema = { type: 'object', properties };
      const catchall = def.catchall as ZodTypeAny;
      if (catchall && (catchall._def as { typeName: K }).typeName !== K.ZodNever)
        out.additionalProperties = toWpSchema(catchall);
      else if (def.unknownKeys === 'strict') out.additionalProperties = false;
      else if (def.unknownKeys === 'passthrough') out.additionalProperties = true;
      return out;
    }
    case K.ZodRecord:
      return { type: 'object', additionalProperties: toWpSchema(def.valueType as ZodTypeAny) };
    case K.ZodUnion: {
      const options = (def.options as ZodTypeAny[]).map(toWpSchema);
      const types = [
        ...new Set(options.flatMap((o) => (o.type === undefined ? [] : Array.isArray(o.type) ? o.type : [o.type]))),
      ];
      return { type: types, oneOf: options };
    }
    default:
      // z.any()/z.unknown(): WordPress leaves `type` out for untyped args (e.g. a namespace root's args).
      return {};
  }
}
