/**
 * WP_Theme::get_page_templates( $post, $post_type ) for the active theme: the custom templates (stored rows and
 * theme files, as get_block_templates() lists them) of a block theme, for the public post types each serves (every
 * public type when the template names none), slug → title. What the posts controller's check_template accepts.
 */
import * as core from '../contract';
import type { RestRequest } from '@loom/service-kit';
import { themeOf } from '../../site/theme';
import { TemplateRepository } from './repository';
import { kindOf } from '../registry';

export async function pageTemplates(req: RestRequest, postType: core.PostTypeObject): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // Classic themes' PHP templates are not read (Loom runs no PHP): they offer none.
  if (!postType.public || !themeOf(req).isBlockTheme) return out;
  for (const t of await new TemplateRepository(req, kindOf('wp_template')!).list()) {
    if (!t.is_custom || (t.post_types && !t.post_types.includes(postType.name))) continue;
    out.set(t.slug, t.title);
  }
  return out;
}
