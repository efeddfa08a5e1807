/**
 * Contact Form 7's form-tag language: the parser (`[type* name options "values"]`, enclosing tags, pipes), the
 * REST `fields` shape, the posted data the plugin derives from a submission, validation with the plugin's
 * messages, acceptance, the quiz (hashed answers, refill), the SWV schema and the config validator.
 * Pure functions: no I/O, no clock except where a parameter says so.
 */
export type { AdditionalSetting, FormTag, InvalidField, MessageKey, PostedData, UploadedFile } from './types';

/** Parses a form template into its form-tags, in order. Never throws: unreadable text is left as text. */
export {
  parseFormTags,
  scanFields,
  hasOption,
  optionValue,
  optionValues,
  isRequired,
  DEFAULT_FORM_TEMPLATE,
} from './parser';

/** The plugin's default messages and how a form's `messages` override them. */
export { DEFAULT_MESSAGES, messageFor } from './messages';

/** `additional_settings` text → `[name, value]` pairs; the flags the plugin reads from it. */
export { parseAdditionalSettings, settingFlag, settingValues } from './additional-settings';

/**
 * Posted data: `collectPosted` turns multipart entries into a null-prototype dictionary (`name[]` → list);
 * `preparePostedData` applies the form's pipes and free-text rules as the plugin does before validation and
 * mail; `postedDataHash` is the answer's `posted_data_hash`.
 */
export { collectPosted, preparePostedData, postedDataHash, flatJoin } from './posted-data';

/**
 * Validation of a submission, acceptance, and the answer's `invalid_fields`. The plugin's order of statuses:
 * `validateFields` → validation_failed; `acceptanceMissing` → acceptance_missing; spam; `validateUploads` →
 * validation_failed; then mail. `validateSubmission` is fields then uploads in one call.
 */
export {
  validateSubmission,
  validateFields,
  validateUploads,
  acceptanceMissing,
  invalidFieldsForResponse,
  isEmail,
} from './validation';

/** The quiz: answer hashing (HMAC with a server secret) and refill's question/hash pairs. */
export { quizAnswerHash, refillQuiz } from './quiz';

/** `GET .../feedback/schema`: the plugin's SWV schema for a form. */
export { swvSchema } from './swv';

/** The config validator: the REST `config_errors` object. */
export { configErrors, mailboxList, type ConfigProperties } from './config-errors';

/** Mail-tag syntax (`[field]`, `[_raw_field]`, `[_format_field "fmt"]`), shared with the mail composer. */
export { replaceMailTagsIn, type MailTagRef } from './mail-tags';

/** PHP/WordPress text helpers the mail composer shares. */
export { escHtml, stripAllTags, phpTrim, decodeEntities } from './text';
export { mimeTypeOf } from './filetypes';
export { tagFeatures } from './parser';
