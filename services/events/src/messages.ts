/**
 * The plugin's messages (Tribe__Events__REST__V1__Messages), by code, so every error a client sees carries
 * the text The Events Calendar sends.
 */
import { own } from '@loom/contracts';
import { restError, WpError } from '@loom/service-kit';

export const MESSAGES: Record<string, string> = {
  'event-not-found': 'The requested post ID does not exist or is not an event',
  'event-not-accessible': 'The requested event is not accessible',
  'event-no-longer-available': 'The requested event is no longer available',
  'event-archive-page-not-found': 'The requested event archive page does not exist',
  'venue-not-found': 'The requested post ID does not exist or is not an venue',
  'organizer-not-found': 'The requested post ID does not exist or is not an organizer',
  'could-not-create-venue': 'The venue could not be created from the provided data',
  'could-not-create-organizer': 'The organizer could not be created from the provided data',
  'invalid-linked-post-id': 'The provided linked post ID is not valid',
  'venue-not-accessible': 'The requested venue is not accessible',
  'organizer-not-accessible': 'The requested organizer is not accessible',
  'could-not-delete-event': 'The event could not be deleted',
  'event-is-in-trash': 'The event is already trashed',
  'venue-is-in-trash': 'The venue is already trashed',
  'organizer-is-in-trash': 'The organizer is already trashed',
  'could-not-update-event': 'The event could not be updated',
  'could-not-update-venue': 'The venue could not be updated',
  'could-not-update-organizer': 'The organizer could not be updated',
  'venue-archive-page-not-found': 'The requested venue archive page does not exist',
  'organizer-archive-page-not-found': 'The requested organizer archive page does not exist',
  'archive-bad-search-string': "The 'search' parameter must be a string",
  'term-archive-page-not-found': 'The requested event term archive page does not exist',
  'rest-invalid-event-id': 'The provided event ID is not valid',
};

/** The plugin's error for `code`, with its message. */
export const tecError = (code: string, status: number): WpError => restError(code, own(MESSAGES, code) ?? code, status);

/** WordPress's answer to one parameter its handler found invalid: rest_invalid_param 400 naming it. */
export const invalidParam = (param: string, message = 'Invalid parameter.'): WpError =>
  restError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: message } });

/** What WordPress answers when argument validate callbacks return false (WP_REST_Request::has_valid_params). */
export function invalidParams(names: string[]): WpError {
  return new WpError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
    status: 400,
    params: Object.fromEntries(names.map((n) => [n, 'Invalid parameter.'])),
    // Only callbacks returning a WP_Error add details; PHP's empty array serialises as [].
    details: [],
  });
}

/** What WordPress answers when a validate callback returns a WP_Error: its message for the parameter, the error in details. */
export function invalidParamError(param: string, code: string, message: string): WpError {
  return new WpError('rest_invalid_param', `Invalid parameter(s): ${param}`, {
    status: 400,
    params: { [param]: message },
    details: { [param]: { code, message, data: { status: 400 } } },
  });
}
