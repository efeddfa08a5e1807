/**
 * The success response of an operation in the OpenAPI document, by what its definition says the answer holds
 * (endpoint-docs.ts): one item, a list, items keyed by name, or The Events Calendar's archive object.
 */
import type { Answer } from './endpoint-docs';

type Schema = Record<string, unknown>;

const PAGED = 'The items on the requested page (`X-WP-Total` and `X-WP-TotalPages` count them all).';

/** `item`: the item schema's reference, if the route has one (else any JSON). `paged`: the endpoint takes `page`. */
export function successOf(
  answer: Answer,
  item: Schema | undefined,
  paged: boolean,
): { description: string; content: Record<string, { schema: Schema }> } {
  const items = item ?? {};
  const json = (description: string, schema: Schema) => ({ description, content: { 'application/json': { schema } } });
  if (answer === 'list') return json(paged ? PAGED : 'The items.', { type: 'array', items });
  if (answer === 'map') return json('The items, by name.', { type: 'object', additionalProperties: items });
  if (typeof answer === 'object') {
    const url = { type: 'string', format: 'uri' };
    return json(
      'The items on the requested page, their count (also in `X-TEC-Total` and `X-TEC-TotalPages`) and the links to the pages around it.',
      {
        type: 'object',
        required: [answer.archive, 'rest_url', 'total', 'total_pages'],
        properties: {
          [answer.archive]: { type: 'array', items },
          rest_url: url,
          next_rest_url: url,
          previous_rest_url: url,
          total: { type: 'integer' },
          total_pages: { type: 'integer' },
        },
      },
    );
  }
  return item ? json('The item.', item) : json('Success.', {});
}
