/** The shapes @loom/media takes and gives. Stored metadata follows WordPress's `_wp_attachment_metadata`
 * (with `mime_type` where WordPress stores `mime-type`, since the REST answer renames it anyway). */

/** WordPress's REST error shape; `status` is the HTTP status to answer. */
export interface MediaErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; details?: Record<string, unknown> };
}

export type MediaKind = 'image' | 'audio' | 'video' | 'application' | 'text';

/** What an upload really is, decided from its bytes (and its name only where bytes cannot tell). */
export interface DetectedType {
  /** Extension the stored file carries, lower case, no dot (`jpg`, `png`, `mp3`, `docx`...). */
  ext: string;
  /** The attachment's `mime_type`. */
  mime: string;
  /** The REST `media_type`: WordPress answers `image` for images and `file` for everything else. */
  mediaType: 'image' | 'file';
  /** The `media_type` filter's family (the part of the MIME type before the slash). */
  kind: MediaKind;
  /** `sanitizeFileName(filename)` with its extension corrected to `ext` (as wp_check_filetype_and_ext renames
   * an image whose name lies about its type). Not yet unique: pass it to `uniqueFileName`. */
  fileName: string;
}

export interface DetectOptions {
  /** The uploader has `unfiltered_html`: only then are html/htm and js accepted. */
  unfilteredHtml: boolean;
}

/** A registered image size (add_image_size). `height: 0` / `width: 0` = unbounded in that direction. */
export interface ImageSizeSpec {
  width: number;
  height: number;
  /** true = WordPress's centre crop to exactly width×height; false = fit inside. */
  crop: boolean;
}

/** Performance Lab's "modern image formats" shape: one entry per MIME type a size is available in. */
export type ImageSources = Record<string, { file: string; filesize: number }>;

/** One sub-size in metadata.sizes. `file` is a base name in the same folder as metadata.file. */
export interface ImageSubSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
  mime_type: string;
  /** Present when a WebP copy was made and is smaller: `{'image/jpeg': {...}, 'image/webp': {...}}`. */
  sources?: ImageSources;
}

/** wp_read_image_metadata's `image_meta`, after WordPress's wp_kses_post_deep: every value a string. */
/** A type alias (not an interface) so it converts to Record<string, unknown> where code walks its keys. */
export type ImageMeta = {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  /** A string as read; the number 1 once WordPress has rotated the image (`-rotated`/`-scaled`). */
  orientation: string | number;
  keywords: string[];
};

/** An image attachment's stored metadata (wp_generate_attachment_metadata's shape). */
export interface ImageMetadata {
  width: number;
  height: number;
  /** Path relative to the uploads root of the attached file: `2024/01/photo.jpg` or `2024/01/photo-scaled.jpg`. */
  file: string;
  filesize: number;
  /** In WordPress's creation order (medium, large, thumbnail, medium_large, then the others). */
  sizes: Record<string, ImageSubSize>;
  image_meta: ImageMeta;
  /** Base name of the uploaded original when the attached file is its `-scaled` or `-rotated` copy. */
  original_image?: string;
  /** Set on an edit's result. `attachment_id` is a string because WordPress stores the route parameter as is. */
  parent_image?: { attachment_id: string; file: string };
  /** Formats of the attached file itself (WebP copy of the full size). */
  sources?: ImageSources;
}

/** Audio/video metadata with WordPress's keys (wp_read_audio_metadata / wp_read_video_metadata). */
export interface AudioVideoMetadata {
  filesize?: number;
  mime_type?: string;
  /** Seconds, rounded. */
  length?: number;
  /** `m:ss` or `h:mm:ss` like getID3's playtime_string. */
  length_formatted?: string;
  fileformat?: string;
  dataformat?: string;
  codec?: string;
  bitrate?: number;
  bitrate_mode?: string;
  lossless?: boolean;
  sample_rate?: number;
  channels?: number;
  bits_per_sample?: number;
  /** Video only. */
  width?: number;
  height?: number;
  created_timestamp?: number;
  /** Video only: the sound track's audio fields where known. */
  audio?: Record<string, unknown>;
  /** ID3/Vorbis tags WordPress copies (wp_add_id3_tag_data): title, artist, album, genre, year, ... */
  [tag: string]: unknown;
}

/** Metadata of a file that is neither image nor audio/video (WordPress 6.x records only its size). */
export interface FileMetadata {
  filesize: number;
}

export type AttachmentMetadata = ImageMetadata | AudioVideoMetadata | FileMetadata;

/** A file to store, relative to the uploads root (`2024/01/photo-300x200.jpg`). */
export interface OutputFile {
  file: string;
  bytes: Buffer;
  mime: string;
}

export interface ProcessImageOptions {
  /** Where the uploaded original is (or will be) stored, relative: `YYYY/MM/name.ext` (already unique). */
  file: string;
  /** The detected MIME type (detectType). */
  mime: string;
  /** Decompression-bomb guard: width×height above this is refused (rest_upload_image_too_large). */
  maxPixels?: number;
  /** big_image_size_threshold; `false` turns it off. Default BIG_IMAGE_THRESHOLD. */
  bigImageThreshold?: number | false;
  /** Registered sizes; default DEFAULT_IMAGE_SIZES. */
  sizes?: Record<string, ImageSizeSpec>;
  /** Make a WebP copy of each size (and of the attached file) when it is smaller. Default true. */
  webp?: boolean;
}

export interface ProcessedImage {
  metadata: ImageMetadata;
  /** Every file to store besides the upload itself (which the caller stores at `options.file`):
   * the `-scaled`/`-rotated` copy, sub-sizes, WebP copies. */
  files: OutputFile[];
}

/** One edit step, in the order given. Angles in degrees clockwise; crop in percent of the current image. */
export type EditModifier =
  | { type: 'rotate'; args: { angle: number } }
  | { type: 'crop'; args: { left: number; top: number; width: number; height: number } };

/** The REST `media_details` object (WordPress's answer shape). */
export type MediaDetails = Record<string, unknown>;
