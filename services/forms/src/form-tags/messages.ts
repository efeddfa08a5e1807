/** The plugin's messages (contact-form-template.php) and how a form's own `messages` override them. */
import type { MessageKey } from './types';

export const DEFAULT_MESSAGES: Readonly<Record<MessageKey, string>> = Object.freeze({
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The uploaded file is too large.',
  upload_failed_php_error: 'There was an error uploading the file.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  captcha_not_match: 'Your entered code is incorrect.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
});

/**
 * The form's message for `key` when it has a non-empty string for it, else the plugin's default. `messages` is
 * the form's stored `messages` property (any shape: only own string values count).
 */
export function messageFor(key: MessageKey, messages?: Record<string, unknown> | null): string {
  const own = messages && Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : undefined;
  return typeof own === 'string' && own !== '' ? own : DEFAULT_MESSAGES[key];
}
