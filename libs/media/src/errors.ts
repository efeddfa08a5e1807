import type { MediaErrorBody } from './types';

/** A WordPress-style error: the caller answers `{code, message, data}` with `data.status`. */
export class MediaError extends Error {
  /** WordPress's `data.details` of rest_invalid_param: per parameter, the validation error. */
  details?: Record<string, unknown>;

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'MediaError';
  }

  toJSON(): MediaErrorBody {
    const data: MediaErrorBody['data'] = { status: this.status };
    if (this.params) data.params = this.params;
    if (this.details) data.details = this.details;
    return { code: this.code, message: this.message, data };
  }
}

/** wp_handle_upload's message for a refused type (answered as a 500 by the REST controller). */
export const UPLOAD_TYPE_REFUSED_MESSAGE = 'Sorry, you are not allowed to upload this file type.';
/** wp_handle_upload's message for an empty file (also a 500 through REST). */
export const UPLOAD_EMPTY_MESSAGE =
  'File is empty. Please upload something more substantial. This error could also be caused by uploads being disabled in your php.ini or by post_max_size being defined as smaller than upload_max_filesize in php.ini.';
