/**
 * Answer-cache coordination of several gateway replicas over NATS (coordination.ts says what is promised).
 *
 * - Presence: every replica publishes `{id, knows}` every HEARTBEAT_MS on PRESENCE_SUBJECT, `knows` listing the
 *   replicas it has heard from. A replica replays only while (a) it has received its own last heartbeat back
 *   within LEASE_MS, so it is reading NATS up to date, (b) every replica it knows has been heard within LEASE_MS
 *   and lists it, so every flush will wait for its acknowledgement.
 * - Flushes: `flush(scope)` publishes the scope on FLUSH_SUBJECT and waits until every known replica has answered
 *   (each empties its answers of that scope first), or LEASE_MS + HEARTBEAT_MS after NATS has the message: a replica
 *   that did not answer by then has received a later heartbeat of its own only after that message (one NATS server
 *   delivers in order), so it emptied them, or lost its lease and stopped replaying.
 * - A replica that starts replays only after two heartbeats (it has heard every running replica) and once all of
 *   them list it.
 * - A replica that stops (SIGTERM) says `leave`; one that vanishes is forgotten after FORGET_MS, and until then
 *   the others do not replay.
 * The one case left open: a replica cut off from NATS for longer than FORGET_MS while the others are not. Its
 * flushes reach the others when it reconnects (the client keeps them); until then their cached answers can be older
 * than its writes, at most LOOM_GATEWAY_CACHE_MAX_AGE_MS.
 */
import { randomBytes } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import { connectNats, type Logger } from '@loom/service-kit';
import { LocalCoordination } from './coordination';

export const PRESENCE_SUBJECT = 'loom.gateway.answers.presence';
export const FLUSH_SUBJECT = 'loom.gateway.answers.flush';

export interface ClusterTiming {
  heartbeatMs: number;
  leaseMs: number;
  forgetMs: number;
}

export const DEFAULT_TIMING: ClusterTiming = { heartbeatMs: 200, leaseMs: 700, forgetMs: 30_000 };

type Presence = { id: string; knows: string[]; leave?: true };
type FlushMessage = { id: string; f: number; scope: string };

interface Peer {
  seen: number;
  knowsMe: boolean;
}

const codec = JSONCodec<unknown>();

export class ClusterCoordination extends LocalCoordination {
  readonly id = randomBytes(8).toString('hex');
  private nc: NatsConnection | undefined;
  private readonly peers = new Map<string, Peer>();
  private lastEcho = -Infinity;
  private startedAt = Infinity;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  private flushes = 0;

  constructor(
    private readonly natsUrl: string,
    private readonly log: Logger,
    private readonly timing: ClusterTiming = DEFAULT_TIMING,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** Connects and starts the heartbeat; replays begin once the lease holds (a few heartbeats later). */
  async start(): Promise<void> {
    this.nc = await connectNats(this.natsUrl, `loom-gateway-answers-${this.id}`);
    this.nc.subscribe(PRESENCE_SUBJECT, {
      callback: (err, m) => !err && this.onPresence(codec.decode(m.data) as Presence),
    });
    this.nc.subscribe(FLUSH_SUBJECT, {
      callback: (err, m) => {
        if (err) return;
        const msg = codec.decode(m.data) as FlushMessage;
        if (msg?.id === this.id || typeof msg?.scope !== 'string') return;
        this.purge(msg.scope);
        if (m.reply) m.respond(codec.encode(this.id));
      },
    });
    await this.nc.flush();
    this.startedAt = this.now();
    this.heartbeat = setInterval(() => this.beat(), this.timing.heartbeatMs);
    this.heartbeat.unref();
    this.beat();
  }

  private beat(): void {
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    const now = this.now();
    for (const [id, p] of this.peers) if (now - p.seen > this.timing.forgetMs) this.peers.delete(id);
    nc.publish(PRESENCE_SUBJECT, codec.encode({ id: this.id, knows: [...this.peers.keys()] } satisfies Presence));
  }

  private onPresence(p: Presence): void {
    if (typeof p?.id !== 'string') return;
    if (p.id === this.id) return void (this.lastEcho = this.now());
    if (p.leave) return void this.peers.delete(p.id);
    this.peers.set(p.id, { seen: this.now(), knowsMe: Array.isArray(p.knows) && p.knows.includes(this.id) });
  }

  override mayServe(): boolean {
    if (this.closed || !this.nc || this.nc.isClosed()) return false;
    const now = this.now();
    if (now - this.lastEcho > this.timing.leaseMs) return false;
    // Not before every running replica has been heard once (they beat every heartbeatMs) and, below, lists us.
    if (now - this.startedAt < 2 * this.timing.heartbeatMs) return false;
    for (const p of this.peers.values()) if (!p.knowsMe || now - p.seen > this.timing.leaseMs) return false;
    return true;
  }

  override async flush(scope: string): Promise<void> {
    await super.flush(scope);
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    const waitFor = new Set(this.peers.keys());
    const f = ++this.flushes;
    const inbox = nc.subscribe(`_INBOX.${this.id}.${f}`);
    nc.publish(FLUSH_SUBJECT, codec.encode({ id: this.id, f, scope } satisfies FlushMessage), {
      reply: inbox.getSubject(),
    });
    if (waitFor.size === 0) return void inbox.unsubscribe();
    const acked = (async () => {
      for await (const m of inbox) {
        waitFor.delete(codec.decode(m.data) as string);
        if (waitFor.size === 0) break;
      }
    })();
    const deadline = nc
      .flush()
      .catch(() => undefined)
      .then(
        () =>
          new Promise<void>((resolve) => setTimeout(resolve, this.timing.leaseMs + this.timing.heartbeatMs).unref()),
      );
    await Promise.race([acked, deadline]);
    if (waitFor.size > 0)
      this.log.warn(
        { replicas: [...waitFor] },
        'answer cache: gateway replicas did not acknowledge a flush in time; waited out their lease',
      );
    inbox.unsubscribe();
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    nc.publish(PRESENCE_SUBJECT, codec.encode({ id: this.id, knows: [], leave: true } satisfies Presence));
    // Drained within a bound: with NATS gone the client would otherwise keep reconnecting, and the process alive.
    const bound = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([nc.drain().catch(() => undefined), bound]);
    if (!nc.isClosed()) await nc.close().catch(() => undefined);
  }
}
