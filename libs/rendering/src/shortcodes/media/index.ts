/**
 * The media shortcodes ([gallery], [audio], [video], [playlist]) on a registry, bound to one rendering's media
 * (MediaContext): a registry per rendered post, so PHP's per-request instance counters become per-post ones.
 */
import type { ShortcodeRegistry } from '../registry';
import { audioShortcode, videoShortcode } from './audio-video';
import { galleryShortcode } from './gallery';
import { playlistShortcode } from './playlist';
import type { MediaContext } from './port';

export function addMediaShortcodes(registry: ShortcodeRegistry, ctx: MediaContext): ShortcodeRegistry {
  const counter = { gallery: 0, audio: 0, video: 0, playlist: 0 };
  return registry
    .add('gallery', galleryShortcode(ctx, counter))
    .add('playlist', playlistShortcode(ctx, counter))
    .add('audio', audioShortcode(ctx, counter))
    .add('video', videoShortcode(ctx, counter));
}

export { NO_MEDIA, type MediaAttachment, type MediaContext, type MediaLookup, type MediaMeta } from './port';
export { mediaShortcodeRefs } from './refs';
export { prependAttachment } from './prepend';
