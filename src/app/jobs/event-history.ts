/** An event with the per-stream sequence that orders it. */
export interface Sequenced {
  readonly sequence: number;
}

/**
 * The retained tail of one stream's events: at most `capacity` of them, oldest evicted first.
 * Sequences are strictly increasing, so the window is the contiguous range [first, last].
 */
export class EventHistory<E extends Sequenced> {
  private readonly ring: (E | undefined)[];
  private start = 0;
  private size = 0;

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('history capacity must be a positive integer');
    this.ring = new Array<E | undefined>(capacity);
  }

  append(event: E): void {
    const last = this.lastSequence();
    if (last !== null && event.sequence !== last + 1) throw new Error('event sequences must increase by one');
    if (this.size < this.capacity) {
      this.ring[(this.start + this.size) % this.capacity] = event;
      this.size++;
    } else {
      this.ring[this.start] = event;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  get length(): number {
    return this.size;
  }

  firstSequence(): number | null {
    // cast: with size > 0 the ring holds an event at start
    return this.size === 0 ? null : (this.ring[this.start] as E).sequence;
  }

  lastSequence(): number | null {
    // cast: with size > 0 the ring holds an event at the slot size - 1 after start
    return this.size === 0 ? null : (this.ring[(this.start + this.size - 1) % this.capacity] as E).sequence;
  }

  /** Retained events with a sequence above `sequence`, in order. */
  after(sequence: number): E[] {
    const first = this.firstSequence();
    if (first === null) return [];
    const skip = Math.max(0, Math.min(this.size, sequence - first + 1));
    const out: E[] = [];
    // cast: the size slots from start (modulo capacity) all hold events
    for (let i = skip; i < this.size; i++) out.push(this.ring[(this.start + i) % this.capacity] as E);
    return out;
  }
}
