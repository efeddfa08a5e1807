/**
 * How the gateway replicas keep their answer caches right together. Each write forwarded by a replica is bracketed:
 * `writeBegins` resolves once no replica can replay or keep an answer made before the write (the write is then
 * forwarded), and `writeEnds` (after its service answered) lets them cache again, emptied. While any write is in
 * flight, no replica replays: the next read through any replica after a write's answer sees the write.
 *
 * The local coordination is for one gateway replica (no NATS); cluster.ts coordinates replicas over NATS.
 */
export interface Coordination {
  /** Whether answers may be replayed and kept right now. */
  mayServe(): boolean;
  /** Called to empty the cache (a write began or ended, here or on another replica). */
  onPurge(listener: () => void): void;
  writeBegins(): Promise<WriteToken>;
  /** Once the write's service has answered (not when it failed to: then the write's deadline ends it). */
  writeEnds(token: WriteToken): void;
  close(): Promise<void>;
}

export type WriteToken = number;

/**
 * Writes in flight by deadline: one whose end is never heard of (its client left, its service did not answer, the
 * replica forwarding it died) stops holding the cache back at its deadline, and its expiry empties the cache as
 * an end would: the write may have been made meanwhile.
 */
export class InFlight {
  private readonly writes = new Map<string, number>();

  constructor(
    private readonly onExpiry: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  add(id: string, deadline: number): void {
    this.writes.set(id, deadline);
  }

  delete(id: string): void {
    this.writes.delete(id);
  }

  get empty(): boolean {
    if (this.writes.size === 0) return true;
    const now = this.now();
    let expired = false;
    for (const [id, deadline] of this.writes) if (deadline <= now) expired = this.writes.delete(id);
    if (expired) this.onExpiry();
    return this.writes.size === 0;
  }
}

export class LocalCoordination implements Coordination {
  private readonly listeners: (() => void)[] = [];
  protected readonly inFlight: InFlight;
  private next = 0;

  constructor(
    protected readonly writeTimeoutMs: number,
    protected readonly now: () => number = Date.now,
  ) {
    this.inFlight = new InFlight(() => this.purge(), now);
  }

  mayServe(): boolean {
    return this.inFlight.empty;
  }

  onPurge(listener: () => void): void {
    this.listeners.push(listener);
  }

  protected purge(): void {
    for (const l of this.listeners) l();
  }

  async writeBegins(): Promise<WriteToken> {
    const token = ++this.next;
    this.inFlight.add(String(token), this.now() + this.writeTimeoutMs);
    this.purge();
    return token;
  }

  writeEnds(token: WriteToken): void {
    this.inFlight.delete(String(token));
    this.purge();
  }

  async close(): Promise<void> {}
}
