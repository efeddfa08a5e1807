import type { WpSchema } from '@loom/contracts';
import { checkValue } from '../src/validate';

const check = (v: unknown, s: WpSchema, p = 'p') => checkValue(v, s, p);

describe('coercion the WordPress way', () => {
  test('integers from numeric strings; fractions and words are refused', () => {
    expect(check('5', { type: 'integer' })).toEqual({ ok: true, value: 5 });
    expect(check('5.0', { type: 'integer' })).toEqual({ ok: true, value: 5 });
    expect(check('5.5', { type: 'integer' })).toMatchObject({
      ok: false,
      issue: { code: 'rest_invalid_type', message: 'p is not of type integer.', data: { param: 'p' } },
    });
    expect(check('abc', { type: 'integer' })).toMatchObject({ ok: false, issue: { code: 'rest_invalid_type' } });
    expect(check(true, { type: 'integer' })).toMatchObject({ ok: false });
  });

  test('booleans from 1/0/true/false (any case); anything else refused', () => {
    for (const [v, b] of [
      ['1', true],
      ['0', false],
      ['TRUE', true],
      ['false', false],
      [1, true],
      [0, false],
      [true, true],
    ] as const) {
      expect(check(v, { type: 'boolean' })).toEqual({ ok: true, value: b });
    }
    for (const v of ['yes', '', 2])
      expect(check(v, { type: 'boolean' })).toMatchObject({ ok: false, issue: { code: 'rest_invalid_type' } });
  });

  test('arrays from comma/space lists, PHP lists and index maps; items coerced and named by index', () => {
    const s: WpSchema = { type: 'array', items: { type: 'integer' } };
    expect(check('1,2, 3', s)).toEqual({ ok: true, value: [1, 2, 3] });
    expect(check('', s)).toEqual({ ok: true, value: [] });
    expect(check(['4', 5], s)).toEqual({ ok: true, value: [4, 5] });
    expect(check({ 0: '7', 1: '8' }, s)).toEqual({ ok: true, value: [7, 8] });
    expect(check('1,x', s)).toMatchObject({ ok: false, issue: { message: 'p[1] is not of type integer.' } });
    expect(check({ $ne: 'x' }, { type: 'array', items: { type: 'string' } }, 'slug')).toMatchObject({
      ok: false,
      issue: { code: 'rest_invalid_type', message: 'slug is not of type array.' },
    });
  });

  test('strings are not coerced from other types', () => {
    expect(check(5, { type: 'string' })).toMatchObject({ ok: false, issue: { message: 'p is not of type string.' } });
    expect(check({ a: 1 }, { type: 'string' }, 'search')).toMatchObject({
      ok: false,
      issue: { message: 'search is not of type string.' },
    });
  });

  test('multi-type picks the first type in WordPress order', () => {
    expect(check(null, { type: ['string', 'null'] })).toEqual({ ok: true, value: null });
    expect(check('x', { type: ['string', 'null'] })).toEqual({ ok: true, value: 'x' });
    expect(check(5, { type: ['string', 'null'] })).toMatchObject({
      ok: false,
      issue: { message: 'p is not of type string,null.' },
    });
  });
});

describe('WordPress messages for constraints', () => {
  test('bounds', () => {
    expect(check('0', { type: 'integer', minimum: 1, maximum: 100 }, 'per_page')).toMatchObject({
      ok: false,
      issue: {
        code: 'rest_out_of_bounds',
        message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
        data: null,
      },
    });
    expect(check(0, { type: 'integer', minimum: 1 })).toMatchObject({
      issue: { message: 'p must be greater than or equal to 1' },
    });
    expect(check(0, { type: 'integer', minimum: 0, exclusiveMinimum: true })).toMatchObject({
      issue: { message: 'p must be greater than 0' },
    });
    expect(check(9, { type: 'number', maximum: 5 })).toMatchObject({
      issue: { message: 'p must be less than or equal to 5' },
    });
    expect(
      check(
        360,
        { type: 'integer', minimum: 0, maximum: 360, exclusiveMinimum: true, exclusiveMaximum: true },
        'rotation',
      ),
    ).toMatchObject({
      issue: { message: 'rotation must be between 0 (exclusive) and 360 (exclusive)' },
    });
  });

  test('enum lists values as WordPress does', () => {
    expect(check('x', { type: 'string', enum: ['view', 'embed', 'edit'] }, 'context')).toMatchObject({
      issue: { code: 'rest_not_in_enum', message: 'context is not one of view, embed, and edit.' },
    });
    expect(check('x', { type: 'string', enum: ['asc', 'desc'] }, 'order')).toMatchObject({
      issue: { message: 'order is not one of asc and desc.' },
    });
  });

  test('strings, items, objects, formats', () => {
    expect(check('', { type: 'string', minLength: 1 }, 'slug')).toMatchObject({
      issue: { code: 'rest_too_short', message: 'slug must be at least 1 character long.' },
    });
    expect(check('abc', { type: 'string', maxLength: 2 })).toMatchObject({
      issue: { code: 'rest_too_long', message: 'p must be at most 2 characters long.' },
    });
    expect(check('a b', { type: 'string', pattern: '^[a-z]+$' })).toMatchObject({
      issue: { code: 'rest_invalid_pattern' },
    });
    expect(check(Array(26).fill({}), { type: 'array', maxItems: 25 }, 'requests')).toMatchObject({
      issue: { code: 'rest_too_many_items', message: 'requests must contain at most 25 items.' },
    });
    expect(check([], { type: 'array', minItems: 1 }, 'modifiers')).toMatchObject({
      issue: { code: 'rest_too_few_items', message: 'modifiers must contain at least 1 item.' },
    });
    expect(check([1, 1], { type: 'array', uniqueItems: true })).toMatchObject({
      issue: { code: 'rest_duplicate_items' },
    });
    expect(check({ a: 1 }, { type: 'object', properties: {}, additionalProperties: false })).toMatchObject({
      issue: { code: 'rest_additional_properties_forbidden' },
    });
    expect(
      check({}, { type: 'object', properties: { path: { type: 'string', required: true } } }, 'requests[0]'),
    ).toMatchObject({
      issue: { code: 'rest_property_required', message: 'path is a required property of requests[0].' },
    });
    expect(check('2024-01-02T03:04:05', { type: 'string', format: 'date-time' })).toEqual({
      ok: true,
      value: '2024-01-02T03:04:05',
    });
    expect(check('2024-01-02T03:04:05+02:00', { type: 'string', format: 'date-time' })).toMatchObject({ ok: true });
    expect(check('yesterday', { type: 'string', format: 'date-time' })).toMatchObject({
      issue: { code: 'rest_invalid_date', message: 'Invalid date.' },
    });
    expect(check('not-an-email', { type: 'string', format: 'email' })).toMatchObject({
      issue: { code: 'rest_invalid_email' },
    });
  });

  test('oneOf (term query objects or id lists)', () => {
    const s: WpSchema = {
      type: ['object', 'array'],
      oneOf: [
        { type: 'array', items: { type: 'integer' } },
        {
          type: 'object',
          properties: {
            terms: { type: 'array', items: { type: 'integer' } },
            operator: { type: 'string', enum: ['AND', 'OR'] },
          },
          additionalProperties: false,
        },
      ],
    };
    expect(check('1,2', s)).toEqual({ ok: true, value: [1, 2] });
    expect(check({ terms: '3', operator: 'AND' }, s)).toEqual({ ok: true, value: { terms: [3], operator: 'AND' } });
    expect(check({ terms: [1], operator: 'XOR' }, s, 'categories')).toMatchObject({
      ok: false,
      issue: { code: 'rest_not_in_enum' },
    });
  });

  test('object keys like __proto__ stay plain data', () => {
    const r = check(JSON.parse('{"__proto__": {"polluted": true}}'), { type: 'object' });
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
