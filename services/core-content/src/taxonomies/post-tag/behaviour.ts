/** `post_tag` (core/v2/tags): flat, its archives under /tag/. */
import { defineTaxonomyBehaviour } from '../../engine/terms/behaviour';

export const tagBehaviour = defineTaxonomyBehaviour('post_tag', { permalinkBase: 'tag' });
