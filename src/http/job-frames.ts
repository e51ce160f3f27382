import type { JobEvent } from '../contract/jobs.js';
import { JOB_LIMITS } from '../contract/limits.js';
import { serializeSseFrame, type SseFrame } from './sse.js';

/** Strings JSON writes as they are, between quotes: printable ASCII other than `"` and `\`. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quote(value: string): string {
  return VERBATIM.test(value) ? `"${value}"` : JSON.stringify(value);
}

function num(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * The JSON text of one job event, exactly as `JSON.stringify` writes it for the contract's
 * JobEvent (fixed keys, in the order the engine builds them), without walking the object
 * generically: the event stream serializes every event a subscriber receives.
 */
export function serializeJobEvent(event: JobEvent): string {
  const progress = event.progress;
  const artifact = event.artifact;
  const error = event.error;
  const progressText =
    progress === null
      ? 'null'
      : `{"completed":${num(progress.completed)},"total":${progress.total === null ? 'null' : num(progress.total)},"stage":${progress.stage === null ? 'null' : quote(progress.stage)},"eta_ms":${progress.eta_ms === null ? 'null' : num(progress.eta_ms)}}`;
  const artifactText = artifact === null ? 'null' : `{"grant":${quote(artifact.grant)},"role":${quote(artifact.role)}}`;
  const errorText = error === null ? 'null' : `{"code":${quote(error.code)},"message":${quote(error.message)}}`;
  return `{"schema_version":${num(event.schema_version)},"job_id":${quote(event.job_id)},"sequence":${num(event.sequence)},"kind":${quote(event.kind)},"state":${quote(event.state)},"occurred_at":${quote(event.occurred_at)},"progress":${progressText},"artifact":${artifactText},"error":${errorText}}`;
}

/**
 * The SSE frames of job events, with the frames of recent events kept direct-mapped by sequence
 * and checked by identity (JOB_LIMITS.serializedFrameCache slots): the subscribers of one event
 * share one frame and one serialization, made when the first of them writes it (a job with no
 * reader serializes nothing). Another job's event in the same slot costs a fresh one.
 */
export class JobEventFrames {
  private readonly recent = new Array<SseFrame | undefined>(JOB_LIMITS.serializedFrameCache);

  /** The SSE frame of a job event: `id` = sequence, `event` = kind, `data` = the event. */
  frameOf(event: JobEvent): SseFrame {
    const slot = event.sequence % JOB_LIMITS.serializedFrameCache;
    const cached = this.recent[slot];
    if (cached !== undefined && cached.data === event) return cached;
    const id = String(event.sequence);
    const text = serializeSseFrame({ id, event: event.kind, data: event }, serializeJobEvent(event));
    const frame: SseFrame = { id, event: event.kind, data: event, text };
    this.recent[slot] = frame;
    return frame;
  }
}
