/**
 * core/v2/block-types (WP_REST_Block_Types_Controller::prepare_item_for_response, WordPress 6.4): each block type's
 * fields in 6.4's order, the deprecated singular handles as the first of each list, and PHP's JSON for empty
 * objects (an empty array, `[]`). Readable by anyone who may edit posts of some type shown in REST.
 */
import type { Context } from '@loom/contracts';
import type { BlockType } from '@loom/rendering';
import {
  bind,
  can,
  filterByContext,
  forbidden,
  links,
  wpError,
  type Binding,
  type RestRequest,
  type WpError,
} from '@loom/service-kit';
import * as core from '../../routes';
import { blockTypesOf } from '../../site/theme/blocks';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';

/** check_read_permission(): edit_posts, or the edit_posts capability of any post type shown in REST. */
export function canReadBlockTypes(req: RestRequest): true | WpError {
  if (can(req.user, 'edit_posts')) return true;
  for (const t of POST_TYPE_BEHAVIOURS().values()) if (can(req.user, t.object.cap.edit_posts)) return true;
  return forbidden(req.user, 'rest_block_type_cannot_view');
}

/** json_encode() of PHP arrays: an empty associative array is `[]`. */
function phpJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(phpJson);
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v);
    if (!entries.length) return [];
    const out: Record<string, unknown> = {};
    for (const [k, x] of entries)
      Object.defineProperty(out, k, { value: phpJson(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

const first = (list: string[]) => list[0] ?? null;

export function presentBlockType(req: RestRequest, t: BlockType, context: Context): Record<string, unknown> {
  const data = phpJson({
    attributes: t.attributes,
    is_dynamic: t.is_dynamic,
    api_version: t.api_version,
    name: t.name,
    title: t.title,
    description: t.description,
    icon: t.icon,
    category: t.category,
    keywords: t.keywords,
    parent: t.parent,
    ancestor: t.ancestor,
    provides_context: t.provides_context ?? {},
    uses_context: t.uses_context,
    selectors: t.selectors,
    supports: t.supports ?? {},
    styles: t.styles.filter(Boolean),
    textdomain: t.textdomain,
    example: t.example,
    editor_script_handles: t.editor_script_handles,
    script_handles: t.script_handles,
    view_script_handles: t.view_script_handles,
    editor_style_handles: t.editor_style_handles,
    style_handles: t.style_handles,
    variations: t.variations,
    block_hooks: t.block_hooks,
    editor_script: first(t.editor_script_handles),
    script: first(t.script_handles),
    view_script: first(t.view_script_handles),
    editor_style: first(t.editor_style_handles),
    style: first(t.style_handles),
  }) as Record<string, unknown>;
  const base = `${req.config.restUrl}/core/v2/block-types`;
  const [namespace] = t.name.split('/');
  return {
    ...filterByContext(core.blockTypeResource, data, context),
    _links: links({
      collection: base,
      self: `${base}/${t.name}`,
      up: `${base}/${namespace}`,
      'https://api.w.org/render-block': t.is_dynamic
        ? `${req.config.restUrl}/core/v2/block-renderer/${t.name}?context=edit`
        : undefined,
    }),
  };
}

function list(req: RestRequest, namespace: string | undefined, context: Context) {
  const all = blockTypesOf(req).all();
  const shown = namespace ? all.filter((t) => t.name.split('/')[0] === namespace) : all;
  return { body: shown.map((t) => presentBlockType(req, t, context)) };
}

export const blockTypeBindings: Binding[] = [
  bind(core.blockTypes.collection.endpoints.list, canReadBlockTypes, async (req) =>
    list(req, req.params.namespace || undefined, req.params.context),
  ),
  bind(core.blockTypes.namespace.endpoints.list, canReadBlockTypes, async (req) =>
    list(req, req.params.namespace || undefined, req.params.context),
  ),
  bind(
    core.blockTypes.item.endpoints.read,
    (req) => {
      const check = canReadBlockTypes(req);
      if (check !== true) return check;
      return blockTypesOf(req).get(`${req.params.namespace}/${req.params.name}`)
        ? true
        : wpError('rest_block_type_invalid');
    },
    async (req) => {
      const t = blockTypesOf(req).get(`${req.params.namespace}/${req.params.name}`);
      if (!t) throw wpError('rest_block_type_invalid');
      return { body: presentBlockType(req, t, req.params.context) };
    },
  ),
];
