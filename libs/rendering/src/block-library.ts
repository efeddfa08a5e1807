/** The render callbacks of core's dynamic blocks ported so far (the other server-rendered blocks render as ''). */
import { hasBlocks, parseBlocks, type BlockRenderer, type ParsedBlock } from './blocks';
import { dynamicRenderers } from './dynamic';
import { navigationLinkPost, renderNavigationLink } from './navigation-link';
import { renderHomeLink, renderNavigationSubmenu } from './navigation-submenu';

export const CORE_BLOCK_RENDERERS: Readonly<Record<string, BlockRenderer>> = {
  'core/navigation-link': renderNavigationLink,
  'core/navigation-submenu': renderNavigationSubmenu,
  'core/home-link': renderHomeLink,
  ...dynamicRenderers(),
};

/**
 * The posts whose status rendering the content will ask for (BlockContext.postStatus), so a caller can look them
 * all up at once. Only content with navigation links is parsed.
 */
export function linkedPostIds(content: string): number[] {
  if (!hasBlocks(content) || !/wp:navigation-(link|submenu)/.test(content)) return [];
  const ids = new Set<number>();
  const walk = (blocks: ParsedBlock[]) => {
    for (const b of blocks) {
      const id =
        b.blockName === 'core/navigation-link' || b.blockName === 'core/navigation-submenu'
          ? navigationLinkPost(b)
          : undefined;
      if (id !== undefined) ids.add(id);
      walk(b.innerBlocks);
    }
  };
  walk(parseBlocks(content));
  return [...ids];
}
