/** Lists up to this long are sorted by insertion (see {@link sortStable}). */
const INSERTION_MAX = 16;

/**
 * Sort the first `count` items of `items` in place by `compare`, stably: the order
 * Array.prototype.sort gives them. The rules sort a few items per family (its children by birth)
 * or per person; such a short prefix is sorted by insertion, without allocating: the built-in
 * sort makes its work state (about 1 KiB) on every call, which every family of a file paid. A
 * longer prefix is copied out and sorted by the built-in sort (n log n).
 */
export function sortStable<T>(items: T[], count: number, compare: (a: T, b: T) => number): void {
  if (count > INSERTION_MAX) {
    const sorted = items.slice(0, count).sort(compare);
    for (let i = 0; i < count; i++) items[i] = sorted[i] as T; // cast: i < count = sorted.length
    return;
  }
  for (let i = 1; i < count; i++) {
    // cast: i < count <= items.length
    const x = items[i] as T;
    let j = i - 1;
    // cast: 0 <= j < i < items.length
    while (j >= 0 && compare(items[j] as T, x) > 0) {
      // cast: 0 <= j < items.length
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = x;
  }
}
