/** The shapes of Contact Form 7's form-tag language, shared by the parser, validation and mail. */

/**
 * One form-tag as Contact Form 7 scans it, with exactly the keys (and key order) of the REST answer's
 * `properties.form.fields[]`. `[select* topic include_blank "A|a" "B"]` → type `select*`, basetype `select`,
 * name `topic`, options `["include_blank"]`, raw_values `["A|a","B"]`, labels = values = `["A","B"]` (the part
 * before `|`), pipes `[["A","a"],["B","B"]]`.
 */
export interface FormTag {
  /** As written, with its `*` when required. */
  type: string;
  /** `type` without the `*`. */
  basetype: string;
  /** `""` for tags without a name (submit). */
  name: string;
  /** Bare words and `key:value` words, in order. */
  options: string[];
  /** The quoted values as written (`"label|value"` kept whole). */
  raw_values: string[];
  /** Labels: the part before `|` of each raw value (the whole value without a pipe). */
  labels: string[];
  /** Same as labels (Contact Form 7 5.x with pipes on). */
  values: string[];
  /** `[before, after]` per raw value; after = before when there is no `|`. */
  pipes: [string, string][];
  /** The text between `[type name]` and `[/type]` of an enclosing tag, trimmed; `""` otherwise. */
  content: string;
}

/**
 * What was posted, by field name: a string, or a list for `name[]` fields (checkboxes, multiple selects).
 * Always a null-prototype dictionary (client-chosen names are data): build it with `collectPosted`.
 */
export type PostedData = Record<string, string | string[]>;

/** A file received with the submission (multipart part with a filename). */
export interface UploadedFile {
  /** The form field it was posted under (`your-file`). */
  field: string;
  /** The client's filename, as sent (sanitised before it reaches a mail header). */
  filename: string;
  /** The part's content type as sent (not trusted: `filetypes:` is checked on the filename's extension). */
  contentType: string;
  content: Buffer;
}

/** The keys of `properties.messages`. */
export type MessageKey =
  | 'mail_sent_ok'
  | 'mail_sent_ng'
  | 'validation_error'
  | 'spam'
  | 'accept_terms'
  | 'invalid_required'
  | 'invalid_too_long'
  | 'invalid_too_short'
  | 'upload_failed'
  | 'upload_file_type_invalid'
  | 'upload_file_too_large'
  | 'upload_failed_php_error'
  | 'invalid_date'
  | 'date_too_early'
  | 'date_too_late'
  | 'invalid_number'
  | 'number_too_small'
  | 'number_too_large'
  | 'quiz_answer_not_correct'
  | 'captcha_not_match'
  | 'invalid_email'
  | 'invalid_url'
  | 'invalid_tel';

/** A field that failed validation, before the REST answer's unit-tag decoration (see `invalidFieldsForResponse`). */
export interface InvalidField {
  /** The form-tag's name, as written. */
  field: string;
  /** The message, already resolved against the form's `messages` (plain text, not yet HTML-escaped). */
  message: string;
  /** The tag's `id:` option, or null. */
  idref: string | null;
}

/** `invalid_fields[]` of the feedback answer. */
export interface InvalidFieldJson {
  field: string;
  message: string;
  idref: string | null;
  error_id: string;
}

/** `additional_settings.settings`: `[name, value]` with on/true → true, off/false → false. */
export type AdditionalSetting = [string, string | boolean];
