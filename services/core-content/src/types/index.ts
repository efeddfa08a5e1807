/**
 * The site's post types, in registration order (WordPress lists them so: sample 18), one folder each. A folder holds
 * the type's contract (its registry entry: labels, caps, supports, REST settings) and, only where the type differs
 * from WordPress's generic post type, its behaviour and what serves it (attachments' uploads, menu items' links).
 * Adding a type is its folder and one line here (docs/development.md, "Adding a resource").
 */
import { registerPostTypes } from '../engine/registry';
import { TEMPLATE_ROWS } from '../engine/templates/kind';
import { attachmentType } from './attachment/contract';
import { attachmentBehaviour } from './attachment/behaviour';
import { blockType } from './block/contract';
import { blockBehaviour } from './block/behaviour';
import { navMenuItemType } from './nav-menu-item/contract';
import { navMenuItemBehaviour } from './nav-menu-item/behaviour';
import { navigationType } from './navigation/contract';
import { pageType } from './page/contract';
import { pageBehaviour } from './page/behaviour';
import { postType } from './post/contract';
import { postBehaviour } from './post/behaviour';
import { templateType } from './template/contract';
import { templateKind } from './template/kind';
import { templatePartType } from './template-part/contract';
import { templatePartKind } from './template-part/kind';

registerPostTypes(
  [
    { type: postType, behaviour: postBehaviour },
    { type: pageType, behaviour: pageBehaviour },
    { type: attachmentType, behaviour: attachmentBehaviour },
    { type: navMenuItemType, behaviour: navMenuItemBehaviour },
    { type: blockType, behaviour: blockBehaviour },
    { type: templateType, behaviour: TEMPLATE_ROWS, templateKind },
    { type: templatePartType, behaviour: TEMPLATE_ROWS, templateKind: templatePartKind },
    { type: navigationType },
  ],
  // Registered but not shown in REST: the types item route answers rest_cannot_read_type for these.
  ['revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_global_styles'],
);
