/**
 * The timing of a store-backed worker (the forms outbox, the work queue): a pass now and then every `pollMs` while
 * started, one pass at a time (a call during a pass makes it run once more after, so nothing new waits a poll), and
 * a stop that waits for the pass in hand, so that what it was doing is stored before the process goes on.
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;
  private again = false;
  private running = false;

  /** `pass` does one round of work; it reads `stopped` between items, and must not throw. */
  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  get stopped(): boolean {
    return !this.running;
  }

  start(): void {
    this.running = true;
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), this.pollMs);
    this.timer.unref();
    void this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
  }

  /** One pass (exposed for tests and shutdown hooks), or the one in hand followed by another. */
  async run(): Promise<void> {
    if (this.tick) {
      this.again = true;
      return this.tick;
    }
    this.tick = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && this.running);
    })();
    try {
      await this.tick;
    } finally {
      this.tick = null;
    }
  }
}

/** The wait before attempt `attempts + 1`: base·2^(attempts−1), capped at `max`, minus up to 20 % jitter. */
export function backoffMs(attempts: number, base: number, max: number): number {
  const raw = Math.min(max, base * 2 ** Math.min(30, attempts - 1));
  return Math.max(1, Math.round(raw * (1 - 0.2 * Math.random())));
}
