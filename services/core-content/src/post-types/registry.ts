/**
 * The post types core-content serves, each with its behaviour (its own file), in registration order. Every
 * served type of the contracts' registry has one; routes, bindings, embedders and revisions loop over this.
 */
import { core } from '@loom/contracts';
import type { PostTypeBehaviour } from './behaviour';
import { blockBehaviour } from './block';
import { navigationBehaviour } from './navigation';
import { navMenuItemBehaviour } from './nav-menu-item';
import { pageBehaviour } from './page';
import { postBehaviour } from './post';

const behaviours = [postBehaviour, pageBehaviour, navMenuItemBehaviour, blockBehaviour, navigationBehaviour];

export const POST_TYPE_BEHAVIOURS: ReadonlyMap<string, PostTypeBehaviour> = new Map(behaviours.map((b) => [b.name, b]));

const missing = core.SERVED_POST_TYPES().filter((t) => !POST_TYPE_BEHAVIOURS.has(t.name));
if (missing.length) throw new Error(`served post types without a behaviour: ${missing.map((t) => t.name).join(', ')}`);
