/**
 * The durable outbox: every message of an accepted submission is stored before it is sent, so a mail the SMTP
 * server did not take is never lost. A worker sends due rows with exponential backoff; pending rows left by an
 * earlier process are picked up at start.
 *
 * Once, as far as SMTP allows: a replica sends a row only while it holds the row's lease (taken atomically in the
 * store, so two replicas never send one row), and marks it sent only after the server accepted the message.
 * The one window left is a crash between the server's "250 OK" and that mark: the row is then sent again when
 * the lease expires, with the same Message-ID, which lets receiving systems drop the copy.
 * A submission's messages go in order: `mail_2` (the autoresponder) only after `mail` went, as in the plugin.
 */
import { randomUUID } from 'node:crypto';
import { backoffMs, DuplicateKeyError, Poller, type Collection, type Store } from '@loom/store';
import { NOT_CONFIGURED, type Mailer } from './mailer';
import type { ComposedMail } from './types';

export const OUTBOX_COLLECTION = 'mail_outbox';

export interface OutboxOptions {
  store: Store;
  mailer: Mailer;
  log?: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
  /** First retry after this (default 30 s), doubling up to retryMaxMs (default 1 h), with up to 20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** After this many attempts a row is `failed` for good (default 10). */
  maxAttempts?: number;
  /** How long one replica owns a row it is sending (default 2 min): longer than any SMTP exchange. */
  leaseMs?: number;
  /** How often the worker looks for due rows (default 5 s). */
  pollMs?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/** One row, as stored. */
export interface OutboxRow {
  [key: string]: unknown;
  /** `<submission id>-<seq>`. */
  id: string;
  /** The submission's id, or `handoff:<key>` for a message another service handed over (handoff.ts). */
  submission_id: string;
  /** Position among the submission's messages (0: mail, 1: mail_2). */
  seq: number;
  message: ComposedMail;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** The Message-ID every attempt uses. */
  message_id: string;
}

/** What an administrator sees of a message (no body, no attachments, no credentials). */
export interface MailState {
  template: string;
  to: string[];
  subject: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
}

/** Attachments by name only: their bytes are not kept once a message is sent (or will never be). */
const withoutBytes = (attachments: ComposedMail['attachments']) =>
  attachments.map((a) => ({ ...a, contentBase64: '' }));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Outbox {
  private readonly rows: Collection<OutboxRow>;
  private readonly owner = randomUUID();
  private readonly now: () => number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly poller: Poller;
  private initialized = false;
  /** Set by stop(): a pass in hand ends after the row it is sending (runTick works before start() too). */
  private stopped = false;

  constructor(private readonly opts: OutboxOptions) {
    this.rows = opts.store.collection<OutboxRow>(OUTBOX_COLLECTION);
    this.now = opts.now ?? Date.now;
    this.retryBaseMs = opts.retryBaseMs ?? 30_000;
    this.retryMaxMs = opts.retryMaxMs ?? 3_600_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.leaseMs = opts.leaseMs ?? 120_000;
    this.poller = new Poller(() => this.pass(), opts.pollMs ?? 5_000);
  }

  /** Creates the indexes. Call once before use (start() calls it too). */
  async init(): Promise<void> {
    if (this.initialized) return;
    await this.rows.ensureIndex({ fields: ['id'], unique: true });
    await this.rows.ensureIndex({ fields: ['submission_id', 'seq'], unique: true });
    await this.rows.ensureIndex({ fields: ['state', 'next_attempt_at'] });
    // The embedded store looks candidates up by single-field indexes only (MongoDB uses the compound ones above).
    await this.rows.ensureIndex({ fields: ['submission_id'] });
    await this.rows.ensureIndex({ fields: ['state'] });
    this.initialized = true;
  }

  /** Stores the submission's messages as pending, in order (idempotent per submission and position). */
  async enqueue(submissionId: string, messages: ComposedMail[]): Promise<void> {
    await this.init();
    for (const [seq, message] of messages.entries()) await this.insertRow(submissionId, seq, message, null);
  }

  /**
   * Records a message wp_mail would have refused (MailComposeError) as `failed` at once, with the reason and no
   * attempt: no retry can make its sender or recipients valid, so it is never sent, only shown to administrators.
   */
  async refuse(submissionId: string, seq: number, message: ComposedMail, reason: string): Promise<void> {
    await this.init();
    await this.insertRow(submissionId, seq, { ...message, attachments: withoutBytes(message.attachments) }, reason);
  }

  private async insertRow(submissionId: string, seq: number, message: ComposedMail, refused: string | null) {
    const now = this.now();
    const id = `${submissionId}-${seq}`;
    const domain = message.from.address.split('@')[1] || 'loom.invalid';
    const row: OutboxRow = {
      id,
      submission_id: submissionId,
      seq,
      message,
      state: refused === null ? 'pending' : 'failed',
      attempts: 0,
      next_attempt_at: now,
      lease_owner: null,
      lease_until: 0,
      last_error: refused,
      created_at: now,
      sent_at: null,
      message_id: `<loom-forms-${id.replace(/[^A-Za-z0-9._-]/g, '')}.${randomUUID()}@${domain}>`,
    };
    try {
      await this.rows.insert(row);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
    }
  }

  /**
   * The first attempt, inline: sends the submission's messages now, in order, the later ones only once the first
   * went. True when the first (`mail`) is sent: the feedback answer's `mail_sent` vs `mail_failed`, as the plugin
   * answers whatever becomes of mail_2. What is not sent stays queued.
   */
  async trySendNow(submissionId: string): Promise<boolean> {
    await this.init();
    const rows = await this.rows.find({ submission_id: submissionId }, { sort: { seq: 1 } });
    if (!rows.length) return false;
    // The answer is the first message's (`mail`): the plugin sends mail_2 only once mail went, and ignores its result.
    let first: boolean | undefined;
    for (const row of rows) {
      let state = await this.process(row, true);
      // Another sender (this process's worker or a replica) holds it: wait for its outcome, briefly.
      for (let waited = 0; state === 'busy' && waited < Math.min(this.leaseMs, 30_000); waited += 50) {
        await sleep(50);
        const fresh = await this.rows.findOne({ id: row.id });
        state = !fresh
          ? 'failed'
          : fresh.state === 'pending' && fresh.lease_until > this.now()
            ? 'busy'
            : fresh.state === 'pending'
              ? 'pending'
              : fresh.state;
      }
      first ??= state === 'sent';
      if (!first) return false;
    }
    return first === true;
  }

  /** The messages of a submission and where each stands. */
  async stateOf(submissionId: string): Promise<MailState[]> {
    await this.init();
    const rows = await this.rows.find({ submission_id: submissionId }, { sort: { seq: 1 } });
    return rows.map((r) => ({
      template: r.message.template,
      to: r.message.to.map((m) => m.address),
      subject: r.message.subject,
      state: r.state,
      attempts: r.attempts,
      last_error: r.last_error,
      next_attempt_at: r.state === 'pending' ? iso(r.next_attempt_at) : null,
      sent_at: iso(r.sent_at),
    }));
  }

  /** Starts the worker; its first pass sends what a previous process left pending. */
  async start(): Promise<void> {
    await this.init();
    this.stopped = false;
    this.poller.start();
  }

  /** Stops the worker and waits for a send in progress (its row is marked before this resolves). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.poller.stop();
  }

  /** One pass of the worker over the due rows (exposed for tests and shutdown hooks). */
  runTick(): Promise<void> {
    return this.poller.run();
  }

  private async pass(): Promise<void> {
    if (!this.opts.mailer.configured) return; // nothing can be sent: rows wait for a configured start
    try {
      const due = await this.rows.find(
        { state: 'pending', next_attempt_at: { $lte: this.now() }, lease_until: { $lte: this.now() } },
        { sort: { next_attempt_at: 1, id: 1 }, limit: 50 },
      );
      for (const row of due) {
        if (this.stopped) break;
        await this.process(row, false);
      }
    } catch (err) {
      this.opts.log?.error({ err: (err as Error).message }, 'mail outbox pass failed');
    }
  }

  private backoff(attempts: number): number {
    return backoffMs(attempts, this.retryBaseMs, this.retryMaxMs);
  }

  /**
   * Claims and sends one row. `first`: the inline attempt, which need not wait for next_attempt_at.
   * Returns the row's state afterwards, or 'busy' when someone else holds its lease.
   */
  private async process(row: OutboxRow, first: boolean): Promise<'sent' | 'failed' | 'pending' | 'busy'> {
    if (row.state !== 'pending') return row.state;
    if (row.seq > 0) {
      const before = await this.rows.findOne({ submission_id: row.submission_id, seq: row.seq - 1 });
      if (before && before.state === 'failed') {
        await this.rows.updateOne(
          { id: row.id, state: 'pending' },
          { $set: { state: 'failed', last_error: `not sent: ${before.message.template} failed` } },
        );
        return 'failed';
      }
      if (before && before.state !== 'sent') return 'pending';
    }
    const now = this.now();
    if (!this.opts.mailer.configured) {
      // No SMTP server to try: the row waits, untouched but for the reason, until one is configured.
      if (row.last_error !== NOT_CONFIGURED)
        await this.rows.updateOne({ id: row.id, state: 'pending' }, { $set: { last_error: NOT_CONFIGURED } });
      return 'pending';
    }
    const claim = await this.rows.updateOne(
      {
        id: row.id,
        state: 'pending',
        lease_until: { $lte: now },
        ...(first ? {} : { next_attempt_at: { $lte: now } }),
      },
      { $set: { lease_owner: this.owner, lease_until: now + this.leaseMs }, $inc: { attempts: 1 } },
    );
    if (!claim) {
      const fresh = await this.rows.findOne({ id: row.id });
      if (!fresh) return 'failed';
      return fresh.state === 'pending' ? (fresh.lease_until > now ? 'busy' : 'pending') : fresh.state;
    }
    const result = await this.opts.mailer.send(claim.message, { messageId: claim.message_id });
    const mine = { id: row.id, lease_owner: this.owner };
    if (result.ok) {
      await this.rows.updateOne(mine, {
        $set: {
          state: 'sent',
          sent_at: this.now(),
          lease_owner: null,
          lease_until: 0,
          last_error: null,
          // Sent: the attachments' bytes are no longer needed (their names stay).
          'message.attachments': withoutBytes(claim.message.attachments),
        },
      });
      this.opts.log?.info(
        { submission: row.submission_id, template: claim.message.template, attempts: claim.attempts },
        'mail sent',
      );
      return 'sent';
    }
    const giveUp = result.permanent || claim.attempts >= this.maxAttempts;
    await this.rows.updateOne(mine, {
      $set: {
        state: giveUp ? 'failed' : 'pending',
        next_attempt_at: giveUp ? claim.next_attempt_at : this.now() + this.backoff(claim.attempts),
        lease_owner: null,
        lease_until: 0,
        last_error: result.error,
      },
    });
    this.opts.log?.warn(
      {
        submission: row.submission_id,
        template: claim.message.template,
        attempts: claim.attempts,
        error: result.error,
        final: giveUp,
      },
      'mail not sent',
    );
    return giveUp ? 'failed' : 'pending';
  }
}
