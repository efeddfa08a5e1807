/**
 * Templates and template parts (spec 2.8, 4.6): one controller for both types (controller.ts), their revisions and
 * autosaves (revisions.ts), each type's differences in its own file (template.ts, template-part.ts), the theme's
 * page templates for the posts controller (page-templates.ts). The theme itself is src/theme.
 */
import type { Binding } from '@loom/service-kit';
import { templateBindings } from './controller';
import { TEMPLATE_KINDS } from '../registry';
import { templateRevisionBindings } from './revisions';

export const templateRouteBindings = (): Binding[] =>
  [...TEMPLATE_KINDS().values()].flatMap((k) => [...templateBindings(k), ...templateRevisionBindings(k)]);

export { templateHierarchy } from './hierarchy';
