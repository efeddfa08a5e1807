/** `wp_template_part` (core/v2/template-parts): parts have an area (uncategorized, header, footer); no default types. */
import type { OwnTemplateKind } from '../../engine/templates/kind';

export const templatePartKind: OwnTemplateKind = {
  defaultTypes: new Map(),
  entityTitles: false,
  areas: true,
  postTypes: false,
  suggestions: false,
};
