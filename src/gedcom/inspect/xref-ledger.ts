/** Ints per xref id: pointers counted, line of the first pointer, line of the definition (0: none), tag id of the definition. */
const STRIDE = 4;
const POINTERS = 0;
const FIRST_POINTER = 1;
const DEFINED = 2;
const TAG = 3;

/**
 * What an inspection knows of each xref id (inspect/xref-ids.ts): its definition and the pointers
 * to it, in one array with the four numbers of an id side by side, so a pointer costs one read of
 * memory however far its id is from the last one (pointers reach records in any order).
 */
export class XrefLedger {
  private cells = new Int32Array(STRIDE * 1024);
  /** Ids in the order of their first pointer, and of their definition (the first record of each xref). */
  private readonly pointed: number[] = [];
  private readonly defined: number[] = [];
  /** Whether each definition's xref was defined again. */
  private again = new Uint8Array(1024);
  /** Xrefs defined more than once. */
  duplicates = 0;

  /** Make room for ids below `size`. */
  reserve(size: number): void {
    if (STRIDE * size <= this.cells.length) return;
    const cells = new Int32Array(Math.max(2 * this.cells.length, STRIDE * size));
    cells.set(this.cells);
    this.cells = cells;
    const again = new Uint8Array(cells.length / STRIDE);
    again.set(this.again);
    this.again = again;
  }

  /** A record of type `tag` defines xref `id` on `line`; true when it was defined before (a duplicate). */
  define(id: number, line: number, tag: number): boolean {
    const at = STRIDE * id;
    if (this.cells[at + DEFINED] !== 0) {
      if (this.again[id] === 0) this.duplicates++;
      this.again[id] = 1;
      return true;
    }
    this.cells[at + DEFINED] = line;
    this.cells[at + TAG] = tag;
    this.defined.push(id);
    return false;
  }

  /** A pointer to xref `id` on `line`. */
  point(id: number, line: number): void {
    const at = STRIDE * id;
    // cast: reserve() made room for every id
    const count = this.cells[at + POINTERS] as number;
    if (count === 0) {
      this.cells[at + FIRST_POINTER] = line;
      this.pointed.push(id);
    }
    this.cells[at + POINTERS] = count + 1;
  }

  /** Number of xrefs defined. */
  get definedCount(): number {
    return this.defined.length;
  }

  /**
   * Pointers to xrefs never defined: `report(line)` once per such pointer, with the line of the
   * first pointer to its xref, xrefs in the order of their first pointer. Returns their number.
   */
  dangling(report: (line: number) => void): number {
    let dangling = 0;
    for (const id of this.pointed) {
      const at = STRIDE * id;
      if (this.cells[at + DEFINED] !== 0) continue;
      // cast: ids in pointed have their cells
      const count = this.cells[at + POINTERS] as number;
      dangling += count;
      // cast: as above
      for (let c = 0; c < count; c++) report(this.cells[at + FIRST_POINTER] as number);
    }
    return dangling;
  }

  /**
   * Definitions no pointer reaches, except those of a type `skip` names: `report(line)` for each,
   * in file order. Returns their number.
   */
  unreferenced(skip: (tag: number) => boolean, report: (line: number) => void): number {
    let unreferenced = 0;
    for (const id of this.defined) {
      const at = STRIDE * id;
      // cast: ids in defined have their cells
      if (this.cells[at + POINTERS] !== 0 || skip(this.cells[at + TAG] as number)) continue;
      unreferenced++;
      // cast: as above
      report(this.cells[at + DEFINED] as number);
    }
    return unreferenced;
  }
}
