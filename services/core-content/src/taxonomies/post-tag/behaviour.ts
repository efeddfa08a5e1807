/** `post_tag` (core/v2/tags): flat, its archives under /tag/. */
import type { OwnTaxonomyBehaviour } from '../../engine/terms/behaviour';

export const tagBehaviour: OwnTaxonomyBehaviour = { permalinkBase: 'tag' };
