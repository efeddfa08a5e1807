/** WordPress-style errors: `{code, message, data:{status, ...}}` (reference §1.1). */
import type { Identity } from '@loom/contracts';

export class WpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> | null = null,
    /** Data the error carried before its last (WP_Error::add_data keeps it): shown as `additional_data`. */
    readonly additionalData: unknown[] = [],
    /** The other errors of the same WP_Error (its other codes): shown as `additional_errors`. */
    readonly additionalErrors: WpError[] = [],
  ) {
    super(message);
    this.name = 'WpError';
  }

  /** HTTP status: data.status, or 500 when the error carries none (as WordPress). */
  get status(): number {
    const s = this.data?.status;
    return typeof s === 'number' ? s : 500;
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> | null; additional_data?: unknown[]; additional_errors?: unknown[] } {
    return {
      code: this.code,
      message: this.message,
      data: this.data,
      ...(this.additionalData.length ? { additional_data: this.additionalData } : {}),
      ...(this.additionalErrors.length ? { additional_errors: this.additionalErrors.map((e) => e.toBody()) } : {}),
    };
  }
}

/**
 * A WP_Error holding several errors, as rest_convert_error_to_response renders it: the first at the top (its
 * status is the answer's), the others under `additional_errors`.
 */
export function combinedError(errors: WpError[]): WpError {
  const [first, ...rest] = errors;
  if (!first) throw new Error('combinedError needs at least one error');
  return new WpError(first.code, first.message, first.data, first.additionalData, [...first.additionalErrors, ...rest]);
}

export function restError(code: string, message: string, status: number, extra: Record<string, unknown> = {}): WpError {
  return new WpError(code, message, { status, ...extra });
}

/** rest_authorization_required_code(): 401 for anonymous callers, 403 for signed-in ones. */
export function authStatus(user: Identity | null): 401 | 403 {
  return user ? 403 : 401;
}

/** A permission failure with the 401/403 rule applied. */
export function forbidden(user: Identity | null, code = 'rest_forbidden', message = 'Sorry, you are not allowed to do that.'): WpError {
  return restError(code, message, authStatus(user));
}

export const noRoute = (): WpError => restError('rest_no_route', 'No route was found matching the URL and request method.', 404);
