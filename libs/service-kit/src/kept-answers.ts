/**
 * Answers kept in memory by key, bounded in count and in bytes of their bodies: past either bound the oldest kept
 * go first (every answer is kept for the same reasons, so the oldest is the likeliest to be stale or unasked).
 * Used by core-content's and the gateway's answer caches (issue 17).
 */
export class KeptAnswers<A extends { body: Buffer }> {
  private readonly answers = new Map<string, A>();
  private bytes = 0;

  constructor(
    private readonly maxAnswers: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.answers.size;
  }

  get(key: string): A | undefined {
    return this.answers.get(key);
  }

  set(key: string, a: A): void {
    this.delete(key);
    while (this.answers.size && (this.answers.size >= this.maxAnswers || this.bytes + a.body.length > this.maxBytes)) {
      this.delete(this.answers.keys().next().value as string);
    }
    this.answers.set(key, a);
    this.bytes += a.body.length;
  }

  delete(key: string): void {
    const a = this.answers.get(key);
    if (!a) return;
    this.answers.delete(key);
    this.bytes -= a.body.length;
  }

  clear(): void {
    this.answers.clear();
    this.bytes = 0;
  }
}
