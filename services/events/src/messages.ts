/**
 * The answers to invalid parameters, as WordPress words them. The plugin's own error codes and messages
 * (Tribe__Events__REST__V1__Messages) are in @loom/contracts' table of error codes: wpError(code).
 */
import type { WpErrorBody } from '@loom/contracts';
import { type WpError, wpError } from '@loom/service-kit';

/** WordPress's answer to one parameter its handler found invalid: rest_invalid_param 400 naming it. */
export const invalidParam = (param: string, message = 'Invalid parameter.'): WpError =>
  wpError('rest_invalid_param', { message: `Invalid parameter(s): ${param}`, data: { params: { [param]: message } } });

/** What WordPress answers when argument validate callbacks return false (WP_REST_Request::has_valid_params). */
export function invalidParams(names: string[]): WpError {
  return wpError('rest_invalid_param', {
    message: `Invalid parameter(s): ${names.join(', ')}`,
    data: {
      params: Object.fromEntries(names.map((n) => [n, 'Invalid parameter.'])),
      // Only callbacks returning a WP_Error add details; PHP's empty array serialises as [].
      details: [],
    },
  });
}

/** What WordPress answers when a validate callback returns a WP_Error (`error`): its message for the parameter, the error in details. */
export function invalidParamError(param: string, error: WpErrorBody): WpError {
  return wpError('rest_invalid_param', {
    message: `Invalid parameter(s): ${param}`,
    data: { params: { [param]: error.message }, details: { [param]: error } },
  });
}
