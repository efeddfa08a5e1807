/** core/v2/posts: the `post` type (spec 2.3), on the shared post-like machinery. */
import { postTypeBindings } from './handlers';
import { postRules } from './types';

export const postBindings = postTypeBindings(postRules);
