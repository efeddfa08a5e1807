/**
 * The seam between post-like storage and content rendering (issue item 7, `src/rendering/`): what the posts
 * code needs from it, behind one small interface, so the repository and responses never reach into the
 * rendering internals and a type with different rendering (blocks show raw only, templates...) can bring its own.
 */
import * as rendering from '@loom/rendering';
import type { Store } from '@loom/store';
import type { KitConfig, RestRequest } from '@loom/service-kit';
import { keepOutOfAnswerCaches } from '../site/answer-cache/kept-out';
import { siteBlockData } from '../resources/block-renderer/site-data';
import { POSTS, type PostDoc } from './repository';

/** What content rendering may consult: the status of the posts its blocks link to (see linkedPosts). */
export type BlockContext = rendering.BlockContext;

export interface PostRenderer {
  /**
   * the_content: the HTML shown as `content.rendered`; `media`: the post's id and the attachments its shortcodes and
   * images name; `attachment`: the post itself when it is one (prepend_attachment shows its file first).
   */
  renderContent(
    raw: string,
    blocks?: BlockContext,
    media?: rendering.MediaContext,
    attachment?: rendering.MediaAttachment,
  ): string;
  /** block_version(): 1 when the content holds block markup, else 0. */
  blockVersion(raw: string): number;
  /** get_the_title() with the REST API's title format (no "Private:"/"Protected:" prefix). */
  renderTitle(raw: string): string;
  /** get_the_excerpt + the_excerpt: the manual excerpt, or one made from the content (and an attachment's file). */
  renderExcerpt(rawExcerpt: string, rawContent: string, attachment?: rendering.MediaAttachment): string;
  /** content_save_pre / excerpt_save_pre for callers without unfiltered_html (wp_filter_post_kses). */
  sanitizePostContent(raw: string): string;
  /** title_save_pre for callers without unfiltered_html (wp_filter_kses). */
  sanitizeTitle(raw: string): string;
}

/** The renderer the posts code uses: WordPress's filters as src/rendering ports them. */
export const renderer: PostRenderer = {
  // A registry per rendering: the media shortcodes read that post's attachments and count their own instances.
  renderContent: (raw, blocks, media, attachment) =>
    rendering.renderContent(
      raw,
      media ? rendering.createCoreShortcodes(media) : undefined,
      blocks,
      media?.media,
      attachment,
    ),
  blockVersion: rendering.blockVersion,
  renderTitle: rendering.renderTitle,
  // An attachment's player is counted on a registry of its own (the excerpt keeps only its text).
  renderExcerpt: (rawExcerpt, rawContent, attachment) =>
    attachment
      ? rendering.renderExcerpt(
          rawExcerpt,
          rawContent,
          rendering.createCoreShortcodes({ postId: attachment.id, media: rendering.NO_MEDIA }),
          attachment,
        )
      : rendering.renderExcerpt(rawExcerpt, rawContent),
  sanitizePostContent: rendering.sanitizePostContent,
  sanitizeTitle: rendering.sanitizeTextForTitle,
};

/** title_save_pre: trimmed for everyone, then kses'd for users without unfiltered_html. */
export const titleSavePre = (raw: string, unfiltered: boolean): string =>
  unfiltered ? raw.trim() : renderer.sanitizeTitle(raw.trim());

/** content_save_pre / excerpt_save_pre: kses'd for users without unfiltered_html. */
export const contentSavePre = (raw: string, unfiltered: boolean): string =>
  unfiltered ? raw : renderer.sanitizePostContent(raw);

/**
 * The status of every post that the given contents' blocks link to (a navigation link renders only while its
 * post is published), in one query for a whole page of posts; nothing is read when no content links to one.
 */
async function linkedPosts(store: Store, contents: string[], config: KitConfig): Promise<BlockContext> {
  // The dynamic blocks' data (latest posts, archives...): read only for contents that hold such blocks.
  const dynamic = await rendering.loadDynamicBlocks(contents, siteBlockData(store, config));
  const ids = [...new Set(contents.flatMap(rendering.linkedPostIds))];
  if (!ids.length) return dynamic;
  const found = await store.collection<PostDoc>(POSTS).find({ id: { $in: ids } });
  const status = new Map(found.map((p) => [p.id, p.status]));
  return { ...dynamic, postStatus: (id) => status.get(id) };
}

/**
 * linkedPosts() for the contents a request answers with. A calendar marks today: an answer showing one is right only
 * today, and no write would replace it, so no answer cache keeps it.
 */
export async function requestBlocks(req: RestRequest, contents: string[]): Promise<BlockContext> {
  const blocks = await linkedPosts(req.store, contents, req.config);
  if (blocks.dynamic?.readsClock) keepOutOfAnswerCaches(req);
  return blocks;
}
