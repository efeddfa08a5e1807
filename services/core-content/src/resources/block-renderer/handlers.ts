/**
 * core/v2/block-renderer/<namespace/name> (WP_REST_Block_Renderer_Controller, WordPress 6.4): a registered dynamic
 * block's markup, rendered from `attributes` validated against the block type's attribute schema (no other
 * property allowed). Callers need edit_posts, or edit_post on the `post_id` they name.
 */
import { blockReadsClock, CORE_BLOCK_RENDERERS, renderDynamicBlock } from '@loom/rendering';
import { keepOutOfAnswerCaches } from '../../site/answer-cache/kept-out';
import {
  bind,
  can,
  checkValue,
  forbidden,
  wpError,
  type Binding,
  type RestRequest,
  type WpError,
} from '@loom/service-kit';
import type { WpSchema } from '@loom/contracts';
import * as core from '../../routes';
import { blockTypesOf } from '../../site/theme/blocks';
import { POSTS, type PostDoc } from '../../engine/repository';
import { postCan } from '../../engine/behaviour';
import { siteBlockData } from './site-data';

type RenderRequest = RestRequest<(typeof core.blockRenderer.item.endpoints.render)['args']>;

/** get_item_permissions_check(): edit_post on the named post, else edit_posts. */
async function canRender(req: RenderRequest): Promise<true | WpError> {
  const postId = req.params.post_id ?? 0;
  if (postId > 0) {
    const post = await req.store.collection<PostDoc>(POSTS).findOne({ id: postId });
    if (!post || !postCan(req.user, 'edit_post', post))
      return forbidden(req.user, 'block_cannot_read', 'Sorry, you are not allowed to read blocks of this post.');
    return true;
  }
  return can(req.user, 'edit_posts')
    ? true
    : forbidden(req.user, 'block_cannot_read', 'Sorry, you are not allowed to read blocks as this user.');
}

/** The `attributes` argument's validate and sanitize callbacks: the block type's attributes, nothing else. */
function checkedAttributes(req: RenderRequest, attributes: Record<string, string | unknown>) {
  const type = blockTypesOf(req).get(req.params.name ?? '');
  // An unknown block passes here and is refused by get_item() (block_invalid).
  if (!type) return attributes;
  const schema = { type: 'object', properties: type.attributes, additionalProperties: false } as unknown as WpSchema;
  const r = checkValue(attributes, schema, 'attributes');
  if (r.ok) return r.value as Record<string, unknown>;
  throw wpError('rest_invalid_param', {
    message: 'Invalid parameter(s): attributes',
    data: { params: { attributes: r.issue.message }, details: { attributes: r.issue } },
  });
}

export const blockRendererBindings: Binding[] = [
  bind(core.blockRenderer.item.endpoints.render, canRender, async (req) => {
    const attributes = checkedAttributes(req, req.params.attributes);
    const name = req.params.name ?? '';
    const type = blockTypesOf(req).get(name);
    if (!type || !type.is_dynamic) throw wpError('block_invalid');
    // A calendar marks today: the gateway keeps no answer of it for its signed-in caller either.
    if (blockReadsClock(name)) keepOutOfAnswerCaches(req);
    // A dynamic block whose render callback Loom has not ported renders as WordPress would without it: ''.
    const rendered =
      (await renderDynamicBlock(name, attributes, siteBlockData(req.store, req.config), CORE_BLOCK_RENDERERS)) ?? '';
    return { body: { rendered } };
  }),
];
