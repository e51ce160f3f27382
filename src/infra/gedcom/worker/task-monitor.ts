import { GEDCOM_WORKER_LIMITS } from '../../../contract/limits.js';
import { WorkCancelled, type WorkMonitor, type WorkStage } from '../../../gedcom/index.js';
import { CONTROL, type TaskCheckpoint, type WorkerMessage } from '../worker-protocol.js';

/**
 * The engine's WorkMonitor inside a worker: sees a cancel through the shared control array at
 * every step (a single atomic load), and turns steps into progress messages coalesced to at most
 * one per `progressIntervalMs` and only on a visible change (a stage change is always sent).
 * The test composition's checkpoint (hold, or a deliberate fault) fires when its stage begins.
 */
export class TaskMonitor implements WorkMonitor {
  private stage: WorkStage | null = null;
  private lastPostAt = Number.NEGATIVE_INFINITY;
  private lastFraction = -1;
  private lastDone = -1;

  constructor(
    private readonly control: Int32Array,
    private readonly post: (message: WorkerMessage) => void,
    private readonly checkpoint: TaskCheckpoint | null,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get cancelled(): boolean {
    return Atomics.load(this.control, CONTROL.cancel) !== 0;
  }

  step(stage: WorkStage, done: number, total: number | null): void {
    if (this.cancelled) throw new WorkCancelled();
    if (stage !== this.stage) {
      this.stage = stage;
      this.send(stage, done, total);
      if (this.checkpoint !== null && this.checkpoint.stage === stage) this.reach(this.checkpoint);
      return;
    }
    const now = this.clock();
    if (now - this.lastPostAt < GEDCOM_WORKER_LIMITS.progressIntervalMs) return;
    if (total !== null && total > 0) {
      if (done / total - this.lastFraction < GEDCOM_WORKER_LIMITS.progressMinDelta && done !== total) return;
    } else if (done === this.lastDone) return;
    this.send(stage, done, total);
  }

  private send(stage: WorkStage, done: number, total: number | null): void {
    const whole = (n: number): number => (Number.isSafeInteger(n) && n >= 0 ? n : 0);
    this.lastPostAt = this.clock();
    this.lastDone = done;
    this.lastFraction = total !== null && total > 0 ? done / total : -1;
    this.post({ type: 'progress', stage, done: whole(done), total: total === null ? null : whole(total) });
  }

  private reach(checkpoint: TaskCheckpoint): void {
    switch (checkpoint.action) {
      case 'hold':
        this.post({ type: 'held' });
        Atomics.wait(this.control, CONTROL.gate, 0);
        if (this.cancelled) throw new WorkCancelled();
        return;
      case 'throw':
        throw new Error('deliberate fault of the test composition');
      case 'overflow_stack':
        overflow(0);
        return;
      case 'exhaust_memory':
        exhaust();
        return;
    }
  }
}

function overflow(depth: number): number {
  return overflow(depth + 1) + 1;
}

function exhaust(): void {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 1 << 16 }, (_, i) => i));
}
