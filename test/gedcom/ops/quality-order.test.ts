import { describe, expect, it } from 'vitest';
import { sortStable } from '../../../src/gedcom/ops/quality-order.js';

// The family rules sort a family's children by birth with sortStable: it must give the order the built-in
// stable sort gives (ties kept in list order) on the short lists it sorts by insertion and on the long ones.
describe('sortStable', () => {
  /** Items with few distinct keys (many ties), in a fixed pseudo-random order. */
  const items = (n: number, seed: number): { key: number; at: number }[] => {
    let x = seed;
    return Array.from({ length: n }, (_, at) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return { key: x % 5, at };
    });
  };
  const byKey = (a: { key: number }, b: { key: number }): number => a.key - b.key;

  it('sorts the first count items as the built-in sort does, ties in list order, for short and long lists', () => {
    for (const n of [0, 1, 2, 3, 7, 16, 17, 40]) {
      for (let seed = 1; seed <= 5; seed++) {
        const list = items(n + 3, seed);
        const expected = [...list.slice(0, n).sort(byKey), ...list.slice(n)];
        sortStable(list, n, byKey);
        expect(
          list.map((i) => i.at),
          `n ${n} seed ${seed}`,
        ).toEqual(expected.map((i) => i.at));
      }
    }
  });

  it('leaves the entries past count alone', () => {
    const list = [3, 1, 2, 0, -1];
    sortStable(list, 3, (a, b) => a - b);
    expect(list).toEqual([1, 2, 3, 0, -1]);
  });
});
