import type { AttachmentMetadata, ImageMetadata, ImageSources, MediaDetails } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash >= 0 ? file.slice(0, slash + 1) : '';
}

/** Performance Lab's REST shape: each `sources` entry gains its `source_url`. */
function sourcesWithUrls(sources: ImageSources, dir: string, url: (f: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [mime, s] of Object.entries(sources)) out[mime] = { ...s, source_url: url(dir + s.file) };
  return out;
}

/**
 * The REST `media_details` (WP_REST_Attachments_Controller::prepare_item_for_response): `{}` without metadata;
 * when there are sizes, each gets its `source_url` (and each of its `sources` entries one too), then `full`
 * ({file, width, height, mime_type, source_url} of the attached file) is added; without sizes, `sizes: {}`
 * (audio, video and other files too). `sourceUrlOf` turns a path relative to the uploads root into its public
 * URL; `mime` is the attachment's `mime_type`. The stored metadata is not modified.
 */
export function mediaDetails(
  metadata: AttachmentMetadata | null | undefined,
  mime: string,
  sourceUrlOf: (relativeFile: string) => string,
): MediaDetails {
  if (!isObject(metadata) || Object.keys(metadata).length === 0) return {};
  const out: Record<string, unknown> = { ...metadata };
  const image = metadata as Partial<ImageMetadata>;
  const file = typeof image.file === 'string' ? image.file : '';
  const dir = dirOf(file);
  const sizes = isObject(image.sizes) ? image.sizes : {};
  if (Object.keys(sizes).length > 0) {
    const withUrls: Record<string, unknown> = {};
    for (const [name, size] of Object.entries(sizes)) {
      if (!isObject(size)) continue;
      const entry: Record<string, unknown> = { ...size, source_url: sourceUrlOf(dir + size.file) };
      if (isObject(size.sources)) entry.sources = sourcesWithUrls(size.sources as ImageSources, dir, sourceUrlOf);
      withUrls[name] = entry;
    }
    if (file) {
      const full: Record<string, unknown> = {
        file: file.slice(dir.length),
        width: image.width,
        height: image.height,
        mime_type: mime,
        source_url: sourceUrlOf(file),
      };
      if (isObject(image.sources)) full.sources = sourcesWithUrls(image.sources as ImageSources, dir, sourceUrlOf);
      withUrls.full = full;
    }
    out.sizes = withUrls;
  } else {
    out.sizes = {};
  }
  if (isObject(image.sources)) out.sources = sourcesWithUrls(image.sources as ImageSources, dir, sourceUrlOf);
  return out;
}
