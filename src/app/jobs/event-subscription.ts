/** Why a subscription delivers nothing more. */
export type SubscriptionEnd = 'completed' | 'overflow' | 'closed';

/**
 * One subscriber of an event stream: the replayed events first, then live ones through a
 * bounded queue. Publishing never waits: when the queue is full the subscription ends with
 * `overflow` and drops its queue, so a slow reader is closed alone and resumes by event id.
 * The stream's owner ends it with `complete` after the terminal event.
 */
export class EventSubscription<E> {
  private readonly replay: E[];
  private replayIndex = 0;
  private readonly queue: E[] = [];
  private queueIndex = 0;
  private readonly capacity: number;
  private ending: SubscriptionEnd | null = null;
  private wake: (() => void) | null = null;
  private readonly endListeners = new Set<(reason: SubscriptionEnd) => void>();
  private detach: (() => void) | null;

  constructor(replay: readonly E[], capacity: number, detach: () => void) {
    this.replay = [...replay];
    this.capacity = capacity;
    this.detach = detach;
  }

  /** The reason no further events will arrive, once known (queued ones may still be read). */
  get end(): SubscriptionEnd | null {
    return this.ending;
  }

  /** Live events waiting to be read; replayed history does not count against the queue bound. */
  get pending(): number {
    return this.queue.length - this.queueIndex;
  }

  /** Called by the publisher; never blocks. Returns false when the subscription is over. */
  offer(event: E): boolean {
    if (this.ending !== null) return false;
    if (this.pending >= this.capacity) {
      this.finish('overflow');
      return false;
    }
    this.queue.push(event);
    this.signal();
    return true;
  }

  /** The publisher has sent its last event; queued events are still delivered. */
  complete(): void {
    this.finish('completed');
  }

  /** The reader is gone (a disconnect): frees the slot at once. */
  close(): void {
    this.finish('closed');
  }

  /** Registers a listener for the end of the subscription (called at most once). */
  onEnd(listener: (reason: SubscriptionEnd) => void): () => void {
    if (this.ending !== null) {
      listener(this.ending);
      return () => undefined;
    }
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** The next event without waiting, or null when none is queued. */
  poll(): E | null {
    if (this.ending === 'overflow' || this.ending === 'closed') return null;
    if (this.replayIndex < this.replay.length) {
      const event = this.replay[this.replayIndex] as E; // cast: replayIndex < replay.length, checked above
      this.replayIndex++;
      if (this.replayIndex === this.replay.length) {
        this.replay.length = 0;
        this.replayIndex = 0;
      }
      return event;
    }
    if (this.queueIndex >= this.queue.length) return null;
    const event = this.queue[this.queueIndex] as E; // cast: queueIndex < queue.length, checked above
    this.queueIndex++;
    if (this.queueIndex === this.queue.length) {
      this.queue.length = 0;
      this.queueIndex = 0;
    } else if (this.queueIndex >= this.capacity) {
      // Read events are released in batches, so the array never holds more than twice the bound.
      this.queue.splice(0, this.queueIndex);
      this.queueIndex = 0;
    }
    return event;
  }

  /** The next event; null once the subscription has ended and nothing deliverable is left. */
  async next(): Promise<E | null> {
    for (;;) {
      const event = this.poll();
      if (event !== null) return event;
      if (this.ending !== null) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private drop(): void {
    this.replay.length = 0;
    this.replayIndex = 0;
    this.queue.length = 0;
    this.queueIndex = 0;
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private finish(reason: SubscriptionEnd): void {
    if (this.ending !== null) {
      // A reader that disconnects after completion still drops what it did not read.
      if (reason === 'closed') this.drop();
      return;
    }
    this.ending = reason;
    if (reason !== 'completed') this.drop();
    const detach = this.detach;
    this.detach = null;
    detach?.();
    this.signal();
    const listeners = [...this.endListeners];
    this.endListeners.clear();
    for (const listener of listeners) listener(reason);
  }
}
