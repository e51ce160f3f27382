import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventSubscription } from '../../src/app/jobs/event-subscription.js';
import type { JobContext, JobEngine, JobSubmitter } from '../../src/app/jobs/job-engine.js';
import { InMemoryJobLedger, type JobLedger, type JobRecord } from '../../src/app/jobs/job-ledger.js';
import { ServiceError } from '../../src/app/service-error.js';
import { isTerminalState, type JobEvent } from '../../src/contract/jobs.js';
import { JOB_LIMITS } from '../../src/contract/limits.js';
import { testJobEngine } from '../support/job-engine.js';

type Step = 'progress' | 'safe' | 'complete' | 'fail';

/** The steps a test feeds one job's handler; the handler waits for each. */
class StepBox {
  private readonly steps: Step[] = [];
  private waiter: ((step: Step) => void) | null = null;
  push(step: Step): void {
    if (this.waiter) {
      const wake = this.waiter;
      this.waiter = null;
      wake(step);
    } else this.steps.push(step);
  }
  next(): Promise<Step> {
    const step = this.steps.shift();
    return step !== undefined ? Promise.resolve(step) : new Promise((resolve) => (this.waiter = resolve));
  }
}

/** One simulated process: an engine whose ledger writes stop when the process dies. */
interface Process {
  readonly engine: JobEngine;
  readonly submitter: JobSubmitter<null>;
  readonly boxes: Map<string, StepBox>;
  alive: boolean;
}

interface Watched {
  readonly process: Process;
  readonly generation: number;
  readonly jobId: string;
  readonly subscription: EventSubscription<JobEvent>;
  /** The Last-Event-ID given, or null for "everything retained". */
  readonly after: number | null;
  readonly received: JobEvent[];
  disconnected: boolean;
}

type Op =
  | { op: 'submit' }
  | { op: 'step'; job: number; step: Step; count: number }
  | { op: 'cancel'; job: number }
  | { op: 'subscribe'; job: number; back: number | null }
  | { op: 'consume'; watcher: number; count: number }
  | { op: 'disconnect'; watcher: number }
  | { op: 'shutdown' }
  | { op: 'crash' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Op>({ op: 'submit' }) },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('step' as const),
      job: fc.nat(),
      step: fc.constantFrom<Step>('progress', 'progress', 'safe', 'complete', 'fail'),
      count: fc.integer({ min: 1, max: 90 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), job: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('subscribe' as const), job: fc.nat(), back: fc.option(fc.nat({ max: 300 })) }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('consume' as const), watcher: fc.nat(), count: fc.integer({ min: 1, max: 200 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('disconnect' as const), watcher: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: 'shutdown' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: 'crash' }) },
);

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

let keptUp = 0;

async function runScenario(ops: readonly Op[]): Promise<void> {
  const store = new InMemoryJobLedger();
  /** Every durable save, in order, tagged with the process that made it. */
  const saves: Array<{ generation: number; record: JobRecord }> = [];
  let clock = 1_700_000_000_000;
  let ids = 0;
  const jobIds: string[] = [];
  const watchers: Watched[] = [];
  let generation = 0;

  const boot = (): Process => {
    generation++;
    const mine = generation;
    const process: Process = {
      engine: undefined as unknown as JobEngine,
      submitter: undefined as unknown as JobSubmitter<null>,
      boxes: new Map(),
      alive: true,
    };
    const ledger: JobLedger = {
      save: (record) => {
        if (!process.alive) throw new Error('process is dead');
        saves.push({ generation: mine, record });
        store.save(record);
      },
      saveAll: (records) => {
        if (!process.alive) throw new Error('process is dead');
        for (const record of records) saves.push({ generation: mine, record });
        store.saveAll(records);
      },
      get: (jobId) => store.get(jobId),
      page: (before, limit) => store.page(before, limit),
      nonTerminal: () => store.nonTerminal(),
      pruneTerminal: () => undefined,
    };
    const engine = testJobEngine(
      ledger,
      () => clock++,
      () => `job_${(ids++).toString(16).padStart(32, '0')}`,
    );
    const boxOf = (jobId: string): StepBox => {
      let box = process.boxes.get(jobId);
      if (!box) process.boxes.set(jobId, (box = new StepBox()));
      return box;
    };
    const submitter = engine.registerKind<null>('test.scripted', async (_input, context: JobContext) => {
      let completed = 0;
      for (;;) {
        const step = await boxOf(context.jobId).next();
        if (step === 'progress') context.progress({ completed: ++completed });
        else if (step === 'safe') context.safePoint();
        else if (step === 'complete') return { resultProduced: true };
        else throw new ServiceError('INTERNAL_FAILURE');
      }
    });
    Object.assign(process, { engine, submitter });
    engine.start();
    return process;
  };

  let current = boot();
  const boxFor = (jobId: string): StepBox => {
    let box = current.boxes.get(jobId);
    if (!box) current.boxes.set(jobId, (box = new StepBox()));
    return box;
  };
  const drain = (watcher: Watched, count: number): void => {
    for (let i = 0; i < count; i++) {
      const event = watcher.subscription.poll();
      if (event === null) return;
      watcher.received.push(event);
    }
  };

  for (const op of ops) {
    switch (op.op) {
      case 'submit':
        if (jobIds.length < 12) {
          try {
            jobIds.push(current.submitter.submit(null).job_id);
          } catch (error) {
            expect((error as ServiceError).code).toBe('JOB_QUEUE_FULL');
          }
        }
        break;
      case 'step': {
        const jobId = jobIds[op.job % Math.max(1, jobIds.length)];
        if (jobId === undefined) break;
        for (let i = 0; i < (op.step === 'progress' ? op.count : 1); i++) boxFor(jobId).push(op.step);
        break;
      }
      case 'cancel': {
        const jobId = jobIds[op.job % Math.max(1, jobIds.length)];
        if (jobId === undefined) break;
        const first = current.engine.cancel(jobId);
        const again = current.engine.cancel(jobId);
        // Idempotent: the same answer and no new event.
        expect(again).toEqual(first);
        break;
      }
      case 'subscribe': {
        const jobId = jobIds[op.job % Math.max(1, jobIds.length)];
        if (jobId === undefined) break;
        const latest = current.engine.get(jobId).last_event_id;
        const after = op.back === null ? null : Math.max(0, latest - op.back);
        try {
          const { subscription } = current.engine.subscribe(jobId, after);
          watchers.push({ process: current, generation, jobId, subscription, after, received: [], disconnected: false });
        } catch (error) {
          expect(['JOB_EVENT_REPLAY_EXPIRED', 'JOB_SUBSCRIBER_LIMIT']).toContain((error as ServiceError).code);
        }
        break;
      }
      case 'consume': {
        const watcher = watchers[op.watcher % Math.max(1, watchers.length)];
        if (watcher && watcher.process === current && !watcher.disconnected) drain(watcher, op.count);
        break;
      }
      case 'disconnect': {
        const watcher = watchers[op.watcher % Math.max(1, watchers.length)];
        if (watcher && !watcher.disconnected) {
          watcher.disconnected = true;
          watcher.subscription.close();
        }
        break;
      }
      case 'shutdown':
        current.engine.shutdown();
        for (const watcher of watchers) if (watcher.process === current && !watcher.disconnected) drain(watcher, Number.MAX_SAFE_INTEGER);
        current.alive = false;
        current = boot();
        break;
      case 'crash':
        // SIGKILL: nothing more is written or delivered by the old process.
        current.alive = false;
        for (const watcher of watchers) if (watcher.process === current) watcher.disconnected = true;
        current = boot();
        break;
    }
    await settle();
  }
  // End of the run: a graceful stop, then every reader that is still attached catches up.
  current.engine.shutdown();
  for (const watcher of watchers) if (watcher.process === current && !watcher.disconnected) drain(watcher, Number.MAX_SAFE_INTEGER);
  const final = boot();

  for (const jobId of jobIds) {
    const tagged = saves.filter((save) => save.record.jobId === jobId);
    const history = tagged.map((save) => save.record);
    // Exactly one terminal outcome, durably recorded once, and never changed afterwards.
    const terminalAt = history.findIndex((record) => isTerminalState(record.state));
    expect(terminalAt).toBeGreaterThanOrEqual(0);
    expect(history.length - 1).toBe(terminalAt);
    const terminal = history[terminalAt] as JobRecord;
    expect(terminal.terminalEvent?.sequence).toBe(terminal.lastSequence);
    expect(terminal.terminalEvent?.kind).toBe(terminal.state);
    // Durable sequences never go back.
    for (let i = 1; i < history.length; i++) expect((history[i] as JobRecord).lastSequence).toBeGreaterThan((history[i - 1] as JobRecord).lastSequence);
    expect(final.engine.get(jobId).state).toBe(terminal.state);

    const mine = watchers.filter((watcher) => watcher.jobId === jobId);
    for (const watcher of mine) {
      // Strictly increasing, contiguous from where the reader started, never past the terminal event.
      const base = watcher.after ?? (watcher.received[0]?.sequence ?? 1) - 1;
      watcher.received.forEach((event, index) => expect(event.sequence).toBe(base + 1 + index));
      const terminals = watcher.received.filter((event) => isTerminalState(event.state) && event.kind === event.state);
      expect(terminals.length).toBeLessThanOrEqual(1);
      if (terminals.length === 1) {
        expect(watcher.received.at(-1)).toEqual(terminal.terminalEvent);
      }
      // Every id a reader saw precedes the terminal event, even when a later process wrote it.
      for (const event of watcher.received) expect(event.sequence).toBeLessThanOrEqual(terminal.lastSequence);
      // A reader that kept up (attached to the process that ended the job, never closed or overflowed) lost nothing.
      const endedInItsProcess = tagged[terminalAt]?.generation === watcher.generation;
      // A reader that resumed at or after the terminal event (e.g. after a restart reconciled the job) has nothing left to read.
      const resumedAtEnd = watcher.after !== null && watcher.after >= terminal.lastSequence;
      if (resumedAtEnd) expect(watcher.received).toEqual([]);
      else if (watcher.subscription.end === 'completed' && !watcher.disconnected && endedInItsProcess) {
        expect(watcher.received.at(-1)).toEqual(terminal.terminalEvent);
        keptUp++;
      }
    }
    // A fresh reader replays the retained tail and ends on the one terminal event.
    const { subscription } = final.engine.subscribe(jobId, null);
    const replay: JobEvent[] = [];
    for (let event = subscription.poll(); event !== null; event = subscription.poll()) replay.push(event);
    expect(replay.filter((event) => event.kind === terminal.state && isTerminalState(event.kind))).toHaveLength(1);
    expect(replay.at(-1)).toEqual(terminal.terminalEvent);
  }
}

describe('job engine under random interleavings', () => {
  it('every job ends in exactly one terminal outcome and event; sequences increase; readers that keep up lose nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 60 }), (ops) => runScenario(ops)),
      { numRuns: 200 },
    );
    // The property exercised the no-loss clause, not only the vacuous case.
    expect(keptUp).toBeGreaterThan(0);
  });

  it('a burst beyond the queue bound closes only the reader that did not read', async () => {
    expect(JOB_LIMITS.subscriberQueueEvents).toBe(64);
    const before = keptUp;
    await runScenario([
      { op: 'submit' },
      { op: 'subscribe', job: 0, back: null },
      { op: 'subscribe', job: 0, back: null },
      { op: 'step', job: 0, step: 'progress', count: 30 },
      { op: 'consume', watcher: 0, count: 200 },
      { op: 'step', job: 0, step: 'progress', count: 40 },
      { op: 'consume', watcher: 0, count: 200 },
      { op: 'step', job: 0, step: 'complete', count: 1 },
      { op: 'consume', watcher: 0, count: 200 },
    ]);
    expect(keptUp).toBe(before + 1);
  });
});
