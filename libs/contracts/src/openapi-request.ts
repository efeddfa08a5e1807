/**
 * What an operation of the OpenAPI document takes besides its path: the arguments of GET and DELETE as query
 * parameters; those of POST, PUT and PATCH as a body, JSON or a form (WordPress reads either, and the query too),
 * unless the endpoint's definition says which bodies it reads (endpoint-docs.ts: a multipart upload, a raw file).
 */
import type { Method } from './define';
import type { BodyDocs } from './endpoint-docs';
import type { WpSchema } from './json-schema';
import { toJsonSchema2020 } from './openapi-schema';

type Schema = Record<string, unknown>;

const DEFAULT_BODIES = ['application/json', 'application/x-www-form-urlencoded'];
const BODY_METHODS = new Set<Method>(['POST', 'PUT', 'PATCH']);

function queryParameter([name, arg]: [string, WpSchema]): Schema {
  const type = Array.isArray(arg.type) ? arg.type : [arg.type];
  return {
    name,
    in: 'query',
    required: Boolean(arg.required),
    ...(arg.description ? { description: arg.description } : {}),
    schema: toJsonSchema2020({ ...arg, required: undefined }),
    ...(type.includes('array')
      ? { style: 'form', explode: false }
      : type.includes('object')
        ? { style: 'deepObject', explode: true }
        : {}),
  };
}

function headerParameter([name, { example, ...schema }]: [string, WpSchema & { example?: string }]): Schema {
  return {
    name,
    in: 'header',
    required: Boolean(schema.required),
    ...(schema.description ? { description: schema.description } : {}),
    schema: toJsonSchema2020({ ...schema, required: undefined, description: undefined }),
    ...(example !== undefined ? { example } : {}),
  };
}

/** `args`: the endpoint's arguments that are not in its path. */
export function requestOf(
  method: Method,
  args: Array<[string, WpSchema]>,
  body?: BodyDocs,
): { parameters: Schema[]; requestBody?: Schema } {
  if (!body && !(BODY_METHODS.has(method) && args.length)) return { parameters: args.map(queryParameter) };
  // The definition's own fields first: a form's file part before the resource's fields.
  const fields = [...Object.entries(body?.fields ?? {}), ...args];
  const required = fields.filter(([, s]) => s.required).map(([name]) => name);
  const schema = {
    type: 'object',
    properties: Object.fromEntries(fields.map(([name, s]) => [name, toJsonSchema2020({ ...s, required: undefined })])),
    ...(required.length ? { required } : {}),
    ...(body?.otherFields ? { additionalProperties: toJsonSchema2020(body.otherFields) } : {}),
  };
  const bytes = { schema: toJsonSchema2020({ type: 'string', format: 'binary' }) };
  const content = Object.fromEntries([
    ...(body?.forms ?? DEFAULT_BODIES).map((type) => [type, { schema }]),
    ...(body?.raw ?? []).map((type) => [type, bytes]),
  ]);
  return {
    parameters: Object.entries(body?.headers ?? {}).map(headerParameter),
    requestBody: {
      required: required.length > 0 || Boolean(body?.raw?.length),
      ...(body?.description ? { description: body.description } : {}),
      content,
    },
  };
}
