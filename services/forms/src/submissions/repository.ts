/**
 * Stored submissions (collection `submissions`): every submission that passed validation and the spam rules is
 * written here before its mail is attempted, so that none is lost when mail cannot go out.
 */
import { pageWindow } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { PostedData } from '../form-tags';
import type { ComposedMail, Outbox } from '../mail';

export const SUBMISSIONS = 'submissions';

export type SubmissionDoc = {
  id: number;
  contact_form_id: number;
  unit_tag: string;
  /** `mail_sent`, `mail_failed` (also when wp_mail would refuse the mail), or `accepted` while it is being attempted. */
  status: string;
  /** The prepared posted data (pipes applied), field by field. */
  posted_data: PostedData;
  files: { field: string; filename: string; content_type: string; size: number }[];
  remote_ip: string;
  user_agent: string;
  url: string;
  user_id: number;
  posted_data_hash: string;
  serial_number: number;
  demo_mode: boolean;
  date: string;
  /**
   * The composed mail, kept in the submission's own write until it is in the outbox: a process that dies between
   * the two writes loses nothing, since the next start queues it (queueLeftovers). Cleared once queued.
   */
  queued_mail?: ComposedMail[] | null;
};

export async function ensureSubmissionIndexes(store: Store): Promise<void> {
  const c = store.collection(SUBMISSIONS);
  await c.ensureIndex({ fields: ['id'], unique: true });
  await c.ensureIndex({ fields: ['contact_form_id'] });
  // queueLeftovers() looks for `accepted` ones at every start: an index, not a walk of every submission.
  await c.ensureIndex({ fields: ['status'] });
}

export class Submissions {
  constructor(private readonly store: Store) {}

  private get col() {
    return this.store.collection<SubmissionDoc>(SUBMISSIONS);
  }

  /** `[_serial_number]`: the plugin counts submissions per form. */
  nextSerial(contactFormId: number): Promise<number> {
    return this.store.nextId(`submissions_of_${contactFormId}`);
  }

  async insert(doc: Omit<SubmissionDoc, 'id'>): Promise<SubmissionDoc> {
    return this.col.insert({ ...doc, id: await this.store.nextId('submissions') });
  }

  /** The submission's mail is in the outbox: its copy in the submission goes (with the status the answer gave). */
  queued(id: number, status: string): Promise<SubmissionDoc | null> {
    return this.col.updateOne({ id }, { $set: { status, queued_mail: null } });
  }

  /** Queues the mail of submissions stored by a process that stopped before queueing it (idempotent per message). */
  async queueLeftovers(outbox: Outbox): Promise<number> {
    const left = await this.col.find({ status: 'accepted', queued_mail: { $exists: true, $ne: null } });
    for (const doc of left) {
      await outbox.enqueue(String(doc.id), doc.queued_mail ?? []);
      await this.col.updateOne(
        { id: doc.id, status: 'accepted' },
        { $set: { status: 'mail_failed', queued_mail: null } },
      );
    }
    return left.length;
  }

  setStatus(id: number, status: string): Promise<SubmissionDoc | null> {
    return this.col.updateOne({ id }, { $set: { status } });
  }

  get(id: number): Promise<SubmissionDoc | null> {
    return this.col.findOne({ id });
  }

  async page(q: {
    page: number;
    perPage: number;
    contactForm?: number;
    ids?: number[];
  }): Promise<{ items: SubmissionDoc[]; total: number }> {
    const filter: Record<string, unknown> = {};
    if (q.contactForm !== undefined) filter.contact_form_id = q.contactForm;
    if (q.ids) filter.id = { $in: q.ids };
    // pageWindow keeps a page past any real collection (page=1e308) a safe offset: it answers [] as the last page.
    const { offset } = pageWindow({ page: q.page, per_page: q.perPage });
    const [items, total] = await Promise.all([
      this.col.find(filter, { sort: { id: -1 }, skip: offset, limit: q.perPage }),
      this.col.count(filter),
    ]);
    return { items, total };
  }
}
