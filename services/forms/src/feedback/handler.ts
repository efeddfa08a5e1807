/**
 * POST /formsA/v1/contact-forms/<id>/feedback (reference B.2): a submission, answered as Contact Form 7 5.9
 * answers it (samples 206–212). The checks, in the plugin's order: multipart/form-data (415), the form (404), the
 * unit tag (400); then, always 200: subscribers_only, validation, acceptance, spam (honeypot, disallowed words,
 * rate per address), and mail. An accepted submission is stored before its mail is attempted; the mail goes
 * through the outbox, which keeps what SMTP did not take and retries it, so `mail_failed` loses nothing; a message
 * wp_mail itself would refuse (no valid sender or recipient, an empty body) is recorded as failed, never retried.
 */
import { CHANGE_HEADER, formatChangeHint } from '@loom/contracts';
import * as forms from '../contracts';
import {
  bind,
  isMultipart,
  readMultipart,
  wpError,
  type Binding,
  type BodyReader,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import {
  acceptanceMissing,
  collectPosted,
  invalidFieldsForResponse,
  messageFor,
  optionValue,
  parseAdditionalSettings,
  postedDataHash,
  preparePostedData,
  refillQuiz,
  scanFields,
  settingFlag,
  validateFields,
  validateUploads,
  type FormTag,
  type InvalidField,
  type MessageKey,
  type PostedData,
  type UploadedFile,
} from '../form-tags';
import { composeMessages, displayMessage, type MailSubmission, type SpecialTagValues } from '../mail';
import { notFound } from '../contact-forms/handlers';
import { formMessages } from '../contact-forms/properties';
import { ContactForms, type ContactFormDoc } from '../contact-forms/repository';
import { formsOf } from '../context';
import { Submissions } from '../submissions/repository';
import { containsDisallowed, honeypotFilled, overRate } from './spam';

type FeedbackReq = RequestOf<typeof forms.feedbackRoute.endpoints.submit>;

/** The plugin's statuses Loom gives (`aborted` needs a wpcf7_before_send_mail hook, which Loom has not). */
export type FeedbackStatus =
  'mail_sent' | 'mail_failed' | 'validation_failed' | 'acceptance_missing' | 'spam' | 'error';

/** The form's is_true('demo_mode'): no mail, and `demo_mode: true` in the answer. */
const inDemoMode = (form: ContactFormDoc) =>
  settingFlag(parseAdditionalSettings(form.properties.additional_settings), 'demo_mode');

/** wpcf7_sanitize_unit_tag. */
const sanitizeUnitTag = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '');

/** The site's zone for `[_date]`/`[_time]`: LOOM_TIMEZONE, else LOOM_GMT_OFFSET as `+05:30`. */
function siteZone(req: RestRequest): string {
  if (req.config.timezoneString) return req.config.timezoneString;
  const hours = Number(req.config.gmtOffset) || 0;
  const minutes = Math.round(Math.abs(hours) * 60);
  return `${hours < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * `[_url]`, as the plugin's get_request_url() for REST submissions: the Referer when it is a page of this site (it
 * starts with the home URL), else the URL the submission was posted to.
 */
function pageUrl(req: RestRequest): string {
  const referer = (req.incoming?.headers.referer ?? '').trim();
  if (referer && referer.startsWith(req.config.homeUrl) && /^https?:\/\//i.test(referer)) {
    try {
      return new URL(referer).href;
    } catch {
      // not a URL after all: fall through
    }
  }
  return `${req.config.restUrl}${req.path}`;
}

interface Outcome {
  status: FeedbackStatus;
  message: string;
  invalid?: InvalidField[];
  hash: string;
  submissionId?: number;
}

/** What the feedback route's body reader gives the handler. */
interface FeedbackBody {
  fields: [string, string][];
  files: UploadedFile[];
  /** Fields whose file went past the limit (not kept: the answer says the file is too large). */
  oversizeFiles: string[];
}

/** The plugin's first check, before it even looks for the form: multipart/form-data only. Then the body, bounded. */
const readFeedback: BodyReader = async (req, _res, { config }) => {
  if (!isMultipart(req.get('content-type'))) {
    req.resume();
    throw wpError('wpcf7_unsupported_media_type');
  }
  const { settings } = formsOf(config);
  const body = await readMultipart(req, {
    maxBodyBytes: config.maxBodyBytes,
    maxFileBytes: settings.maxFileBytes,
    maxFiles: settings.maxFiles,
    maxFields: settings.maxFields,
    maxFieldBytes: 1024 * 1024,
  });
  // A file input left empty comes with no filename (PHP's UPLOAD_ERR_NO_FILE): no file at all. One past the limit is
  // reported as too large, never passed on cut.
  const uploaded = body.files.filter((f) => f.filename !== '');
  const payload: FeedbackBody = {
    fields: body.fields,
    files: uploaded
      .filter((f) => !f.tooLarge)
      .map(({ field, filename, contentType, content }) => ({ field, filename, contentType, content })),
    oversizeFiles: uploaded.filter((f) => f.tooLarge).map((f) => f.field),
  };
  // The fields are the submission, not the route's parameters.
  return { form: null, payload };
};

async function submit(req: FeedbackReq) {
  const form = await new ContactForms(req.store).get(Number(req.params.id));
  if (!form) throw notFound();
  const { settings } = formsOf(req.config);
  const body = req.payload as FeedbackBody;
  const posted = collectPosted(body.fields);
  const unitTag = sanitizeUnitTag(typeof posted._wpcf7_unit_tag === 'string' ? posted._wpcf7_unit_tag : '');
  if (!unitTag) throw wpError('wpcf7_unit_tag_not_found');

  const tags = scanFields(form.properties.form);
  const outcome = await decide(req, form, tags, posted, body.files, body.oversizeFiles, unitTag);
  const answer: Record<string, unknown> = {
    contact_form_id: form.id,
    status: outcome.status,
    message: outcome.message,
  };
  if (outcome.status === 'validation_failed')
    answer.invalid_fields = invalidFieldsForResponse(outcome.invalid ?? [], unitTag);
  // The subscribers_only refusal comes before any submission exists: no hash at all (the plugin's submit()).
  if (outcome.status !== 'error') answer.posted_data_hash = outcome.hash;
  // submit() marks every result in demo mode, whatever its status, after the hash; the subscribers_only refusal
  // returns before it.
  if (outcome.status !== 'error' && inDemoMode(form)) answer.demo_mode = true;
  answer.into = `#${unitTag}`;
  answer.invalid_fields ??= [];
  // The quiz module adds new questions to every answer (the page must ask again).
  const quiz = refillQuiz(tags, settings.secret);
  if (quiz) answer.quiz = quiz;
  const hint = outcome.submissionId
    ? formatChangeHint({ resource: 'submissions', action: 'created', item_id: outcome.submissionId })
    : formatChangeHint('none');
  return { body: answer, headers: { [CHANGE_HEADER]: hint } };
}

/** The submission's fate: every outcome but an accepted one leaves the store as it was. */
async function decide(
  req: FeedbackReq,
  form: ContactFormDoc,
  tags: FormTag[],
  posted: PostedData,
  files: UploadedFile[],
  oversize: string[],
  unitTag: string,
): Promise<Outcome> {
  const { settings, outbox } = formsOf(req.config);
  const messages = formMessages(form.properties);
  const additional = parseAdditionalSettings(form.properties.additional_settings);
  // The address the gateway signed; a direct caller (inside the cluster) is its socket's peer.
  const remoteIp =
    req.clientIp ?? (req.incoming?.socket.remoteAddress ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const userAgent = (req.incoming?.headers['user-agent'] ?? '').slice(0, 254);
  const special: SpecialTagValues = {
    site: settings.site,
    remoteIp,
    userAgent,
    url: pageUrl(req),
    submittedAt: new Date(),
    timeZone: siteZone(req),
    invalidFields: 0,
    user: req.user
      ? {
          login: req.user.login,
          email: '',
          url: '',
          firstName: '',
          lastName: '',
          nickname: req.user.login,
          displayName: req.user.name || req.user.login,
        }
      : undefined,
  };
  const mailSubmission: MailSubmission = { tags, posted, files, special };
  /** The form's message for a status as the plugin's filter_message() gives it: mail-tags replaced as plain
   * text, then every tag stripped (no escaping: clients set it as text, so "O'Brien" stays O'Brien). */
  const say = (key: MessageKey) => displayMessage(messageFor(key, messages), mailSubmission);

  if (settingFlag(additional, 'subscribers_only') && !req.user) {
    return { status: 'error', message: 'This contact form is available only for logged in users.', hash: '' };
  }
  // The plugin's order (WPCF7_Submission::proceed): fields, acceptance, spam, then the uploaded files.
  const ctx = { messages, settings: additional, quizSecret: settings.secret };
  const invalid = validateFields(tags, posted, ctx);
  if (invalid.length) return { status: 'validation_failed', message: say('validation_error'), invalid, hash: '' };
  if (acceptanceMissing(tags, posted, additional))
    return { status: 'acceptance_missing', message: say('accept_terms'), hash: '' };
  const prepared = preparePostedData(tags, posted);
  if (
    honeypotFilled(settings.honeypotField, posted) ||
    containsDisallowed(settings.disallowedKeys, prepared, { remoteIp, userAgent }) ||
    (await overRate(req.store, {
      address: remoteIp,
      max: settings.rateMax,
      windowMs: settings.rateWindowMs,
      secret: settings.secret,
    }))
  ) {
    return { status: 'spam', message: say('spam'), hash: '' };
  }
  // A file past the parser's own limit was not kept: it is larger than any the form accepts, whatever else holds.
  const tooLarge = new Set(oversize);
  const badFiles = validateUploads(tags, files, ctx).filter((f) => !tooLarge.has(f.field));
  for (const field of tooLarge) {
    const tag = tags.find((t) => t.name === field && t.basetype === 'file');
    if (tag)
      badFiles.push({
        field,
        message: messageFor('upload_file_too_large', messages),
        idref: optionValue(tag, 'id') ?? null,
      });
  }
  if (badFiles.length)
    return { status: 'validation_failed', message: say('validation_error'), invalid: badFiles, hash: '' };

  const hash = postedDataHash(prepared, { remoteIp, unitTag }, settings.secret);
  const demo = inDemoMode(form);
  const skipMail = demo || settingFlag(additional, 'skip_mail');
  // Composed before anything is stored, so the submission's own write can carry what is to be queued.
  const submissions = new Submissions(req.store);
  special.serialNumber = await submissions.nextSerial(form.id);
  const { messages: toSend, refused } = skipMail
    ? { messages: [], refused: [] }
    : composeMessages({ mail: form.properties.mail, mail_2: form.properties.mail_2 }, mailSubmission);
  // wp_mail refuses `mail` (no valid sender or recipient, an empty body): the plugin's mail_failed, at once.
  const mailRefused = refused.some((r) => r.template === 'mail');
  const stored = await submissions.insert({
    serial_number: special.serialNumber,
    contact_form_id: form.id,
    unit_tag: unitTag,
    status: mailRefused ? 'mail_failed' : skipMail ? 'mail_sent' : 'accepted',
    posted_data: prepared,
    files: files.map((f) => ({
      field: f.field,
      filename: f.filename,
      content_type: f.contentType,
      size: f.content.length,
    })),
    remote_ip: remoteIp,
    user_agent: userAgent,
    url: special.url ?? '',
    user_id: req.user?.id ?? 0,
    posted_data_hash: hash,
    demo_mode: demo,
    date: special.submittedAt.toISOString(),
    queued_mail: mailRefused || skipMail ? null : toSend,
  });
  if (skipMail) return { status: 'mail_sent', message: say('mail_sent_ok'), hash, submissionId: stored.id };

  let sent = false;
  if (!mailRefused) {
    await outbox.enqueue(String(stored.id), toSend);
    sent = await outbox.trySendNow(String(stored.id));
    await submissions.queued(stored.id, sent ? 'mail_sent' : 'mail_failed');
  }
  // Recorded as failed, never retried; a refused mail_2 does not change the answer (the plugin ignores its result).
  for (const r of refused) {
    await outbox.refuse(String(stored.id), r.template === 'mail' ? 0 : 1, r.mail, r.message);
    req.log.warn(
      { contactForm: form.id, submission: stored.id, template: r.template, reason: r.message },
      'submission stored, a mail refused: the form composes no sendable message',
    );
  }
  return sent
    ? { status: 'mail_sent', message: say('mail_sent_ok'), hash, submissionId: stored.id }
    : { status: 'mail_failed', message: say('mail_sent_ng'), hash, submissionId: stored.id };
}

export function feedbackBindings(): Binding[] {
  return [bind(forms.feedbackRoute.endpoints.submit, null, submit, { readBody: readFeedback })];
}
