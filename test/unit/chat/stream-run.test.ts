import { describe, expect, it } from 'vitest';
import { StreamRun } from '../../../src/app/chat/stream-run.js';
import { ServiceError } from '../../../src/app/service-error.js';
import { CHAT_LIMITS } from '../../../src/contract/limits.js';
import type { ChatStreamEvent } from '../../../src/contract/chat.js';

function codeOf(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'other';
  }
}

async function drain(reader: { next(): Promise<ChatStreamEvent | null> }): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for (let event = await reader.next(); event !== null; event = await reader.next()) events.push(event);
  return events;
}

describe('stream run events', () => {
  it('numbers events from 1, appends nothing after the terminal event and replays after any id', async () => {
    const run = new StreamRun('chr_1', 'chs_1');
    run.emit({ kind: 'active' });
    run.emit({ kind: 'first-token' });
    run.emit({ kind: 'delta', text: 'a' });
    run.emit({ kind: 'failed', outcome: 'failed', code: 'PROVIDER_FAILED', remediation: null });
    run.emit({ kind: 'delta', text: 'late' });
    run.emit({ kind: 'completed', outcome: 'completed', finish_reason: 'stop', message_count: 2, output_characters: 1, label: 'advisory_not_evidence' });
    expect(run.state).toBe('failed');
    expect(run.lastSequence).toBe(4);
    for (let after = 0; after <= 4; after++) {
      const events = await drain(run.subscribe(after));
      expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4].slice(after));
    }
    expect(codeOf(() => run.subscribe(5))).toBe('CHAT_STREAM_CURSOR_INVALID');
  });

  it('cancel emits cancelling once and aborts the provider signal; a later stop changes nothing', () => {
    const run = new StreamRun('chr_1', 'chs_1');
    run.emit({ kind: 'active' });
    run.stop('cancelled');
    run.stop('cancelled');
    run.stop('shutdown');
    expect(run.signal.aborted).toBe(true);
    expect(run.stopReason).toBe('cancelled');
    expect(run.state).toBe('cancelling');
    expect(run.lastSequence).toBe(2);
  });

  it('keeps at most the replay window, never drops the terminal event, and reports a gap instead of skipping', async () => {
    const run = new StreamRun('chr_1', 'chs_1');
    const slow = run.subscribe(null);
    run.emit({ kind: 'active' });
    const text = 'x'.repeat(CHAT_LIMITS.maxDeltaCharacters);
    for (let i = 0; i < 100; i++) run.emit({ kind: 'delta', text });
    run.emit({ kind: 'interrupted', reason: 'shutdown' });
    expect(codeOf(() => run.subscribe(null))).toBe('CHAT_STREAM_REPLAY_GAP');
    expect(codeOf(() => run.subscribe(0))).toBe('CHAT_STREAM_REPLAY_GAP');
    const tail = await drain(run.subscribe(run.lastSequence - 1));
    expect(tail.map((event) => event.kind)).toEqual(['interrupted']);
    // A reader left behind the window ends with `overflow`; it never jumps ahead.
    let ended: string | null = null;
    slow.onEnd((reason) => (ended = reason));
    expect(await slow.next()).toBeNull();
    expect(ended).toBe('overflow');
  });

  it('bounds the readers of one run', () => {
    const run = new StreamRun('chr_1', 'chs_1');
    run.emit({ kind: 'active' });
    const readers = Array.from({ length: CHAT_LIMITS.subscribersPerRun }, () => run.subscribe(null));
    expect(codeOf(() => run.subscribe(null))).toBe('CHAT_STREAM_SUBSCRIBER_LIMIT');
    readers[0]?.close();
    expect(codeOf(() => run.subscribe(null))).toBeNull();
  });

  it('wakes a waiting reader on each event and ends it after the terminal event', async () => {
    const run = new StreamRun('chr_1', 'chs_1');
    const reader = run.subscribe(null);
    const collected = drain(reader);
    run.emit({ kind: 'active' });
    await Promise.resolve();
    run.emit({ kind: 'first-token' });
    run.emit({ kind: 'delta', text: 'hi' });
    run.emit({ kind: 'completed', outcome: 'completed', finish_reason: 'stop', message_count: 2, output_characters: 2, label: 'advisory_not_evidence' });
    expect((await collected).map((event) => event.kind)).toEqual(['active', 'first-token', 'delta', 'completed']);
    expect(run.readerCount).toBe(0);
  });
});
