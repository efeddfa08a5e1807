/**
 * The media port: what [gallery], [audio], [video] and [playlist] read about attachments. Rendering is synchronous
 * and pure, so the caller loads every attachment the content names (mediaShortcodeRefs) before rendering, in one
 * query, and hands the result over as a MediaLookup; the renderer never reaches a store.
 */

/** One size of an image, as WordPress keeps it in the attachment's metadata (`sizes.<name>`). */
export interface MediaSize {
  file: string;
  width: number;
  height: number;
  mime_type?: string;
}

/**
 * wp_get_attachment_metadata(): an image's `width`, `height`, `file` (relative to the uploads folder) and `sizes`;
 * audio and video carry their ID3 fields (`artist`, `album`, `genre`, `year`, `length_formatted`...) and, for
 * video, `width`/`height`.
 */
export interface MediaMeta {
  width?: number;
  height?: number;
  file?: string;
  sizes?: Readonly<Record<string, MediaSize>>;
  [key: string]: unknown;
}

/** An attachment as the media shortcodes see it (WordPress's WP_Post fields they read, plus its URLs). */
export interface MediaAttachment {
  id: number;
  /** post_parent: the post it is attached to, 0 for none. */
  parent: number;
  /** post_status: `inherit` is the only one the shortcodes list (private and trashed attachments are left out). */
  status: string;
  menu_order: number;
  /** post_date and post_modified, as stored (sortable strings). */
  date: string;
  modified: string;
  /** post_title, post_name, post_excerpt (the caption), post_content (the description), as stored. */
  title: string;
  name: string;
  caption: string;
  description: string;
  author: number;
  /** _wp_attachment_image_alt. */
  alt: string;
  mime_type: string;
  /** wp_get_attachment_url(): the file's URL. */
  url: string;
  /** get_attachment_link(): the attachment's page. */
  link: string;
  meta: MediaMeta | null;
  /** The attachment's own featured image (album art of an audio file), 0 for none. */
  featured_media?: number;
}

/**
 * What the renderer may ask. Every answer is already limited to what the reader may see: an attachment the reader
 * may not read is simply not there.
 */
export interface MediaLookup {
  /** get_post( $id ) for an attachment. */
  attachment(id: number): MediaAttachment | undefined;
  /** get_children( post_parent ): the attachments of a post, any order (the shortcodes sort them). */
  childrenOf(parent: number): MediaAttachment[];
  /**
   * Whether the shortcodes may list a post's attachments: the reader may read the post and it needs no password
   * (gallery_shortcode()'s check on `post_parent`). Undefined posts cannot be shown.
   */
  canListChildrenOf(parent: number): boolean;
  /** wp_mime_type_icon( $id, '.svg' ): the icon a playlist shows for a track without its own image. */
  mimeIcon(mimeType: string): string;
}

/** What one content rendering knows: the post being rendered (get_the_ID()) and its media. */
export interface MediaContext {
  postId: number;
  media: MediaLookup;
}

/** A lookup that knows no attachment: media shortcodes render as WordPress renders them without any. */
export const NO_MEDIA: MediaLookup = {
  attachment: () => undefined,
  childrenOf: () => [],
  canListChildrenOf: () => false,
  mimeIcon: () => '',
};
