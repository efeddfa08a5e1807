/**
 * theme_supports as WordPress 6.4 answers it for a theme that runs no PHP: the features create_initial_theme_features()
 * registers for REST, in their order, each either the theme's support or the feature's default. With no functions.php
 * nothing calls add_theme_support(), so what a theme supports is what WordPress adds by itself:
 * _add_default_theme_supports() for a block theme and wp_enable_block_templates() for a theme with theme.json
 * (theme.json's palette and sizes do not become editor-color-palette or editor-font-sizes: WordPress reads
 * theme supports into theme.json, never the other way).
 */
import { z, type ZodTypeAny } from 'zod';
import type { Theme } from '../../site/theme';

interface ThemeFeature {
  /** show_in_rest's name (`formats` for post-formats). */
  name: string;
  schema: ZodTypeAny;
  /** show_in_rest's schema default: what an unsupported feature shows. */
  unsupported: unknown;
}

const flag = (name: string, description: string): ThemeFeature => ({
  name,
  schema: z.boolean().describe(description),
  unsupported: false,
});
const loose = (name: string, description: string): ThemeFeature => ({
  name,
  schema: z.union([z.boolean(), z.array(z.unknown()), z.record(z.unknown())]).describe(description),
  unsupported: false,
});

export const THEME_FEATURES: readonly ThemeFeature[] = [
  flag('align-wide', 'Whether theme opts in to wide alignment CSS class.'),
  flag('automatic-feed-links', 'Whether posts and comments RSS feed links are added to head.'),
  flag('block-templates', 'Whether a theme uses block-based templates.'),
  flag('block-template-parts', 'Whether a theme uses block-based template parts.'),
  loose('custom-background', 'Custom background if defined by the theme.'),
  loose('custom-header', 'Custom header if defined by the theme.'),
  loose('custom-logo', 'Custom logo if defined by the theme.'),
  flag(
    'customize-selective-refresh-widgets',
    'Whether the theme enables Selective Refresh for Widgets being managed with the Customizer.',
  ),
  flag('dark-editor-style', 'Whether theme opts in to the dark editor style UI.'),
  flag('disable-custom-colors', 'Whether the theme disables custom colors.'),
  flag('disable-custom-font-sizes', 'Whether the theme disables custom font sizes.'),
  flag('disable-custom-gradients', 'Whether the theme disables custom gradients.'),
  flag('disable-layout-styles', 'Whether the theme disables generated layout styles.'),
  loose('editor-color-palette', 'Custom color palette if defined by the theme.'),
  loose('editor-font-sizes', 'Custom font sizes if defined by the theme.'),
  loose('editor-gradient-presets', 'Custom gradient presets if defined by the theme.'),
  flag('editor-styles', 'Whether theme opts in to the editor styles CSS wrapper.'),
  loose(
    'html5',
    'Allows use of HTML5 markup for search forms, comment forms, comment lists, gallery, and caption.',
  ),
  { name: 'formats', schema: z.array(z.string()).describe('Post formats supported.'), unsupported: ['standard'] },
  loose('post-thumbnails', 'The post types that support thumbnails or true if all post types are supported.'),
  flag('responsive-embeds', 'Whether the theme supports responsive embedded content.'),
  flag('title-tag', 'Whether the theme can manage the document title tag.'),
  flag('wp-block-styles', 'Whether theme opts in to default WordPress block styles for viewing.'),
];

/** _add_default_theme_supports()'s html5 list. */
const BLOCK_THEME_HTML5 = ['comment-form', 'comment-list', 'search-form', 'gallery', 'caption', 'style', 'script'];

/** The features the theme supports, as the REST answer shows them (prepare_theme_support). */
function supported(theme: Theme): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (theme.isBlockTheme) {
    out.set('post-thumbnails', true);
    out.set('responsive-embeds', true);
    out.set('editor-styles', true);
    out.set('html5', BLOCK_THEME_HTML5);
    out.set('automatic-feed-links', true);
  }
  if (theme.isBlockTheme || theme.json) out.set('block-templates', true);
  return out;
}

/** The `theme_supports` object of the active theme (keys are the feature names, all known here). */
export function themeSupports(theme: Theme): Record<string, unknown> {
  const has = supported(theme);
  return Object.fromEntries(THEME_FEATURES.map((f) => [f.name, has.has(f.name) ? has.get(f.name) : f.unsupported]));
}
