/**
 * How often keys were used lately, approximately, in fixed memory (TinyLFU's, as in Caffeine): a key's first use
 * only marks it in a "doorkeeper" (a Bloom filter); later uses go into a count-min sketch (4 rows of counters
 * capped at 15). Once 10 × width uses were counted every counter is halved and the doorkeeper emptied, so that
 * old popularity fades. The doorkeeper keeps keys used once out of the counters: a stream of one-off keys does
 * not make other keys look used. CachedAnswers asks it whether a new answer is worth those it would displace.
 */
const DEPTH = 4;
const MAX_COUNT = 15;
/** Doorkeeper bits per counter of a row (6.4 per use counted between two agings), and bits set per key: at
 * most 5 % false positives, just before an aging. */
const BITS_PER_WIDTH = 64;
const BITS_PER_KEY = 3;

export class FrequencySketch {
  private readonly counters: Uint8Array;
  private readonly doorkeeper: Uint32Array;
  private readonly sampleSize: number;
  private uses = 0;

  /** `width`: counters per row, a power of two; the sketch holds 4 × width bytes and its doorkeeper 8 × width. */
  constructor(private readonly width: number) {
    if (width < 1 || (width & (width - 1)) !== 0)
      throw new Error(`FrequencySketch width must be a power of two, not ${width}`);
    this.counters = new Uint8Array(DEPTH * width);
    this.sampleSize = 10 * width;
    this.doorkeeper = new Uint32Array((BITS_PER_WIDTH / 32) * width);
  }

  get bytes(): number {
    return this.counters.byteLength + this.doorkeeper.byteLength;
  }

  /** Counts one use of the key whose hashKey is `hash`. */
  increment(hash: number): void {
    if (this.admitted(hash, true)) {
      const step = remix(hash) | 1;
      for (let row = 0; row < DEPTH; row++) {
        const at = this.slot(hash, step, row);
        if (this.counters[at]! < MAX_COUNT) this.counters[at]!++;
      }
    }
    if (++this.uses >= this.sampleSize) this.age();
  }

  /**
   * Uses of the key counted lately, at most 16: the doorkeeper's one and the least of its counters (more than were
   * made when other keys share its doorkeeper bits or all its counters).
   */
  estimate(hash: number): number {
    let min = MAX_COUNT;
    const step = remix(hash) | 1;
    for (let row = 0; row < DEPTH; row++) min = Math.min(min, this.counters[this.slot(hash, step, row)]!);
    return min + (this.admitted(hash, false) ? 1 : 0);
  }

  /** Whether the doorkeeper holds the key, before it marks it when `mark`. */
  private admitted(hash: number, mark: boolean): boolean {
    const bits = this.doorkeeper.length * 32 - 1;
    const h = remix(hash ^ 0x9e3779b9);
    const step = remix(h) | 1;
    let held = true;
    for (let i = 0; i < BITS_PER_KEY; i++) {
      const bit = (h + i * step) & bits;
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      if ((this.doorkeeper[word]! & mask) === 0) {
        held = false;
        if (mark) this.doorkeeper[word]! |= mask;
      }
    }
    return held;
  }

  /** Row `row`'s counter for the hash: double hashing, hash + row × step. */
  private slot(hash: number, step: number, row: number): number {
    return row * this.width + ((hash + row * step) & (this.width - 1));
  }

  private age(): void {
    for (let i = 0; i < this.counters.length; i++) this.counters[i]! >>= 1;
    this.doorkeeper.fill(0);
    this.uses = 0;
  }
}

/** A key's 32-bit hash for the sketch: FNV-1a over its UTF-16 code units, remixed so that every bit counts. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return remix(h);
}

/** MurmurHash3's finaliser. */
function remix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
