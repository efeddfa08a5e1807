/**
 * A durable work queue in one collection: a job is stored before anything is tried, so a process that stops (or a
 * peer that is down) loses nothing. A worker hands due jobs to `handle`, retries failures with exponential backoff,
 * and deletes a job once it is done.
 *
 * One replica at a time: a job is handled only under a lease taken atomically in the store (a conditional
 * update), so replicas sharing the store never handle one job together. A process that stops mid-job leaves a
 * lease that expires, and the job is tried again: `handle` must be idempotent by the job's id (at least once).
 */
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Collection, type Store } from './port';
import { backoffMs, Poller } from './poller';

/** A job as stored. Done jobs are deleted; `failed` ones stay, for an operator to see. */
export interface QueuedJob<T> {
  [key: string]: unknown;
  id: string;
  payload: T;
  state: 'pending' | 'failed';
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number;
  last_error: string | null;
  created_at: number;
}

/** What one attempt came to: done, or not (`permanent`: retrying cannot help; the job is `failed` at once). */
export type JobOutcome = { done: true } | { done: false; error: string; permanent?: boolean };

interface QueueLog {
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

export interface WorkQueueOptions<T> {
  store: Store;
  collection: string;
  /** One attempt at a job. A throw counts as a failure to retry. */
  handle(payload: T, id: string): Promise<JobOutcome>;
  log?: QueueLog;
  /** First retry after this (default 1 s), doubling up to retryMaxMs (default 5 min), minus up to 20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts before a job is `failed` for good (default 1000: days at the maximum backoff). */
  maxAttempts?: number;
  /** How long one replica owns a job it is handling (default 1 min): longer than any attempt. */
  leaseMs?: number;
  /** How often the worker looks for due jobs (default 5 s); enqueue() wakes it at once. */
  pollMs?: number;
  now?: () => number;
}

export class WorkQueue<T> {
  private readonly jobs: Collection<QueuedJob<T>>;
  private readonly owner = randomUUID();
  private readonly now: () => number;
  private readonly poller: Poller;
  private initialized = false;

  constructor(private readonly opts: WorkQueueOptions<T>) {
    this.jobs = opts.store.collection<QueuedJob<T>>(opts.collection);
    this.now = opts.now ?? Date.now;
    this.poller = new Poller(() => this.pass(), opts.pollMs ?? 5000);
  }

  async init(): Promise<void> {
    if (this.initialized) return;
    await this.jobs.ensureIndex({ fields: ['id'], unique: true });
    await this.jobs.ensureIndex({ fields: ['state'] });
    this.initialized = true;
  }

  /** Stores a job as pending (once per id: enqueueing an id again changes nothing) and wakes the worker. */
  async enqueue(id: string, payload: T): Promise<void> {
    await this.init();
    const now = this.now();
    try {
      await this.jobs.insert({
        id,
        payload,
        state: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_until: 0,
        last_error: null,
        created_at: now,
      });
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
    }
    if (!this.poller.stopped) setImmediate(() => void this.runTick());
  }

  /** Jobs waiting to be done (not the failed ones). */
  async pending(): Promise<number> {
    await this.init();
    return this.jobs.count({ state: 'pending' });
  }

  /** Starts the worker; its first pass takes what an earlier process left. */
  async start(): Promise<void> {
    await this.init();
    this.poller.start();
  }

  /** Stops the worker and waits for the job in hand (its outcome is stored before this resolves). */
  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** One pass over the due jobs; a call during a pass makes it run once more after (so no new job waits a poll). */
  async runTick(): Promise<void> {
    // The store closed under the worker (its process or app is stopping): the worker ends with it.
    if (!this.opts.store.isOpen()) return this.stop();
    return this.poller.run();
  }

  private async pass(): Promise<void> {
    try {
      const now = this.now();
      const due = await this.jobs.find(
        { state: 'pending', next_attempt_at: { $lte: now }, lease_until: { $lte: now } },
        { sort: { next_attempt_at: 1, id: 1 }, limit: 50 },
      );
      for (const job of due) {
        if (this.poller.stopped) break;
        await this.attempt(job.id);
      }
    } catch (err) {
      this.opts.log?.error({ err: (err as Error).message, queue: this.opts.collection }, 'work queue pass failed');
    }
  }

  private backoff(attempts: number): number {
    return backoffMs(attempts, this.opts.retryBaseMs ?? 1000, this.opts.retryMaxMs ?? 300_000);
  }

  private async attempt(id: string): Promise<void> {
    const now = this.now();
    const claimed = await this.jobs.updateOne(
      { id, state: 'pending', next_attempt_at: { $lte: now }, lease_until: { $lte: now } },
      { $set: { lease_owner: this.owner, lease_until: now + (this.opts.leaseMs ?? 60_000) }, $inc: { attempts: 1 } },
    );
    if (!claimed) return; // another replica took it meanwhile
    let outcome: JobOutcome;
    try {
      outcome = await this.opts.handle(claimed.payload, id);
    } catch (err) {
      outcome = { done: false, error: (err as Error).message ?? String(err) };
    }
    const mine = { id, lease_owner: this.owner };
    if (outcome.done) {
      await this.jobs.deleteOne(mine);
      return;
    }
    const giveUp = outcome.permanent === true || claimed.attempts >= (this.opts.maxAttempts ?? 1000);
    await this.jobs.updateOne(mine, {
      $set: {
        state: giveUp ? 'failed' : 'pending',
        next_attempt_at: this.now() + this.backoff(claimed.attempts),
        lease_owner: null,
        lease_until: 0,
        last_error: outcome.error.slice(0, 500),
      },
    });
    const log = { queue: this.opts.collection, id, attempts: claimed.attempts, error: outcome.error, final: giveUp };
    if (giveUp) this.opts.log?.error(log, 'job failed for good');
    else this.opts.log?.warn(log, 'job not done: retrying');
  }
}
