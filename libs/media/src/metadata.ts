import { fileMetadata, mediaMetadata } from './av';
import { canProcessImage, processImage } from './image';
import type { AttachmentMetadata, OutputFile, ProcessImageOptions } from './types';

/**
 * wp_generate_attachment_metadata: images sharp can resize get processImage's metadata and files (BMP/ICO their
 * size only), audio and video mediaMetadata, everything else (PDF, office, text, and TIFF/HEIC, which WordPress
 * 6.4 cannot display) `{filesize}`. `files` never includes the upload itself. Throws processImage's MediaErrors.
 */
export async function attachmentMetadata(
  bytes: Uint8Array,
  opts: ProcessImageOptions,
): Promise<{ metadata: AttachmentMetadata; files: OutputFile[] }> {
  if (canProcessImage(opts.mime)) return processImage(bytes, opts);
  if (opts.mime.startsWith('audio/') || opts.mime.startsWith('video/'))
    return { metadata: await mediaMetadata(bytes, opts.mime), files: [] };
  return { metadata: fileMetadata(bytes), files: [] };
}
