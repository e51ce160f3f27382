import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReplayBuffer } from '../../src/app/replay-buffer.js';

interface Event {
  readonly sequence: number;
  readonly bytes: number;
}

const events = (sizes: readonly number[]): Event[] => sizes.map((bytes, index) => ({ sequence: index + 1, bytes }));

describe('the one replay buffer of job events and chat stream events', () => {
  it('keeps at most maxEvents, oldest evicted first (a job keeps 256)', () => {
    const buffer = new ReplayBuffer<Event>({ maxEvents: 3 });
    for (const event of events([1, 1, 1, 1, 1])) buffer.append(event);
    expect([buffer.firstSequence(), buffer.lastSequence(), buffer.length]).toEqual([3, 5, 3]);
    expect(buffer.at(2)).toBe('gap');
    expect(buffer.at(4)).toMatchObject({ sequence: 4 });
    expect(buffer.at(6)).toBeNull();
    expect(buffer.after(3).map((event) => event.sequence)).toEqual([4, 5]);
    expect(buffer.after(0).map((event) => event.sequence)).toEqual([3, 4, 5]);
  });

  it('keeps at most maxBytes, and always the newest event even when it alone passes the bound (a terminal event is never dropped)', () => {
    const buffer = new ReplayBuffer<Event>({ maxBytes: 10 }, (event) => event.bytes);
    for (const event of events([4, 4, 4])) buffer.append(event);
    expect([buffer.firstSequence(), buffer.lastSequence()]).toEqual([2, 3]);
    buffer.append({ sequence: 4, bytes: 50 });
    expect([buffer.firstSequence(), buffer.lastSequence(), buffer.length]).toEqual([4, 4, 1]);
  });

  it('refuses a sequence that does not follow the last one', () => {
    const buffer = new ReplayBuffer<Event>({ maxEvents: 4 });
    buffer.append({ sequence: 1, bytes: 0 });
    expect(() => buffer.append({ sequence: 3, bytes: 0 })).toThrow('increase by one');
  });

  it('holds exactly the newest events within both bounds, for any sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 200 }),
        (sizes, maxEvents, maxBytes) => {
          const buffer = new ReplayBuffer<Event>({ maxEvents, maxBytes }, (event) => event.bytes);
          const all = events(sizes);
          for (const event of all) buffer.append(event);
          // The expected window: walk back from the newest while both bounds hold (the newest always).
          let first = all.length;
          let bytes = all[all.length - 1]?.bytes ?? 0;
          while (first > 1 && all.length - first + 1 < maxEvents && bytes + (all[first - 2]?.bytes ?? 0) <= maxBytes) {
            first--;
            bytes += all[first - 1]?.bytes ?? 0;
          }
          expect(buffer.firstSequence()).toBe(first);
          expect(buffer.after(0)).toEqual(all.slice(first - 1));
        },
      ),
    );
  });
});
