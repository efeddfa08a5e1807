/**
 * Loom's own GET /formsA/v1/submissions (and `/<id>`): the stored submissions, newest first, with where each of
 * their messages stands in the outbox (pending, sent, failed). Administrators only (`manage_options`): they hold
 * what people sent.
 */
import * as forms from '../contracts';
import {
  bindResource,
  can,
  forbidden,
  paginationHeaders,
  wpError,
  type Binding,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { OUTBOX_COLLECTION, type MailState } from '../mail';
import { formsOf } from '../context';
import { Submissions, type SubmissionDoc } from './repository';

const R = forms.submissionRoutes;

const mayRead = (req: RestRequest) =>
  can(req.user, 'manage_options')
    ? true
    : forbidden(req.user, 'rest_forbidden', 'Sorry, you are not allowed to list submissions.');

function submissionJson(doc: SubmissionDoc, mail: MailState[]) {
  return {
    id: doc.id,
    contact_form_id: doc.contact_form_id,
    date_gmt: doc.date.slice(0, 19),
    status: doc.status,
    posted_data: doc.posted_data,
    files: doc.files,
    remote_ip: doc.remote_ip,
    user_agent: doc.user_agent,
    url: doc.url,
    user_id: doc.user_id,
    unit_tag: doc.unit_tag,
    serial_number: doc.serial_number,
    posted_data_hash: doc.posted_data_hash,
    demo_mode: doc.demo_mode,
    mail,
  };
}

async function list(req: RequestOf<typeof R.collection.endpoints.list>) {
  const p = req.params;
  const { outbox } = formsOf(req.config);
  let ids: number[] | undefined;
  if (p.mail_state) {
    const rows = await req.store.collection(OUTBOX_COLLECTION).find({ state: p.mail_state });
    ids = [...new Set(rows.map((r) => Number(r.submission_id)).filter(Number.isInteger))];
  }
  const { items, total } = await new Submissions(req.store).page({
    page: p.page,
    perPage: p.per_page,
    contactForm: p.contact_form,
    ids,
  });
  const body = await Promise.all(items.map(async (d) => submissionJson(d, await outbox.stateOf(String(d.id)))));
  return {
    body,
    headers: paginationHeaders(
      { total, perPage: p.per_page, page: p.page },
      `${req.config.restUrl}/${forms.FORMS_A}/submissions`,
      req.rawQuery,
    ),
  };
}

async function read(req: RequestOf<typeof R.item.endpoints.read>) {
  const doc = await new Submissions(req.store).get(Number(req.params.id));
  if (!doc) throw wpError('loom_submission_not_found');
  return { body: submissionJson(doc, await formsOf(req.config).outbox.stateOf(String(doc.id))) };
}

export function submissionBindings(): Binding[] {
  return bindResource(R, { list: [mayRead, list], read: [mayRead, read] });
}
