/** WordPress's draft-04 schemas to OpenAPI 3.1's JSON Schema 2020-12, and route patterns to OpenAPI paths. */
import { openApiFromIndex, openApiPathOf, toJsonSchema2020, toPattern } from '../src';

test('draft-04 keywords become 2020-12 ones', () => {
  expect(toJsonSchema2020({ type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10 })).toEqual({
    type: 'integer',
    exclusiveMinimum: 0,
    maximum: 10,
  });
  expect(toJsonSchema2020({ type: ['string', 'null'], readonly: true, context: ['view', 'edit'] })).toEqual({
    type: ['string', 'null'],
    readOnly: true,
    'x-wp-context': ['view', 'edit'],
  });
  expect(
    toJsonSchema2020({ type: 'object', properties: { a: { type: 'string', required: true }, b: { type: 'integer' } } }),
  ).toEqual({
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'integer' } },
    required: ['a'],
  });
});

test('placeholders become path parameters with their patterns, nested groups included', () => {
  expect(openApiPathOf(toPattern('/core/v2/posts/<parent>/revisions/<id>'))).toEqual({
    path: '/core/v2/posts/{parent}/revisions/{id}',
    params: [
      { name: 'parent', pattern: '^[\\d]+$' },
      { name: 'id', pattern: '^[\\d]+$' },
    ],
  });
  const template = openApiPathOf(toPattern('/core/v2/templates/<template_id>'));
  expect(template.path).toBe('/core/v2/templates/{id}');
  expect(new RegExp(template.params[0]!.pattern).test('atelier//404')).toBe(true);
  expect(openApiPathOf('/').path).toBe('/');
});

test("reads are query parameters, writes a body; a collection creates with 201; errors are WordPress's shape", () => {
  const doc = openApiFromIndex(
    {
      '/x/v1/things': {
        namespace: 'x/v1',
        methods: ['GET', 'POST'],
        endpoints: [
          {
            methods: ['GET'],
            args: { page: { type: 'integer', default: 1 }, tags: { type: 'array', items: { type: 'integer' } } },
          },
          { methods: ['POST'], args: { title: { type: 'string', required: true } } },
        ],
        schema: { title: 'thing', type: 'object', properties: { id: { type: 'integer', readonly: true } } },
      },
    },
    { title: 'T', version: '1', description: 'D', serverUrl: '/rest' },
  ) as {
    paths: Record<
      string,
      Record<string, { parameters: unknown[]; requestBody?: unknown; responses: Record<string, unknown> }>
    >;
    components: { schemas: Record<string, unknown> };
  };
  const item = doc.paths['/x/v1/things']!;
  expect(item.get!.parameters).toEqual([
    { name: 'page', in: 'query', required: false, schema: { type: 'integer', default: 1 } },
    {
      name: 'tags',
      in: 'query',
      required: false,
      schema: { type: 'array', items: { type: 'integer' } },
      style: 'form',
      explode: false,
    },
  ]);
  expect(item.post!.requestBody).toMatchObject({
    required: true,
    content: { 'application/json': { schema: { required: ['title'] } } },
  });
  expect(Object.keys(item.post!.responses)).toEqual(['201', '400', '401', '403', 'default']);
  expect(doc.components.schemas.thing).toEqual({
    title: 'thing',
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true } },
  });
});
