/**
 * The post types core-content keeps in its posts collection, in registration order (contracts/registry: POST_TYPES),
 * each with its behaviour: the type's own file where it differs (listed below), else WordPress's generic one, so a
 * type with no differences needs no file here. STORED_POST_TYPE_BEHAVIOURS holds every stored type (the repository,
 * slugs and read access look a stored post's type up there); POST_TYPE_BEHAVIOURS the posts controller's types
 * (routes, bindings, embedders and revisions loop over these; templates have their own controller).
 */
import * as core from '../routes';
import { definePostTypeBehaviour, type PostTypeBehaviour } from './behaviour';
import { attachmentBehaviour } from '../types/attachment/behaviour';
import { blockBehaviour } from '../types/block/behaviour';
import { navMenuItemBehaviour } from '../types/nav-menu-item/behaviour';
import { pageBehaviour } from '../types/page/behaviour';
import { postBehaviour } from '../types/post/behaviour';
import { templateBehaviour, templatePartBehaviour } from '../types/template/behaviour';

const own = new Map(
  [postBehaviour, pageBehaviour, attachmentBehaviour, navMenuItemBehaviour, blockBehaviour, templateBehaviour, templatePartBehaviour].map((b) => [b.name, b]),
);

export const STORED_POST_TYPE_BEHAVIOURS: ReadonlyMap<string, PostTypeBehaviour> = new Map(
  core.SERVED_POST_TYPES().map((t) => [t.name, own.get(t.name) ?? definePostTypeBehaviour(t.name)]),
);

export const POST_TYPE_BEHAVIOURS: ReadonlyMap<string, PostTypeBehaviour> = new Map(
  [...STORED_POST_TYPE_BEHAVIOURS].filter(([name]) => core.POST_TYPE_ROUTES.has(name)),
);
