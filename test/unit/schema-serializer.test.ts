import fc from 'fast-check';
import { Type } from 'typebox';
import { Settings } from 'typebox/system';
import { describe, expect, it } from 'vitest';
import { ChatStreamEvent } from '../../src/contract/chat.js';
import { ErrorEnvelope } from '../../src/contract/errors.js';
import { JOB_EVENT_KINDS, JOB_STATES, JobEvent } from '../../src/contract/jobs.js';
import { SSE_LIMITS } from '../../src/contract/limits.js';
import { compileSerializer, ResponseShapeError } from '../../src/http/schema-serializer.js';
import { SseFrames } from '../../src/http/sse.js';
import { CONTRACT_ROUTES } from '../../src/http/routes/route-contract.js';

// Any string, including quotes, backslashes, control characters, non-ASCII and lone surrogates:
// the projection must agree with JSON.stringify even where the contract's patterns would refuse it.
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\u2028', '\ud800', '\u007f', 'a\nb'),
);
const count = fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER));

const jobEvent: fc.Arbitrary<JobEvent> = fc.record({
  schema_version: fc.constant(1 as const),
  job_id: fc.oneof(anyString, fc.constant('job_0123456789abcdef0123456789abcdef')),
  sequence: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  kind: fc.constantFrom(...JOB_EVENT_KINDS),
  state: fc.constantFrom(...JOB_STATES),
  occurred_at: fc.oneof(
    anyString,
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  ),
  progress: fc.option(fc.record({ completed: count, total: fc.option(count), stage: fc.option(anyString), eta_ms: fc.option(count) })),
  artifact: fc.option(fc.record({ grant: anyString, role: anyString })),
  error: fc.option(fc.record({ code: anyString, message: anyString })),
});

const serializeJobEvent = compileSerializer(JobEvent);

/** Adds `extra` beside the declared fields of `value` and of each object nested in it. */
function withUndeclared(value: unknown, extra: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withUndeclared(item, extra));
  if (value === null || typeof value !== 'object') return value;
  return { ...Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withUndeclared(item, extra)])), ...extra };
}

describe('the serializer compiled from a response schema', () => {
  it("compiles every route's answer and event schema of the contract", () => {
    const schemas = CONTRACT_ROUTES.flatMap((route) => [route.success.schema, route.success.eventSchema]).filter((schema) => schema !== undefined);
    expect(schemas.length).toBeGreaterThan(20);
    for (const schema of schemas) expect(() => compileSerializer(schema)).not.toThrow();
  });

  it('compiles schemas whose TypeBox markers are plain properties (as the service configures TypeBox)', () => {
    Settings.Set({ enumerableKind: true });
    try {
      const schema = Type.Object({ a: Type.Optional(Type.Union([Type.String(), Type.Null()])), b: Type.Array(Type.Integer()) });
      expect(Object.keys(schema)).toContain('~kind');
      expect(compileSerializer(schema)({ a: null, b: [1], c: true } as never)).toBe('{"a":null,"b":[1]}');
    } finally {
      Settings.Reset();
    }
  });

  it("writes a value that has exactly its schema's fields as JSON.stringify does", () => {
    fc.assert(
      fc.property(jobEvent, (event) => {
        expect(serializeJobEvent(event)).toBe(JSON.stringify(event));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves out every field the schema does not declare, at any depth', () => {
    fc.assert(
      fc.property(jobEvent, fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()), (event, extra) => {
        const declared = new Set([
          'schema_version',
          'job_id',
          'sequence',
          'kind',
          'state',
          'occurred_at',
          'progress',
          'artifact',
          'error',
          'completed',
          'total',
          'stage',
          'eta_ms',
          'grant',
          'role',
          'code',
          'message',
        ]);
        const undeclared = Object.fromEntries(Object.entries(extra).filter(([key]) => !declared.has(key) && key !== '__proto__'));
        expect(serializeJobEvent(withUndeclared(event, undeclared) as JobEvent)).toBe(JSON.stringify(event));
      }),
    );
  });

  it('writes a union by the variant the value fits (a discriminated chat event keeps its own fields)', () => {
    const serialize = compileSerializer(ChatStreamEvent);
    const delta = {
      schema_version: 1,
      run_id: 'run_0123456789abcdef0123456789abcdef',
      sequence: 3,
      kind: 'delta',
      text: 'Hello',
    };
    const written: unknown = JSON.parse(serialize({ ...delta, bearer: 'never on the wire' } as unknown as ChatStreamEvent));
    expect(written).toEqual(delta);
  });

  it("refuses a value whose declared fields do not have their schema's shape", () => {
    const serialize = compileSerializer(ErrorEnvelope);
    const envelope = { code: 'INTERNAL_FAILURE', message: 'x', correlation_ref: `api_${'0'.repeat(32)}`, details: [] };
    expect(serialize(envelope)).toBe(JSON.stringify(envelope));
    expect(() => serialize({ ...envelope, message: undefined } as unknown as ErrorEnvelope)).toThrow(ResponseShapeError);
    expect(() => serialize({ ...envelope, details: [{ name: 'n', value: { nested: true } }] } as unknown as ErrorEnvelope)).toThrow(ResponseShapeError);
  });
});

describe('SSE frames', () => {
  const frames = new SseFrames(serializeJobEvent);

  it("write one frame per event: id = sequence, event = kind, data = the event's projection", () => {
    fc.assert(
      fc.property(jobEvent, (event) => {
        expect(frames.textOf(withUndeclared(event, { secret: 'x' }) as JobEvent)).toBe(
          `id: ${event.sequence}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`,
        );
      }),
    );
  });

  it("share one serialization between the subscribers of an event, and never hand out another event's frame", () => {
    const first = fc.sample(jobEvent, 1)[0] as JobEvent;
    const text = frames.textOf(first);
    expect(frames.textOf(first)).toBe(text);
    // Same slot (same sequence, or one cache size apart), different event: a fresh frame of its own.
    const sameSequence: JobEvent = { ...first, job_id: 'job_ffffffffffffffffffffffffffffffff' };
    expect(frames.textOf(sameSequence)).toContain('"job_id":"job_ffffffffffffffffffffffffffffffff"');
    const sameSlot: JobEvent = { ...first, sequence: first.sequence + SSE_LIMITS.serializedFrameCache };
    expect(frames.textOf(sameSlot)).toMatch(new RegExp(`^id: ${first.sequence + SSE_LIMITS.serializedFrameCache}\n`));
    expect(frames.textOf(first)).toBe(text);
  });
});
