/**
 * The distinct name parts and places of an index as small integers: id 0 is '', every other
 * distinct string gets the next id. Shared while the table holds fewer than `maxShared` strings
 * (files repeat them a lot); past that, new strings still get ids but are not looked up, so a
 * file of all-distinct values costs its strings and no second map.
 */
export class StringTable {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [''];

  constructor(private readonly maxShared = 1 << 20) {}

  id(s: string): number {
    if (s.length === 0) return 0;
    const hit = this.ids.get(s);
    if (hit !== undefined) return hit;
    const id = this.list.length;
    this.list.push(s);
    if (this.ids.size < this.maxShared) this.ids.set(s, id);
    return id;
  }

  /** Every string by id; the table stops sharing (its map is dropped). */
  done(): readonly string[] {
    this.ids.clear();
    return this.list;
  }
}
