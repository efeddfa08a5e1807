/**
 * The plugin's `image` field (Post_Repository::get_featured_image): `false` without a featured image, else the
 * attachment's URL, id, extension, size and sizes. The attachment is a core-content media item, read through the
 * typed client; when core-content does not answer, or the item is gone, the image is shown as a missing one
 * (`false`), as the plugin shows a featured image whose attachment no longer exists.
 */
import type { RestRequest } from '@loom/service-kit';
import { invalidParam } from './messages';
import { arrayFilter } from './array-filter';
import { coreClient, type MediaItem } from './core-client';

export type Image = false | Record<string, unknown>;

const extensionOf = (url: string) => {
  const path = url.split(/[?#]/)[0] ?? '';
  const m = /\.([A-Za-z0-9]+)$/.exec(path);
  return m ? m[1]!.toLowerCase() : '';
};

export function imageFromMedia(media: MediaItem): Image {
  const d = media.media_details ?? {};
  const sizes: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(d.sizes ?? {})) {
    if (name === 'full') continue;
    sizes[name] = arrayFilter({
      width: s.width,
      height: s.height,
      'mime-type': s.mime_type,
      filesize: s.filesize,
      url: s.source_url ?? '',
    });
  }
  return arrayFilter({
    url: media.source_url,
    id: media.id,
    extension: extensionOf(media.source_url),
    width: d.width,
    height: d.height,
    filesize: d.filesize,
    sizes: Object.keys(sizes).length ? sizes : undefined,
  });
}

export async function featuredImage(
  req: Pick<RestRequest, 'config' | 'log'>,
  image: number | string | undefined,
): Promise<Image> {
  if (image === undefined || image === '' || image === 0) return false;
  // A URL the client gave (the plugin would sideload it into the media library, which core-content does not offer to services).
  if (typeof image === 'string') return { url: image, extension: extensionOf(image) };
  const media = await coreClient(req).media(image);
  return media ? imageFromMedia(media) : false;
}

/**
 * A written `image` (is_image): a media id core-content knows, or an http(s) URL; anything else is
 * rest_invalid_param. When core-content does not answer, an id is kept unchecked (shown once it resolves).
 */
export async function checkImage(
  req: Pick<RestRequest, 'config' | 'log'>,
  value: number | string,
): Promise<number | string> {
  const bad = () => invalidParam('image');
  if (value === '' || value === 0) return '';
  const id = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  if (id !== null) {
    if ((await coreClient(req).media(id)) === null) throw bad();
    return id;
  }
  if (!/^https?:\/\/[^\s]+$/i.test(String(value))) throw bad();
  return value;
}
