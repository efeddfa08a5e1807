import { errorBody, type ErrorCode, type ErrorOverridesArg, type WpErrorBody } from '@loom/contracts';
import type { MediaErrorBody } from './types';

/** A WordPress-style error: the caller answers `{code, message, data}` with `data.status`. Made with mediaError. */
export class MediaError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** WordPress's `data.details` of rest_invalid_param: per parameter, the validation error. */
  details?: Record<string, unknown>;

  constructor(
    body: WpErrorBody,
    /** WordPress's `data.params` of rest_invalid_param: per parameter, its message. */
    readonly params?: Record<string, string>,
  ) {
    super(body.message);
    this.code = body.code;
    this.status = body.data.status;
    this.name = 'MediaError';
  }

  toJSON(): MediaErrorBody {
    const data: MediaErrorBody['data'] = { status: this.status };
    if (this.params) data.params = this.params;
    if (this.details) data.details = this.details;
    return { code: this.code, message: this.message, data };
  }
}

/** The error `code` (@loom/contracts' table: its status and message, unless the call gives its own). */
export function mediaError<C extends ErrorCode>(
  code: C,
  ...overrides: ErrorOverridesArg<C, { params?: Record<string, string> }>
): MediaError {
  return new MediaError(errorBody(code, ...(overrides as ErrorOverridesArg<C>)), overrides[0]?.params);
}

/** An image past the pixel limit (checked on its header, before decoding). */
export const imageTooLarge = (maxPixels: number): MediaError =>
  mediaError('rest_upload_image_too_large', {
    message: `The image is too large to process: it may have at most ${maxPixels} pixels.`,
  });

/** wp_handle_upload's message for a refused type (answered as a 500 by the REST controller). */
export const UPLOAD_TYPE_REFUSED_MESSAGE = 'Sorry, you are not allowed to upload this file type.';
/** wp_handle_upload's message for an empty file (also a 500 through REST). */
export const UPLOAD_EMPTY_MESSAGE =
  'File is empty. Please upload something more substantial. This error could also be caused by uploads being disabled in your php.ini or by post_max_size being defined as smaller than upload_max_filesize in php.ini.';
