/**
 * core/v2 block types (WP_REST_Block_Types_Controller, WordPress 6.4): the registered block types, all, by
 * namespace, or one. Read-only. Every field is in every context, as 6.4's schema has them.
 */
import { z } from 'zod';
import { READABLE, endpoint, field, resource, route, contextParam, type ResourceDef } from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

const ALL = ['embed', 'view', 'edit'] as const;
const ro = { readonly: true };
const f = (schema: z.ZodTypeAny, description: string) => field(schema.describe(description), [...ALL], ro);
const strings = z.array(z.string());
const handles = (what: string) => f(strings, `${what} handles.`);
const deprecated = (what: string) => f(z.string().nullable(), `Public facing ${what} handle (deprecated).`);

export const blockTypeResource: ResourceDef = resource('block-type', {
  api_version: f(z.number().int(), 'Version of block API.'),
  title: f(z.string(), 'Title of block type.'),
  name: f(z.string(), 'Unique name identifying the block type.'),
  description: f(z.string(), 'Description of block type.'),
  icon: f(z.string().nullable(), 'Icon of block type.'),
  attributes: f(z.record(z.unknown()).nullable(), 'Block attributes.'),
  provides_context: f(z.record(z.string()), 'Context provided by blocks of this type.'),
  uses_context: f(strings, 'Context values inherited by blocks of this type.'),
  selectors: f(z.record(z.unknown()), 'Custom CSS selectors.'),
  supports: f(z.record(z.unknown()), 'Block supports.'),
  category: f(z.string().nullable(), 'Block category.'),
  is_dynamic: f(z.boolean(), 'Is the block dynamically rendered.'),
  editor_script_handles: handles('Editor script'),
  script_handles: handles('Public facing and editor script'),
  view_script_handles: handles('Public facing script'),
  editor_style_handles: handles('Editor style'),
  style_handles: handles('Public facing and editor style'),
  styles: f(z.array(z.record(z.unknown())), 'Block style variations.'),
  variations: f(z.array(z.record(z.unknown())), 'Block variations.'),
  textdomain: f(z.string().nullable(), 'Public text domain.'),
  parent: f(strings.nullable(), 'Parent blocks.'),
  ancestor: f(strings.nullable(), 'Ancestor blocks.'),
  keywords: f(strings, 'Block keywords.'),
  example: f(z.record(z.unknown()).nullable(), 'Block example.'),
  block_hooks: f(
    z.record(z.string()),
    'This block is automatically inserted near any occurrence of the block types used as keys of this map, into a relative position given by the corresponding value.',
  ),
  editor_script: deprecated('editor script'),
  script: deprecated('and editor script'),
  view_script: deprecated('script'),
  editor_style: deprecated('editor style'),
  style: deprecated('and editor style'),
});

const listArgs = {
  context: contextParam('view'),
  namespace: z.string().optional().describe('Block namespace.'),
};

export const blockTypes = {
  collection: route(CORE, `/${CORE}/block-types`, { list: endpoint(READABLE, listArgs) }, blockTypeResource),
  namespace: route(
    CORE,
    `/${CORE}/block-types/<block_namespace>`,
    { list: endpoint(READABLE, listArgs) },
    blockTypeResource,
  ),
  item: route(
    CORE,
    `/${CORE}/block-types/<block_namespace>/<block_name>`,
    {
      read: endpoint(READABLE, {
        name: z.string().optional().describe('Block name.'),
        namespace: z.string().optional().describe('Block namespace.'),
        context: contextParam('view'),
      }),
    },
    blockTypeResource,
  ),
};
