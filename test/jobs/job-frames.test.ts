import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_EVENT_KINDS, JOB_STATES, type JobEvent } from '../../src/contract/jobs.js';
import { JOB_LIMITS } from '../../src/contract/limits.js';
import { JobEventFrames, serializeJobEvent } from '../../src/http/job-frames.js';

// Any string, including quotes, backslashes, control characters, non-ASCII and lone surrogates:
// the serializer must agree with JSON.stringify even where the contract's patterns would refuse it.
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('"', '\\', '\u2028', '\ud800', '\u007f', 'a\nb'));
const count = fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER));

const jobEvent: fc.Arbitrary<JobEvent> = fc.record({
  schema_version: fc.constant(1 as const),
  job_id: fc.oneof(anyString, fc.constant('job_0123456789abcdef0123456789abcdef')),
  sequence: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  kind: fc.constantFrom(...JOB_EVENT_KINDS),
  state: fc.constantFrom(...JOB_STATES),
  occurred_at: fc.oneof(anyString, fc.date({ noInvalidDate: true }).map((date) => date.toISOString())),
  progress: fc.option(fc.record({ completed: count, total: fc.option(count), stage: fc.option(anyString), eta_ms: fc.option(count) })),
  artifact: fc.option(fc.record({ grant: anyString, role: anyString })),
  error: fc.option(fc.record({ code: anyString, message: anyString })),
});

describe('job event frames', () => {
  const frames = new JobEventFrames();
  it('serialize every event exactly as JSON.stringify does', () => {
    fc.assert(
      fc.property(jobEvent, (event) => {
        expect(serializeJobEvent(event)).toBe(JSON.stringify(event));
      }),
      { numRuns: 2000 },
    );
  });

  it('write one SSE frame per event (id = sequence, event = kind, data = the event)', () => {
    fc.assert(
      fc.property(jobEvent, (event) => {
        const frame = frames.frameOf(event);
        expect(frame.text).toBe(`id: ${event.sequence}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`);
        expect(frame.data).toBe(event);
      }),
    );
  });

  it('share one frame between the subscribers of an event, and never hand out another event’s frame', () => {
    const first = fc.sample(jobEvent, 1)[0] as JobEvent;
    const frame = frames.frameOf(first);
    expect(frames.frameOf(first)).toBe(frame);
    // Same slot (same sequence, or one cache size apart), different event: a fresh frame of its own.
    const sameSequence: JobEvent = { ...first, job_id: 'job_ffffffffffffffffffffffffffffffff' };
    expect(frames.frameOf(sameSequence).text).toContain('"job_id":"job_ffffffffffffffffffffffffffffffff"');
    const sameSlot: JobEvent = { ...first, sequence: first.sequence + JOB_LIMITS.serializedFrameCache };
    expect(frames.frameOf(sameSlot).id).toBe(String(first.sequence + JOB_LIMITS.serializedFrameCache));
    expect(frames.frameOf(first).text).toBe(frame.text);
  });
});
