/**
 * Media settings from the environment (docs/configuration.md): LOOM_MEDIA_MAX_UPLOAD_BYTES, the largest file an upload may
 * carry (answered from Content-Length before any of the body is read, and enforced while it streams), and
 * LOOM_MEDIA_MAX_PIXELS, the decompression-bomb guard (width × height an image may declare, and each step of an edit
 * may make). Read once at start.
 */
import { envInt } from '@loom/service-kit';
import { DEFAULT_MAX_PIXELS } from '@loom/media';

export interface MediaSettings {
  maxUploadBytes: number;
  maxPixels: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 32 * 1024 * 1024;

export function loadMediaSettings(env: NodeJS.ProcessEnv): MediaSettings {
  return {
    maxUploadBytes: envInt(env, 'LOOM_MEDIA_MAX_UPLOAD_BYTES', DEFAULT_MAX_UPLOAD_BYTES, 1),
    maxPixels: envInt(env, 'LOOM_MEDIA_MAX_PIXELS', DEFAULT_MAX_PIXELS, 1),
  };
}

let active: MediaSettings = { maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, maxPixels: DEFAULT_MAX_PIXELS };

/** Sets the settings the media routes use (buildApp, once per process; tests build one app at a time). */
export function activateMedia(settings: MediaSettings): void {
  active = settings;
}

export const mediaSettings = (): MediaSettings => active;
