import {
  CHAT_SCHEMA_VERSION,
  type ADVISORY_LABEL,
  type ChatRunFailureCode,
  type DroppedOutcome,
  type KeptOutcome,
  type ChatStreamEvent,
  type ChatStreamState,
  type InterruptReason,
  type TerminalChatStreamKind,
} from '../../contract/chat.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { FinishReason } from '../providers/model-provider.js';
import { ReplayBuffer } from '../replay-buffer.js';
import { ServiceError } from '../service-error.js';

/** Splits provider text into delta-sized pieces without cutting a surrogate pair. */
export function deltaPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  let count = 0;
  for (const character of text) {
    piece += character;
    if (++count === CHAT_LIMITS.maxDeltaCharacters) {
      pieces.push(piece);
      piece = '';
      count = 0;
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/** Why a reader's stream ended: all delivered, fell out of the replay window, or closed by the reader. */
export type StreamEndReason = 'completed' | 'overflow' | 'closed';

/** Bytes one event takes on the wire: its JSON plus the `id:`, `event:` and `data:` framing. */
function frameBytes(event: ChatStreamEvent): number {
  return Buffer.byteLength(JSON.stringify(event), 'utf8') + event.kind.length + String(event.sequence).length + 24;
}

type EventFields =
  | { readonly kind: 'active' | 'first-token' | 'cancelling' }
  | { readonly kind: 'delta'; readonly text: string }
  | {
      readonly kind: 'completed';
      readonly outcome: KeptOutcome;
      readonly finish_reason: FinishReason;
      readonly message_count: number;
      readonly output_characters: number;
      readonly label: typeof ADVISORY_LABEL;
    }
  | { readonly kind: 'interrupted'; readonly reason: InterruptReason }
  | { readonly kind: 'failed'; readonly outcome: DroppedOutcome; readonly code: ChatRunFailureCode; readonly remediation: string | null };

/**
 * The events of one stream run: monotonic sequences from 1, retained in a replay window of at
 * most `replayBufferBytes` (oldest dropped first, the terminal event never), read by at most
 * `subscribersPerRun` cursors. A reader that falls behind the window is ended with `overflow`,
 * never moved forward: it resumes by Last-Event-ID and is then told about the gap.
 */
export class StreamRun {
  private readonly events = new ReplayBuffer<ChatStreamEvent>({ maxBytes: CHAT_LIMITS.replayBufferBytes }, frameBytes);
  private nextSequence = 1;
  private current: ChatStreamState = 'active';
  private readonly readers = new Set<StreamReader>();
  private readonly controller = new AbortController();
  private interruptReason: InterruptReason | null = null;

  constructor(
    readonly runId: string,
    readonly sessionId: string,
  ) {}

  get state(): ChatStreamState {
    return this.current;
  }

  get terminal(): boolean {
    return this.current !== 'active' && this.current !== 'cancelling';
  }

  /** Aborted on cancel, shutdown or session deletion; the provider adapter closes its socket. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the run was stopped, if it was. */
  get stopReason(): InterruptReason | null {
    return this.interruptReason;
  }

  get lastSequence(): number {
    return this.nextSequence - 1;
  }

  get readerCount(): number {
    return this.readers.size;
  }

  /** Appends one event. Nothing is appended after the terminal event. */
  emit(fields: EventFields): void {
    if (this.terminal) return;
    // cast: fields is one ChatStreamEvent variant without the envelope fields added here; TypeScript does not re-derive the union from a spread of one
    const event = { schema_version: CHAT_SCHEMA_VERSION, run_id: this.runId, sequence: this.nextSequence++, ...fields } as ChatStreamEvent;
    this.events.append(event);
    if (fields.kind === 'cancelling') this.current = 'cancelling';
    if (fields.kind === 'completed' || fields.kind === 'interrupted' || fields.kind === 'failed') this.current = fields.kind satisfies TerminalChatStreamKind;
    for (const reader of [...this.readers]) reader.wake();
  }

  /** Requests a stop: `cancelled` emits `cancelling` once; both abort the provider call. Idempotent. */
  stop(reason: InterruptReason): void {
    if (this.terminal) return;
    if (this.interruptReason === null) {
      this.interruptReason = reason;
      if (reason === 'cancelled') this.emit({ kind: 'cancelling' });
    }
    this.controller.abort();
  }

  /**
   * A reader from just after `lastEventId` (null: from the first event). A cursor beyond the last
   * event is invalid; one whose next event has left the window is a replay gap.
   */
  subscribe(lastEventId: number | null): StreamReader {
    const after = lastEventId ?? 0;
    if (after > this.lastSequence) throw new ServiceError('CHAT_STREAM_CURSOR_INVALID');
    const firstRetained = this.events.firstSequence() ?? this.nextSequence;
    if (after + 1 < firstRetained) {
      throw new ServiceError('CHAT_STREAM_REPLAY_GAP', [
        { name: 'first_retained_sequence', value: firstRetained },
        { name: 'last_sequence', value: this.lastSequence },
      ]);
    }
    if (this.readers.size >= CHAT_LIMITS.subscribersPerRun) throw new ServiceError('CHAT_STREAM_SUBSCRIBER_LIMIT');
    const reader = new StreamReader(this, after + 1, (gone) => this.readers.delete(gone));
    this.readers.add(reader);
    return reader;
  }

  /** The retained event of a sequence, `gap` if it left the window, or null if not yet emitted. */
  eventAt(sequence: number): ChatStreamEvent | 'gap' | null {
    return this.events.at(sequence);
  }

  /** Ends every reader (session deleted): they deliver what they may and stop. */
  detachReaders(): void {
    for (const reader of [...this.readers]) reader.wake();
  }
}

/** One reader's cursor into a stream run. */
export class StreamReader {
  private wakeUp: (() => void) | null = null;
  private readonly endListeners = new Set<(reason: StreamEndReason) => void>();
  private ended = false;

  constructor(
    private readonly run: StreamRun,
    private cursor: number,
    private readonly release: (reader: StreamReader) => void,
  ) {}

  wake(): void {
    const resolve = this.wakeUp;
    this.wakeUp = null;
    resolve?.();
  }

  /** The next event in order; null when the run ended and everything was delivered, or the reader ended. */
  async next(): Promise<ChatStreamEvent | null> {
    for (;;) {
      if (this.ended) return null;
      const event = this.run.eventAt(this.cursor);
      if (event === 'gap') {
        this.end('overflow');
        return null;
      }
      if (event !== null) {
        this.cursor++;
        return event;
      }
      if (this.run.terminal) {
        this.end('completed');
        return null;
      }
      await new Promise<void>((resolve) => (this.wakeUp = resolve));
    }
  }

  /** The next event if it is already retained, without waiting; null otherwise (next() reports gaps and ends). */
  poll(): ChatStreamEvent | null {
    if (this.ended) return null;
    const event = this.run.eventAt(this.cursor);
    if (event === null || event === 'gap') return null;
    this.cursor++;
    return event;
  }

  onEnd(listener: (reason: StreamEndReason) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  close(): void {
    this.end('closed');
  }

  private end(reason: StreamEndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.release(this);
    this.wake();
    for (const listener of [...this.endListeners]) listener(reason);
  }
}
