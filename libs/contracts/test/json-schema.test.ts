import { z } from 'zod';
import { compilePattern, endpoint, route, routeEntry, toPattern, toWpArg, toWpSchema, wp } from '../src';

describe('zod → WordPress JSON schema', () => {
  test('scalars with bounds, defaults, enums and descriptions', () => {
    expect(
      toWpArg(
        z.number().int().min(1).max(100).default(10).describe('Maximum number of items to be returned in result set.'),
      ),
    ).toEqual({
      description: 'Maximum number of items to be returned in result set.',
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
      required: false,
    });
    expect(toWpArg(z.enum(['asc', 'desc']).default('asc'))).toEqual({
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'asc',
      required: false,
    });
    expect(toWpArg(z.string())).toEqual({ type: 'string', required: true });
    expect(toWpArg(z.string().optional())).toEqual({ type: 'string', required: false });
    expect(toWpSchema(z.string().nullable())).toEqual({ type: ['string', 'null'] });
    expect(toWpSchema(z.number().gt(0).lt(360))).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 360,
      exclusiveMaximum: true,
    });
  });

  test('arrays, objects (required properties inline), unions, extras', () => {
    expect(toWpSchema(z.array(z.number().int()).max(25))).toEqual({
      type: 'array',
      items: { type: 'integer' },
      maxItems: 25,
    });
    expect(toWpSchema(z.object({ path: z.string(), method: z.enum(['POST']).default('POST') }).strict())).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', required: true },
        method: { type: 'string', enum: ['POST'], default: 'POST' },
      },
      additionalProperties: false,
    });
    expect(
      toWpSchema(z.union([z.array(z.number().int()), z.object({ terms: z.array(z.number().int()) })])),
    ).toMatchObject({
      type: ['array', 'object'],
      oneOf: [{ type: 'array' }, { type: 'object' }],
    });
    expect(toWpArg(wp(z.number().int().optional(), { default: null }))).toEqual({
      type: 'integer',
      default: null,
      required: false,
    });
    expect(toWpSchema(wp(z.string(), { format: 'uri' }))).toEqual({ type: 'string', format: 'uri' });
    expect(
      toWpSchema(
        z
          .string()
          .transform((s) => s.trim())
          .describe('d'),
      ),
    ).toEqual({ description: 'd', type: 'string' });
  });
});

describe('routes', () => {
  test('spec placeholders become WordPress patterns that JavaScript can match', () => {
    expect(toPattern('/core/v2/posts/<parent>/revisions/<id>')).toBe(
      '/core/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)',
    );
    // Template ids: one or two segments, `/` or (WordPress's ids) `//` between them; none of `: < > * ? " |`.
    const re = compilePattern(toPattern('/core/v2/templates/<template_id>'));
    expect(re.exec('/core/v2/templates/twentytwenty//home')?.groups?.id).toBe('twentytwenty//home');
    expect(re.exec('/core/v2/templates/twentytwenty/home')?.groups?.id).toBe('twentytwenty/home');
    expect(re.exec('/core/v2/templates/home')?.groups?.id).toBe('home');
    for (const bad of ['a/b/c', 'a///b', 'a//b//c', 'tw:enty//home', 'a//ho*me', 'a//h?me', 'a//"h"', 'a//<h>', 'a|b'])
      expect([bad, re.test(`/core/v2/templates/${bad}`)]).toEqual([bad, false]);
    expect(
      compilePattern(toPattern('/core/v2/templates/<template_parent>/revisions')).exec(
        '/core/v2/templates/a//b/revisions',
      )?.groups?.parent,
    ).toBe('a//b');
    expect(
      compilePattern(toPattern('/events/v1/events/by-slug/<slug>')).exec('/events/v1/events/by-slug/a b')?.groups?.slug,
    ).toBe('a b');
    expect(compilePattern(toPattern('/core/v2/categories/<id>')).test('/core/v2/categories/abc')).toBe(false);
  });

  test('index entries: union of methods, allow_batch, self link only for static routes', () => {
    const r = route('x/v1', '/x/v1/things/<id>', {
      read: endpoint(['GET'], { id: z.number().int().optional() }, { allowBatch: true }),
      update: endpoint(['POST', 'PUT', 'PATCH'], {}),
    });
    expect(routeEntry(r, 'http://s/rest')).toEqual({
      namespace: 'x/v1',
      methods: ['GET', 'POST', 'PUT', 'PATCH'],
      endpoints: [
        { methods: ['GET'], allow_batch: { v1: true }, args: { id: { type: 'integer', required: false } } },
        { methods: ['POST', 'PUT', 'PATCH'], args: {} },
      ],
    });
    expect(routeEntry(route('x/v1', '/x/v1/things', { list: endpoint(['GET'], {}) }), 'http://s/rest')._links).toEqual({
      self: [{ href: 'http://s/rest/x/v1/things' }],
    });
  });
});

test('OpenAPI paths from WordPress patterns', async () => {
  const { openApiPath, toOpenApiSchema } = await import('../src/openapi');
  expect(openApiPath('/events/v1/venues/(?P<id>[\\d]+)', 'events/v1')).toBe('/venues/{id}');
  expect(openApiPath('/events/v1/venues/by-slug/(?P<slug>[^/]+)', 'events/v1')).toBe('/venues/by-slug/{slug}');
  expect(openApiPath(toPattern('/core/v2/posts/<parent>/revisions/<id>'), 'core/v2')).toBe(
    '/posts/{parent}/revisions/{id}',
  );
  expect(toOpenApiSchema({ type: ['string', 'null'], format: 'date-time' })).toEqual({
    type: 'string',
    nullable: true,
    format: 'date-time',
  });
});
