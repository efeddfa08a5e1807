/**
 * Values kept in a total order, in chunks of a few hundred: inserting or removing one moves the elements of its
 * chunk, not of the whole list (a read model's order holds every document of a collection, and a plain array made
 * each write at 100,000 documents move megabytes).
 */
const CHUNK = 256;

export class OrderedList<T> implements Iterable<T> {
  private readonly chunks: T[][] = [];

  /** `sorted` must already be in `compare`'s order. */
  constructor(
    private readonly compare: (a: T, b: T) => number,
    sorted: T[] = [],
  ) {
    for (let i = 0; i < sorted.length; i += CHUNK) this.chunks.push(sorted.slice(i, i + CHUNK));
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  insert(value: T): void {
    if (!this.chunks.length) {
      this.chunks.push([value]);
      return;
    }
    const c = this.chunkFor(value);
    const chunk = this.chunks[c]!;
    chunk.splice(this.lowerBound(chunk, value), 0, value);
    if (chunk.length >= 2 * CHUNK) this.chunks.splice(c, 1, chunk.slice(0, CHUNK), chunk.slice(CHUNK));
  }

  /** Removes this very value (by identity); false when it is not held. */
  remove(value: T): boolean {
    if (!this.chunks.length) return false;
    let c = this.chunkFor(value);
    let at = this.lowerBound(this.chunks[c]!, value);
    if (this.chunks[c]![at] !== value) {
      // Keys that compare inconsistently (never expected): find it anyway.
      c = this.chunks.findIndex((chunk) => chunk.includes(value));
      if (c < 0) return false;
      at = this.chunks[c]!.indexOf(value);
    }
    const chunk = this.chunks[c]!;
    chunk.splice(at, 1);
    if (!chunk.length) this.chunks.splice(c, 1);
    return true;
  }

  /** The first chunk whose last value is not before `value` (the last chunk when every value is). */
  private chunkFor(value: T): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const chunk = this.chunks[mid]!;
      if (this.compare(chunk[chunk.length - 1]!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(chunk: T[], value: T): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(chunk[mid]!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
