/**
 * What the media shortcodes ask about files: wp_check_filetype() over wp_get_mime_types() (mime-types.ts), and
 * WordPress's audio and video extensions.
 */
export { checkFiletype } from '../../mime-types';

/** wp_get_audio_extensions(), wp_get_video_extensions(). */
export const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'flac', 'm4a', 'wav'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'webm', 'ogv', 'flv'] as const;
