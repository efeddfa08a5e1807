import { KeptAnswers } from '../src/kept-answers';

const answer = (bytes: number) => ({ body: Buffer.alloc(bytes) });

test('bounded by count: the oldest go first; replacing a key does not count twice', () => {
  const kept = new KeptAnswers<{ body: Buffer }>(3, 1000);
  for (const k of ['a', 'b', 'c']) kept.set(k, answer(10));
  kept.set('a', answer(10));
  expect(kept.size).toBe(3);
  kept.set('d', answer(10));
  expect(kept.get('b')).toBeUndefined();
  expect([kept.get('a'), kept.get('c'), kept.get('d')].every(Boolean)).toBe(true);
});

test('bounded by bytes: enough of the oldest go to make room; delete and clear free their bytes', () => {
  const kept = new KeptAnswers<{ body: Buffer }>(100, 100);
  kept.set('a', answer(40));
  kept.set('b', answer(40));
  kept.set('c', answer(50));
  expect(kept.get('a')).toBeUndefined();
  expect(kept.get('b')).toBeDefined();
  kept.delete('b');
  kept.set('d', answer(50));
  expect(kept.size).toBe(2);
  kept.clear();
  kept.set('e', answer(100));
  expect(kept.size).toBe(1);
});
