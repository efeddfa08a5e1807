/**
 * A seeded pseudo-random source (mulberry32), so that a run is replayed by its seed: LOOM_FUZZ_SEED.
 */
export class Rng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** A few distinct items, in random order. */
  some<T>(list: readonly T[], max: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, this.int(0, Math.min(max, copy.length)));
  }

  /** An independent stream, so that one part's draws do not shift another's. */
  fork(label: string): Rng {
    let h = this.seed ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }
}

/** The run's seed: LOOM_FUZZ_SEED when set (decimal), else a fresh one. */
export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.LOOM_FUZZ_SEED;
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff)
      throw new Error(`LOOM_FUZZ_SEED must be an integer in [0, 2^32): ${given}`);
    return n;
  }
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}
