/** The read model's chunked order: random inserts and removals must leave exactly what a sorted array holds. */
import { OrderedList } from '../src/ordered-list';

let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

interface Item {
  key: number;
  id: number;
}
const compare = (a: Item, b: Item) => a.key - b.key || a.id - b.id;

test('inserts and removals across chunk splits keep the order and lose nothing', () => {
  const initial = Array.from({ length: 700 }, (_, id) => ({ key: rand(50), id })).sort(compare);
  const list = new OrderedList(compare, initial);
  const model = [...initial];
  let nextId = 700;
  for (let round = 0; round < 5000; round++) {
    if (model.length && rand(3) === 0) {
      const item = model[rand(model.length)]!;
      expect(list.remove(item)).toBe(true);
      model.splice(model.indexOf(item), 1);
    } else {
      const item = { key: rand(50), id: nextId++ };
      list.insert(item);
      model.push(item);
      model.sort(compare);
    }
    if (round % 250 === 0) expect([...list]).toEqual(model);
  }
  expect([...list]).toEqual(model);
  expect(list.remove({ key: 1, id: -1 })).toBe(false);
});

test('an empty list takes a first value and gives it back', () => {
  const list = new OrderedList(compare);
  expect([...list]).toEqual([]);
  const item = { key: 1, id: 1 };
  list.insert(item);
  expect([...list]).toEqual([item]);
  expect(list.remove(item)).toBe(true);
  expect([...list]).toEqual([]);
});
