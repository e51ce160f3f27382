/**
 * Append-only typed arrays for building the compact index (tree-index.ts): amortised growth by
 * half, truncation for a record whose lines turned out unreadable, and a view of the filled part.
 */

type TypedArray = Int32Array | Float64Array | Uint8Array;

abstract class Growable<A extends TypedArray> {
  protected data: A;
  length = 0;

  constructor(capacity: number) {
    this.data = this.allocate(Math.max(16, capacity));
  }

  protected abstract allocate(capacity: number): A;

  protected room(): A {
    if (this.length === this.data.length) {
      const bigger = this.allocate(this.data.length + (this.data.length >> 1) + 16);
      bigger.set(this.data);
      this.data = bigger;
    }
    return this.data;
  }

  push(value: number): void {
    this.room()[this.length++] = value;
  }

  get(i: number): number {
    // cast: callers read below length, and length <= data.length
    return this.data[i] as number;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  truncate(length: number): void {
    if (length < this.length) this.length = length;
  }

  /** The filled part (a view when the buffer is nearly full, else a copy of its exact size); the builder lets go of it. */
  done(): A {
    const data = this.data;
    this.data = this.allocate(0);
    // cast: subarray of a typed array is a typed array of the same kind, which is A
    if (this.length >= data.length - (data.length >> 3)) return data.subarray(0, this.length) as A;
    // cast: slice of a typed array is a typed array of the same kind, which is A
    return data.slice(0, this.length) as A;
  }
}

export class GrowInt32 extends Growable<Int32Array> {
  protected allocate(capacity: number): Int32Array {
    return new Int32Array(capacity);
  }
}

export class GrowFloat64 extends Growable<Float64Array> {
  protected allocate(capacity: number): Float64Array {
    return new Float64Array(capacity);
  }
}

export class GrowUint8 extends Growable<Uint8Array> {
  protected allocate(capacity: number): Uint8Array {
    return new Uint8Array(capacity);
  }

  /** Whether the n bytes from `at` equal buf[start, start + n) (at + n <= length). */
  matches(at: number, buf: Uint8Array, start: number, n: number): boolean {
    const data = this.data;
    for (let k = 0; k < n; k++) if (data[at + k] !== buf[start + k]) return false;
    return true;
  }

  /** Whether the text.length bytes from `at` are the character codes of `text`. */
  matchesText(at: number, text: string): boolean {
    const data = this.data;
    for (let k = 0; k < text.length; k++) if (data[at + k] !== text.charCodeAt(k)) return false;
    return true;
  }
}
