/**
 * core/v2 block renderer (WP_REST_Block_Renderer_Controller, WordPress 6.4): a dynamic block's markup from its
 * attributes, by GET or POST.
 */
import { z } from 'zod';
import { endpoint, field, resource, route, type ResourceDef } from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

export const renderedBlockResource: ResourceDef = resource('rendered-block', {
  rendered: field(z.string().describe('The rendered block.'), ['edit']),
});

export const blockRenderer = {
  item: route(
    CORE,
    `/${CORE}/block-renderer/<block_full_name>`,
    {
      render: endpoint(['GET', 'POST'], {
        name: z.string().optional().describe('Unique registered name for the block.'),
        // WordPress's default is 'view', outside its own enum; here the argument is simply optional.
        context: z
          .enum(['edit'])
          .optional()
          .describe('Scope under which the request is made; determines fields present in response.'),
        attributes: z.record(z.unknown()).default({}).describe('Attributes for the block.'),
        post_id: z.number().int().optional().describe('ID of the post context.'),
      }),
    },
    renderedBlockResource,
  ),
};
