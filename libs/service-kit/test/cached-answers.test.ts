import { FrequencySketch, hashKey } from '../src/frequency-sketch';
import { heldBytes, ownBuffer } from '../src/held-bytes';
import { answerCacheBytes, DEFAULT_ANSWER_CACHE_BYTES, CachedAnswers } from '../src/cached-answers';
import { Metrics } from '../src/telemetry';

interface A {
  head: string[];
  body: Buffer;
  stale?: boolean;
}
const answer = (bodyBytes: number, head: string[] = []): A => ({ head, body: Buffer.alloc(bodyBytes) });
/** What CachedAnswers counts for `a` under `key`, whatever its per-entry overhead: the same answer kept alone. */
const cost = (key: string, a: A) => {
  const one = new CachedAnswers<A>({ maxBytes: 1 << 30 });
  one.set(key, a);
  return one.bytes;
};

describe('heldBytes', () => {
  test('counts strings at 2 bytes a character, a Buffer’s whole allocation, and everything nested', () => {
    const url = `/rest/core/v2/posts?k=${'x'.repeat(15_000)}`;
    expect(heldBytes(url)).toBeGreaterThanOrEqual(2 * url.length);
    const link = `<http://x${url}>; rel="prev", <http://x${url}>; rel="next"`;
    expect(heldBytes({ head: ['Link', link], body: Buffer.alloc(10) })).toBeGreaterThan(2 * link.length + 10);
    expect(heldBytes(new Map([['posts', 3]]))).toBeGreaterThan(heldBytes('posts'));
    const pooled = Buffer.from('small'); // cut from Node's 8 KiB pool
    expect(heldBytes(pooled)).toBeGreaterThanOrEqual(pooled.buffer.byteLength);
    const own = ownBuffer(pooled);
    expect(own.equals(pooled)).toBe(true);
    expect(own.buffer.byteLength).toBe(5);
    expect(heldBytes(own)).toBeLessThan(200);
    const whole = Buffer.allocUnsafeSlow(64);
    expect(ownBuffer(whole)).toBe(whole);
  });
});

describe('the byte budget', () => {
  test('keys, headers and bodies all count; replacing a key does not count it twice; delete and clear free the bytes', () => {
    const kept = new CachedAnswers<A>({ maxBytes: 1 << 20 });
    const longKey = `/posts?k=${'q'.repeat(5000)}`;
    const withHead = answer(10, ['Link', 'l'.repeat(5000)]);
    kept.set('a', answer(10));
    expect(kept.bytes).toBe(cost('a', answer(10)));
    kept.set(longKey, withHead);
    expect(kept.bytes).toBe(cost('a', answer(10)) + cost(longKey, withHead));
    expect(cost(longKey, withHead) - cost('a', answer(10))).toBeGreaterThan(2 * 10_000);
    kept.set('a', answer(10));
    expect(kept.size).toBe(2);
    expect(kept.bytes).toBe(cost('a', answer(10)) + cost(longKey, withHead));
    kept.delete(longKey);
    expect(kept.bytes).toBe(cost('a', answer(10)));
    kept.clear();
    expect([kept.size, kept.bytes]).toEqual([0, 0]);
  });

  test('an answer larger than maxEntryBytes (default: an eighth of the budget) is never kept', () => {
    const kept = new CachedAnswers<A>({ maxBytes: 80_000 });
    expect(kept.maxEntryBytes).toBe(10_000);
    expect(kept.set('big', answer(10_000))).toBe(false);
    expect(kept.set(`/k=${'x'.repeat(6000)}`, answer(10))).toBe(false); // the key alone is over
    expect(kept.set('small', answer(1000))).toBe(true);
    expect(kept.get('big')).toBeUndefined();
    expect(new CachedAnswers<A>({ maxBytes: 1000, maxEntryBytes: 5000 }).maxEntryBytes).toBe(1000);
  });

  test('never over the budget, whatever is offered', () => {
    const kept = new CachedAnswers<A>({ maxBytes: 50_000 });
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++) {
      const key = `/u${Math.floor(random() * 300)}?${'k'.repeat(Math.floor(random() * 3000))}`;
      if (random() < 0.5) kept.get(key);
      else kept.set(key, answer(Math.floor(random() * 4000), ['Link', 'l'.repeat(Math.floor(random() * 2000))]));
      expect(kept.bytes).toBeLessThanOrEqual(kept.maxBytes);
    }
    expect(kept.size).toBeGreaterThan(3);
  });
});

describe('admission and eviction', () => {
  /** A budget of exactly `n` answers like `answer(100)` under keys of one character. */
  const room = (n: number) => new CachedAnswers<A>({ maxBytes: n * cost('a', answer(100)), maxEntryBytes: 1 << 20 });

  test('with room, every answer is kept, and the second ask is a hit', () => {
    const kept = room(3);
    expect(kept.set('a', answer(100))).toBe(true);
    expect(kept.get('a')).toBeDefined();
  });

  test('a stream of keys asked once displaces nothing: neither answers asked again, nor those already kept', () => {
    const kept = room(3);
    kept.set('h', answer(100));
    kept.get('h');
    kept.set('b', answer(100));
    kept.set('c', answer(100));
    for (let i = 0; i < 1000; i++) expect(kept.set(`one-off ${i}`, answer(100))).toBe(false);
    expect(['h', 'b', 'c'].map((k) => kept.get(k) !== undefined)).toEqual([true, true, true]);
  });

  test('a key asked more often than the least recently used answers takes their place, least recent first', () => {
    const kept = room(3);
    for (const k of ['a', 'b', 'c']) kept.set(k, answer(100));
    kept.get('a'); // a is now the most recently used, and asked twice
    expect(kept.set('d', answer(100))).toBe(false); // asked once, as b
    expect(kept.set('d', answer(100))).toBe(true); // asked twice: b (once, least recent) goes
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c'), kept.get('d')].every(Boolean)).toBe(true);
  });

  test('one larger answer displaces as many of the least used as it needs, or none', () => {
    const kept = room(4);
    for (const k of ['a', 'b', 'c', 'd']) kept.set(k, answer(100));
    for (const k of ['c', 'd']) for (let i = 0; i < 3; i++) kept.get(k);
    const big = answer(100 + cost('a', answer(100)));
    kept.set('e', big);
    expect(kept.set('e', big)).toBe(true); // asked twice: a and b (asked once) go
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => kept.get(k) !== undefined)).toEqual([false, false, true, true, true]);
    const bigger = answer(100 + 2 * cost('a', answer(100)));
    kept.set('f', bigger);
    expect(kept.set('f', bigger)).toBe(false); // c, the least recently used, was asked more often: nothing goes
    expect(kept.size).toBe(3);
  });

  test('stale answers are never returned, and make room first whatever their use', () => {
    const kept = new CachedAnswers<A>({
      maxBytes: 3 * cost('a', answer(100)),
      maxEntryBytes: 1 << 20,
      fresh: (a) => !a.stale,
    });
    const a = answer(100);
    kept.set('a', a);
    for (let i = 0; i < 5; i++) kept.get('a');
    for (const k of ['b', 'c']) kept.set(k, answer(100));
    a.stale = true;
    expect(kept.set('d', answer(100))).toBe(true); // a, the least recently used, though asked most
    expect(kept.get('a')).toBeUndefined();
    kept.get('b')!.stale = true;
    expect(kept.get('b')).toBeUndefined();
    expect(kept.size).toBe(2);
  });

  test('deleteWhere drops the answers it names', () => {
    const kept = room(3);
    kept.set('a', { ...answer(100), stale: true });
    kept.set('b', answer(100));
    kept.deleteWhere((a) => a.stale === true);
    expect([kept.get('a'), kept.get('b') !== undefined]).toEqual([undefined, true]);
    expect(kept.bytes).toBe(cost('b', answer(100)));
  });

  test('metrics: hits, admissions, refusals, evictions and the bytes held', async () => {
    const metrics = new Metrics('test', { defaultMetrics: false });
    const kept = new CachedAnswers<A>({ maxBytes: 2 * cost('a', answer(100)), maxEntryBytes: 1 << 20, metrics });
    kept.set('a', answer(100));
    kept.set('b', answer(100));
    kept.get('a');
    kept.set('c', answer(100));
    kept.set('c', answer(100));
    kept.set('d', answer(1 << 21));
    const text = await metrics.registry.metrics();
    for (const [event, n] of [
      ['hit', 1],
      ['kept', 3],
      ['refused', 1],
      ['evicted', 1],
      ['too_large', 1],
    ] as const)
      expect(text).toContain(`loom_answer_cache_events_total{event="${event}",service="test"} ${n}`);
    expect(text).toContain(`loom_answer_cache_bytes{service="test"} ${kept.bytes}`);
  });
});

describe('FrequencySketch', () => {
  test('counts uses per key, up to 16, and halves them all once 10 × width uses were counted', () => {
    const sketch = new FrequencySketch(256);
    const [a, b] = [hashKey('/rest/a'), hashKey('/rest/b')];
    for (let i = 0; i < 3; i++) sketch.increment(a);
    expect([sketch.estimate(a), sketch.estimate(b)]).toEqual([3, 0]);
    for (let i = 0; i < 20; i++) sketch.increment(b);
    expect(sketch.estimate(b)).toBe(16);
    let others = 0;
    while (sketch.estimate(b) === 16) sketch.increment(hashKey(`/rest/other/${others++}`));
    expect(others).toBeLessThanOrEqual(10 * 256);
    expect(sketch.estimate(b)).toBe(7); // 15 halved; the doorkeeper forgot b
  });

  test('keys used once leave the counters alone: after thousands of them a new key still counts as unused', () => {
    const sketch = new FrequencySketch(1024);
    for (let i = 0; i < 5000; i++) sketch.increment(hashKey(`/rest/one-off/${i}`));
    const fresh = Array.from({ length: 100 }, (_, i) => sketch.estimate(hashKey(`/rest/new/${i}`)));
    expect(fresh.filter((n) => n > 1)).toEqual([]);
    expect(fresh.filter((n) => n === 1).length).toBeLessThan(10); // the doorkeeper's false positives
    expect(() => new FrequencySketch(100)).toThrow(/power of two/);
  });
});

test('LOOM_ANSWER_CACHE_BYTES', () => {
  expect(answerCacheBytes({})).toBe(DEFAULT_ANSWER_CACHE_BYTES);
  expect(answerCacheBytes({ LOOM_ANSWER_CACHE_BYTES: '1048576' })).toBe(1048576);
  expect(() => answerCacheBytes({ LOOM_ANSWER_CACHE_BYTES: '16MiB' })).toThrow(/LOOM_ANSWER_CACHE_BYTES/);
});
