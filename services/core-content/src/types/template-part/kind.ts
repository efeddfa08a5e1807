/** `wp_template_part` (core/v2/template-parts): parts have an area (uncategorized, header, footer); no default types. */
import * as core from '../../routes';
import { templatePartBehaviour } from '../template/behaviour';
import type { TemplateKind } from '../../engine/templates/kind';

export const templatePartKind: TemplateKind = {
  type: 'wp_template_part',
  rules: templatePartBehaviour,
  routes: core.templateTypeRoutesOf('wp_template_part'),
  defaultTypes: new Map(),
  entityTitles: false,
  areas: true,
  postTypes: false,
  suggestions: false,
};
