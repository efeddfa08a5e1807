/**
 * The outbox: a bounded durable queue of change notifications on disk, and the loop that publishes them in
 * order to JetStream.
 *
 * On disk (`DATA_DIR/gateway/outbox`): one append-only JSON-lines segment `<generation>.jsonl` and
 * `cursor.json` ({generation, offset}: the byte offset up to which lines were acknowledged by JetStream). A
 * notification is written to the segment (write(2), synchronously) before `push` returns, so a crash of the
 * process loses nothing; the segment is fdatasync'ed asynchronously right after (coalesced per event-loop turn),
 * so a host crash may lose the last few milliseconds of notifications. The cursor is rewritten after every
 * acknowledgement without fsync: after a crash a few acknowledged notifications may be published again, which
 * JetStream discards as duplicates (same `Nats-Msg-Id` within the stream's 2-minute duplicate window).
 * When everything is acknowledged (or the acknowledged prefix passes 8 MiB while at most 1 MiB is pending), the
 * pending tail is copied into a new generation and the old segment removed. Only offsets are kept in memory.
 */
import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { nanos, StorageType, type JetStreamClient, type NatsConnection } from 'nats';
import { CHANGES_STREAM, CHANGES_SUBJECT_PREFIX, changeSubject, type ChangeNotification } from '@loom/contracts';
import { connectNats, type Logger } from '@loom/service-kit';

const SEGMENT = /^(\d+)\.jsonl$/;
const COMPACT_ACKED_BYTES = 8 * 1024 * 1024;
const COMPACT_PENDING_BYTES = 1024 * 1024;

export class DiskQueue {
  private fd: number;
  private gen: number;
  /** File size of the current segment. */
  private size = 0;
  /** [offset, length] of each pending line, from `head`. */
  private offsets: number[] = [];
  private lengths: number[] = [];
  private head = 0;
  private acked = 0;
  private syncing = false;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {
    mkdirSync(dir, { recursive: true });
    const gens: number[] = [];
    for (const f of readdirSync(dir)) {
      const m = SEGMENT.exec(f);
      if (m) gens.push(Number(m[1]));
      else if (f.endsWith('.tmp')) unlinkSync(join(dir, f));
    }
    this.gen = gens.length ? Math.max(...gens) : 0;
    for (const g of gens) if (g !== this.gen) unlinkSync(this.segmentPath(g));
    let offset = 0;
    try {
      const c = JSON.parse(readFileSync(this.cursorPath, 'utf8')) as { generation?: unknown; offset?: unknown };
      if (c.generation === this.gen && typeof c.offset === 'number') offset = c.offset;
    } catch {
      // no cursor yet (or unreadable): everything in the segment is pending
    }
    this.fd = openSync(this.segmentPath(this.gen), 'a+');
    const data = existsSync(this.segmentPath(this.gen)) ? readFileSync(this.segmentPath(this.gen)) : Buffer.alloc(0);
    if (offset > data.length) offset = 0;
    // A line cut short by a crash mid-write is dropped (it was never acknowledged to anyone as durable).
    const end = data.lastIndexOf(0x0a) + 1;
    if (end < data.length) {
      log.warn({ bytes: data.length - end }, 'outbox: dropping an incomplete last line');
      ftruncateSync(this.fd, end);
    }
    this.size = end;
    this.acked = Math.min(offset, end);
    let pos = this.acked;
    while (pos < end) {
      const nl = data.indexOf(0x0a, pos);
      this.offsets.push(pos);
      this.lengths.push(nl + 1 - pos);
      pos = nl + 1;
    }
  }

  private segmentPath(gen: number) {
    return join(this.dir, `${String(gen).padStart(12, '0')}.jsonl`);
  }

  private get cursorPath() {
    return join(this.dir, 'cursor.json');
  }

  /** Notifications waiting for an acknowledgement. */
  get pending(): number {
    return this.offsets.length - this.head;
  }

  push(n: ChangeNotification): void {
    if (this.closed) throw new Error('outbox closed');
    const line = Buffer.from(`${JSON.stringify(n)}\n`, 'utf8');
    writeSync(this.fd, line);
    this.offsets.push(this.size);
    this.lengths.push(line.length);
    this.size += line.length;
    this.scheduleSync();
  }

  private scheduleSync() {
    if (this.syncing) return;
    this.syncing = true;
    setImmediate(() => {
      if (this.closed) return;
      fdatasync(this.fd, (err) => {
        this.syncing = false;
        if (err && !this.closed) this.log.warn({ err }, 'outbox: fdatasync failed');
      });
    });
  }

  /** The oldest pending notification (null when a line cannot be parsed: call ack() to skip it). */
  peek(): ChangeNotification | null | undefined {
    if (this.pending === 0) return undefined;
    const len = this.lengths[this.head];
    const buf = Buffer.alloc(len);
    readSync(this.fd, buf, 0, len, this.offsets[this.head]);
    try {
      return JSON.parse(buf.toString('utf8')) as ChangeNotification;
    } catch {
      this.log.error({ offset: this.offsets[this.head] }, 'outbox: unreadable line skipped');
      return null;
    }
  }

  /** The oldest pending notification was acknowledged. */
  ack(): void {
    if (this.pending === 0) return;
    this.acked = this.offsets[this.head] + this.lengths[this.head];
    this.head++;
    writeFileSync(this.cursorPath, JSON.stringify({ generation: this.gen, offset: this.acked }));
    const pendingBytes = this.size - this.acked;
    if (pendingBytes === 0 || (this.acked >= COMPACT_ACKED_BYTES && pendingBytes <= COMPACT_PENDING_BYTES))
      this.compact();
    else if (this.head > 4096 && this.head * 2 > this.offsets.length) {
      this.offsets = this.offsets.slice(this.head);
      this.lengths = this.lengths.slice(this.head);
      this.head = 0;
    }
  }

  /** Moves the pending tail into a new generation; a crash at any point leaves a consistent pair. */
  private compact(): void {
    const tail = Buffer.alloc(this.size - this.acked);
    if (tail.length) readSync(this.fd, tail, 0, tail.length, this.acked);
    const next = this.gen + 1;
    const tmp = `${this.segmentPath(next)}.tmp`;
    const tfd = openSync(tmp, 'w');
    if (tail.length) writeSync(tfd, tail);
    fsyncSync(tfd);
    closeSync(tfd);
    renameSync(tmp, this.segmentPath(next));
    writeFileSync(this.cursorPath, JSON.stringify({ generation: next, offset: 0 }));
    closeSync(this.fd);
    unlinkSync(this.segmentPath(this.gen));
    this.gen = next;
    this.fd = openSync(this.segmentPath(next), 'a+');
    const base = this.acked;
    this.offsets = this.offsets.slice(this.head).map((o) => o - base);
    this.lengths = this.lengths.slice(this.head);
    this.head = 0;
    this.size -= base;
    this.acked = 0;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
    }
  }
}

export interface PublisherOptions {
  url: string;
  queue: DiskQueue;
  log: Logger;
  /** Called after each acknowledged publish. */
  onPublished(): void;
  /** Retry delays while NATS is unreachable: from minMs, doubling, up to maxMs. */
  retry?: { minMs: number; maxMs: number };
  /** Time limit of one publish acknowledgement. */
  publishTimeoutMs?: number;
}

export interface Publisher {
  /** Something was pushed: publish it soon. */
  wake(): void;
  /** Whether the connection to NATS is up right now. */
  connected(): boolean;
  close(): Promise<void>;
}

/** Ensures the stream over `loom.changes.>` exists (file storage, 2-minute duplicate window); leaves an existing one alone. */
export async function ensureStream(nc: NatsConnection, log: Logger): Promise<void> {
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.streams.info(CHANGES_STREAM);
  } catch (err) {
    if ((err as { code?: string }).code !== '404' && !/stream not found/i.test(String((err as Error).message)))
      throw err;
    await jsm.streams.add({
      name: CHANGES_STREAM,
      subjects: [`${CHANGES_SUBJECT_PREFIX}.>`],
      storage: StorageType.File,
      duplicate_window: nanos(2 * 60 * 1000),
    });
    log.info({ stream: CHANGES_STREAM }, 'created the change notifications stream');
  }
}

/** Publishes the queue's notifications one at a time, in order, each acknowledged by JetStream before the next. */
export function startPublisher(opts: PublisherOptions): Publisher {
  const { url, queue, log } = opts;
  const retry = opts.retry ?? { minMs: 200, maxMs: 5000 };
  const timeout = opts.publishTimeoutMs ?? 5000;
  let closed = false;
  let nc: NatsConnection | undefined;
  let js: JetStreamClient | undefined;
  let streamReady = false;
  let up = false;
  let wakeUp: (() => void) | undefined;
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      sleeping = { timer: setTimeout(resolve, ms), resolve };
    }).finally(() => (sleeping = undefined));
  const idle = () => new Promise<void>((resolve) => (wakeUp = resolve)).finally(() => (wakeUp = undefined));

  const watch = async (conn: NatsConnection) => {
    for await (const s of conn.status()) {
      if (s.type === 'disconnect') {
        up = false;
        log.warn({ pending: queue.pending }, 'NATS connection lost: notifications are kept in the outbox');
      } else if (s.type === 'reconnect') {
        up = true;
        log.info({ pending: queue.pending }, 'NATS connection back');
      }
    }
  };

  const loop = async () => {
    let delay = retry.minMs;
    let failing = false;
    const fail = async (err: unknown, what: string) => {
      if (!failing) log.warn({ err: (err as Error)?.message ?? String(err), pending: queue.pending }, what);
      failing = true;
      if (closed) return;
      await sleep(delay);
      delay = Math.min(delay * 2, retry.maxMs);
    };
    while (!closed) {
      if (!nc) {
        try {
          const conn = await connectNats(url, 'loom-gateway');
          if (closed) {
            await conn.close();
            break;
          }
          nc = conn;
          js = conn.jetstream({ timeout });
          up = true;
          void watch(conn).catch(() => undefined);
          log.info({ pending: queue.pending }, 'connected to NATS');
        } catch (err) {
          await fail(err, 'NATS is unreachable: notifications are kept in the outbox');
          continue;
        }
      }
      if (!streamReady) {
        try {
          await ensureStream(nc, log);
          streamReady = true;
        } catch (err) {
          await fail(err, 'could not ensure the change notifications stream');
          continue;
        }
      }
      const n = queue.peek();
      if (n === undefined) {
        await idle();
        continue;
      }
      if (n === null) {
        queue.ack();
        continue;
      }
      try {
        await js!.publish(changeSubject(n.namespace, n.resource), Buffer.from(JSON.stringify(n), 'utf8'), {
          msgID: n.event_id,
          timeout,
        });
        queue.ack();
        opts.onPublished();
        if (failing) log.info({ pending: queue.pending }, 'publishing notifications again');
        failing = false;
        delay = retry.minMs;
      } catch (err) {
        // No stream (e.g. a NATS whose storage was wiped): ensure it again before the retry.
        if (
          /503|no responders|stream not found/i.test(
            String((err as { code?: string }).code ?? '') + String((err as Error).message),
          )
        )
          streamReady = false;
        await fail(err, 'publishing a notification failed: retrying');
      }
    }
  };

  const done = loop().catch((err: unknown) => log.error({ err }, 'notification publisher stopped'));

  return {
    wake() {
      wakeUp?.();
    },
    connected: () => up && !!nc && !nc.isClosed(),
    async close() {
      closed = true;
      wakeUp?.();
      if (sleeping) {
        clearTimeout(sleeping.timer);
        sleeping.resolve();
      }
      const conn = nc;
      if (conn && !conn.isClosed()) await conn.close().catch(() => undefined);
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}
