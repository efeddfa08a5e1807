/**
 * WordPress-style errors: `{code, message, data:{status, ...}}` (reference §1.1), made from the table of codes
 * (@loom/contracts' ERROR_CODES): `wpError(code)` answers the code's status and message, `forbidden(user, code)` a
 * permission code with the 401/403 rule.
 */
import {
  ERROR_CODES,
  errorBody,
  type AuthErrorCode,
  type ErrorCode,
  type ErrorOverridesArg,
  type Identity,
  type MessageRule,
  type WpErrorBody,
} from '@loom/contracts';

/**
 * A WordPress error. Made with wpError / forbidden (the constructor, for an error WordPress answers without data:
 * `data: null`, which wpError never gives); `code` is a table code, or the code another Loom service answered
 * (WpError.relayed).
 */
export class WpError extends Error {
  readonly code: ErrorCode;

  constructor(
    code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> | null = null,
    /** Data the error carried before its last (WP_Error::add_data keeps it): shown as `additional_data`. */
    readonly additionalData: unknown[] = [],
    /** The other errors of the same WP_Error (its other codes): shown as `additional_errors`. */
    readonly additionalErrors: WpError[] = [],
  ) {
    super(message);
    this.code = code;
    this.name = 'WpError';
  }

  /** An error another Loom service answered, passed on as it came (its code is that service's, from the table). */
  static relayed(code: string, message: string, data: Record<string, unknown> | null): WpError {
    return new WpError(code as ErrorCode, message, data);
  }

  /** HTTP status: data.status, or 500 when the error carries none (as WordPress). */
  get status(): number {
    const s = this.data?.status;
    return typeof s === 'number' ? s : 500;
  }

  toBody(): {
    code: string;
    message: string;
    data: Record<string, unknown> | null;
    additional_data?: unknown[];
    additional_errors?: unknown[];
  } {
    return {
      code: this.code,
      message: this.message,
      data: this.data,
      ...(this.additionalData.length ? { additional_data: this.additionalData } : {}),
      ...(this.additionalErrors.length ? { additional_errors: this.additionalErrors.map((e) => e.toBody()) } : {}),
    };
  }
}

/** What wpError takes besides the table's overrides. */
interface WpErrorExtra {
  /** Data the error carried before (WP_Error::add_data): `additional_data`. */
  additionalData?: unknown[];
}

/**
 * The error `code`, with the table's status and message. A call site gives a message only where the table says the
 * code has several, and a status only where it answers another; `data` adds to `{status}` (params, details...).
 */
export function wpError<C extends ErrorCode>(code: C, ...overrides: ErrorOverridesArg<C, WpErrorExtra>): WpError {
  const body: WpErrorBody<C> = errorBody(code, ...(overrides as ErrorOverridesArg<C>));
  return new WpError(code, body.message, body.data, overrides[0]?.additionalData);
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

/** rest_authorization_required_code(): 401 for anonymous callers, 403 for signed-in ones. */
export function authStatus(user: Identity | null): 401 | 403 {
  return user ? 403 : 401;
}

/** forbidden()'s message argument for `code`: none where the table has its one message, else optional or required. */
export type ForbiddenMessageArg<C extends AuthErrorCode> =
  MessageRule<C> extends 'required' ? [message: string] : MessageRule<C> extends 'optional' ? [message?: string] : [];

/**
 * A permission failure with the 401/403 rule applied: `rest_forbidden` unless another permission code is given, with
 * the table's message unless the table lets the call site give one.
 */
export function forbidden<C extends AuthErrorCode = 'rest_forbidden'>(
  user: Identity | null,
  code?: C,
  ...message: ForbiddenMessageArg<C>
): WpError {
  const c: AuthErrorCode = code ?? 'rest_forbidden';
  return new WpError(c, message[0] ?? ERROR_CODES[c].message, { status: authStatus(user) });
}

export const noRoute = (): WpError => wpError('rest_no_route');
