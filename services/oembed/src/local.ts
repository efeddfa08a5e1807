/**
 * oEmbed data for this site's own items: get_oembed_response_data() with get_oembed_response_data_rich(), in
 * WordPress's key order. The item comes from core-content (url_to_postid and is_post_publicly_viewable run there);
 * the thumbnail is the featured image (an image attachment is its own), read as a core/v2 media item and sized as
 * wp_get_attachment_image_src( $id, array( $width, 99999 ) ) sizes it: the full image, scaled down to the width.
 */
import type { OembedPost } from '@loom/contracts';
import { constrainDimensions } from '@loom/rendering';
import type { CoreClient, MediaItem } from './core-client';
import { postEmbedHtml } from './embed-html';

export interface LocalContext {
  core: CoreClient;
  siteName: string;
  homeUrl: string;
}

/** The width WordPress answers with (oembed_min_max_width: 200–600) and its height rule (16:9, at least 200). */
export function embedSize(maxwidth: number): { width: number; height: number } {
  const width = Math.min(Math.max(200, maxwidth), 600);
  return { width, height: Math.max(Math.ceil((width / 16) * 9), 200) };
}

async function thumbnail(ctx: LocalContext, target: OembedPost, width: number): Promise<Record<string, unknown>> {
  const image =
    target.type === 'attachment' && target.mime_type.startsWith('image/') ? target.id : target.featured_media;
  if (!image) return {};
  const media: MediaItem | null | undefined = await ctx.core.media(image);
  if (!media?.source_url) return {};
  const [w, h] = constrainDimensions(media.media_details?.width ?? 0, media.media_details?.height ?? 0, width);
  return { thumbnail_url: media.source_url, thumbnail_width: w, thumbnail_height: h };
}

/** The oEmbed object of the publicly viewable item `url` names, or null (unknown, not viewable, core-content down). */
export async function localEmbed(
  ctx: LocalContext,
  url: string,
  maxwidth: number,
): Promise<Record<string, unknown> | null> {
  const target = await ctx.core.target(url);
  if (!target) return null;
  const { width, height } = embedSize(maxwidth);
  const data: Record<string, unknown> = {
    version: '1.0',
    provider_name: ctx.siteName,
    provider_url: ctx.homeUrl,
    author_name: target.author?.name ?? ctx.siteName,
    author_url: target.author?.url ?? ctx.homeUrl,
    title: target.title,
    type: target.type === 'attachment' && target.mime_type.startsWith('video/') ? 'video' : 'rich',
    width,
    height,
    html: postEmbedHtml(target, width, height, ctx.siteName),
  };
  return { ...data, ...(await thumbnail(ctx, target, width)) };
}
