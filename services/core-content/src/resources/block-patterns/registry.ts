/**
 * The block patterns and pattern categories registered on the site, as WP_Block_Patterns_Registry and
 * WP_Block_Pattern_Categories_Registry hold them after `init` in WordPress 6.4: core's (core-patterns.ts,
 * core-categories.ts), then the active theme's (_register_theme_block_patterns: a slug already registered is
 * skipped; a category registered again replaces the first in its place). The pattern directory is not reached
 * (Loom makes no call to api.wordpress.org), so none of its patterns are registered.
 */
import { own } from '@loom/contracts';
import { parseBlocks, serializeBlocks } from '@loom/rendering';
import { injectTheme, type PatternCategory, type Theme } from '../../site/theme';
import { CORE_PATTERNS, type RegisteredPattern } from './core-patterns';
import { CORE_PATTERN_CATEGORIES } from './core-categories';

/** WP_REST_Block_Patterns_Controller::$categories_migration: 6.4's renamed core categories. */
const MIGRATED_CATEGORIES: Readonly<Record<string, string>> = {
  buttons: 'call-to-action',
  columns: 'text',
  query: 'posts',
};

const registered = new WeakMap<Theme, { patterns: RegisteredPattern[]; categories: PatternCategory[] }>();

/** prepare_content(): the content parsed and written back, template parts given the theme they belong to. */
function prepareContent(content: string, theme: string): string {
  const blocks = parseBlocks(content);
  injectTheme(blocks, theme);
  return serializeBlocks(blocks);
}

function register(theme: Theme): { patterns: RegisteredPattern[]; categories: PatternCategory[] } {
  const patterns = new Map<string, RegisteredPattern>(CORE_PATTERNS.map((p) => [p.name, p]));
  for (const p of theme.patterns) {
    if (patterns.has(p.slug)) continue;
    const { slug, ...props } = p;
    patterns.set(slug, { ...props, name: slug });
  }
  const categories = new Map<string, PatternCategory>(CORE_PATTERN_CATEGORIES.map((c) => [c.name, c]));
  for (const c of theme.patternCategories) categories.set(c.name, c);
  return {
    patterns: [...patterns.values()].map((p) => ({
      ...p,
      content: prepareContent(p.content, theme.name),
      ...(p.categories ? { categories: p.categories.map((c) => own(MIGRATED_CATEGORIES, c) ?? c) } : {}),
    })),
    categories: [...categories.values()],
  };
}

/** Every registered pattern (categories migrated, content prepared), in registration order; read once per theme. */
export function registeredPatterns(theme: Theme): readonly RegisteredPattern[] {
  return (registered.get(theme) ?? remember(theme)).patterns;
}

export function registeredCategories(theme: Theme): readonly PatternCategory[] {
  return (registered.get(theme) ?? remember(theme)).categories;
}

function remember(theme: Theme) {
  const r = register(theme);
  registered.set(theme, r);
  return r;
}
