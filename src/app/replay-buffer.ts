/** An event with the per-stream sequence that orders it. */
export interface Sequenced {
  readonly sequence: number;
}

/** How much of a stream is kept: at most this many events and at most this many bytes (absent: no bound of that kind). */
export interface ReplayBounds {
  readonly maxEvents?: number;
  readonly maxBytes?: number;
}

/**
 * The retained tail of one stream's events, for Last-Event-ID replay: job events (at most 256 per
 * job) and chat stream events (at most 256 KiB per run) alike (spec section 8). The oldest event is
 * evicted first while a bound is passed; the newest (a terminal event included) is always kept.
 * Sequences increase by one, so the window is the contiguous range [first, last].
 */
export class ReplayBuffer<E extends Sequenced> {
  private readonly events: E[] = [];
  private readonly sizes: number[] = [];
  /** Index of the oldest retained event in `events` (evicted slots are compacted away in batches). */
  private head = 0;
  private bytes = 0;
  private readonly maxEvents: number;
  private readonly maxBytes: number;

  constructor(
    bounds: ReplayBounds,
    /** The bytes one event takes (for a byte bound: its serialized frame). */
    private readonly measure: (event: E) => number = () => 0,
  ) {
    this.maxEvents = bounds.maxEvents ?? Number.POSITIVE_INFINITY;
    this.maxBytes = bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    if (!(this.maxEvents >= 1) || (Number.isFinite(this.maxEvents) && !Number.isInteger(this.maxEvents)))
      throw new Error('a replay buffer keeps at least one event');
  }

  append(event: E): void {
    const last = this.lastSequence();
    if (last !== null && event.sequence !== last + 1) throw new Error('event sequences must increase by one');
    const size = this.measure(event);
    this.events.push(event);
    this.sizes.push(size);
    this.bytes += size;
    while (this.length > 1 && (this.length > this.maxEvents || this.bytes > this.maxBytes)) {
      this.bytes -= this.sizes[this.head] ?? 0;
      this.head++;
    }
    if (this.head >= 64 && this.head * 2 >= this.events.length) {
      this.events.splice(0, this.head);
      this.sizes.splice(0, this.head);
      this.head = 0;
    }
  }

  get length(): number {
    return this.events.length - this.head;
  }

  firstSequence(): number | null {
    return this.events[this.head]?.sequence ?? null;
  }

  lastSequence(): number | null {
    return this.length === 0 ? null : (this.events[this.events.length - 1]?.sequence ?? null);
  }

  /** The retained event of a sequence, `gap` if it left the window, or null if not appended yet. */
  at(sequence: number): E | 'gap' | null {
    const first = this.firstSequence();
    if (first === null) return null;
    if (sequence < first) return 'gap';
    return this.events[this.head + sequence - first] ?? null;
  }

  /** Retained events with a sequence above `sequence`, in order. */
  after(sequence: number): E[] {
    const first = this.firstSequence();
    if (first === null) return [];
    return this.events.slice(this.head + Math.max(0, Math.min(this.length, sequence - first + 1)));
  }
}
