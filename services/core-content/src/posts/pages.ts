/** core/v2/pages: the hierarchical `page` type (spec 2.4), on the shared post-like machinery. */
import { postTypeBindings } from './handlers';
import { pageRules } from './types';

export const pageBindings = postTypeBindings(pageRules);
