/**
 * The post types core-content keeps in its posts collection, each with its rules (its own file), in registration
 * order: the posts controller's types with their routes (POST_TYPE_BEHAVIOURS: routes, bindings, embedders and
 * revisions loop over these), and every stored type's rules, the templates controller's included (POST_TYPE_RULES:
 * the repository, slugs and read access look a stored post's type up there).
 */
import { core } from '@loom/contracts';
import type { PostTypeBehaviour, PostTypeRules } from './behaviour';
import { attachmentBehaviour } from './attachment';
import { blockBehaviour } from './block';
import { navigationBehaviour } from './navigation';
import { navMenuItemBehaviour } from './nav-menu-item';
import { pageBehaviour } from './page';
import { postBehaviour } from './post';
import { templatePartRules, templateRules } from './template';

const behaviours = [postBehaviour, pageBehaviour, attachmentBehaviour, navMenuItemBehaviour, blockBehaviour, navigationBehaviour];

export const POST_TYPE_BEHAVIOURS: ReadonlyMap<string, PostTypeBehaviour> = new Map(behaviours.map((b) => [b.name, b]));

export const POST_TYPE_RULES: ReadonlyMap<string, PostTypeRules> = new Map([...behaviours, templateRules, templatePartRules].map((r) => [r.name, r]));

const missing = [
  ...[...core.POST_TYPE_ROUTES.keys()].filter((name) => !POST_TYPE_BEHAVIOURS.has(name)),
  ...core.SERVED_POST_TYPES().filter((t) => !POST_TYPE_RULES.has(t.name)).map((t) => t.name),
];
if (missing.length) throw new Error(`served post types without a behaviour: ${[...new Set(missing)].join(', ')}`);
