import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Type, type Static } from 'typebox';
import type { ModuleDeclaration } from '../../src/app/capabilities/module-registry.js';
import type { JobContext } from '../../src/app/jobs/job-engine.js';
import { JobCancelledError } from '../../src/app/jobs/job-work.js';
import { ServiceError } from '../../src/app/service-error.js';
import type { CompositionExtension } from '../../src/main/compositions/extensions.js';
import { bindRoute, declareRoute } from '../../src/http/route-definition.js';
import { JobPathParams, JobSnapshot } from '../../src/contract/jobs.js';
import { GEDCOM_STAGE_NAMES } from '../../src/contract/gedcom-stages.js';
import type { GedcomCheckpoints, TaskHooks } from '../../src/infra/gedcom/worker-pool.js';

/**
 * The test-only job producer. Only the test entry (test/support/test-cli.ts) installs it; the default
 * composition has no producer and no submission route (spec section 9, rule 6).
 */
export const TESTING_MODULE: ModuleDeclaration = {
  moduleId: 'testing',
  name: 'Testing',
  summary: 'Test-only scripted job producer; never part of the default composition.',
  actions: [
    { dispatchKey: 'testing.submit_job', name: 'submit_job', summary: 'Submits a scripted job.' },
    { dispatchKey: 'testing.release_job', name: 'release_job', summary: 'Releases a scripted job held at its safe point.' },
    { dispatchKey: 'testing.gedcom_arm', name: 'gedcom_arm', summary: 'Arms the next GEDCOM task: a checkpoint and/or a heap ceiling.' },
    { dispatchKey: 'testing.gedcom_held', name: 'gedcom_held', summary: 'Waits until a GEDCOM task holds at its checkpoint.' },
    { dispatchKey: 'testing.gedcom_release', name: 'gedcom_release', summary: 'Releases every held GEDCOM task.' },
  ],
};

/** Arms the next GEDCOM task of the test composition (the worker pool consumes it when the task starts). */
export const GedcomArmRequest = Type.Object(
  {
    stage: Type.Optional(Type.Enum(GEDCOM_STAGE_NAMES)),
    action: Type.Optional(Type.Enum(['hold', 'throw', 'overflow_stack', 'exhaust_memory'])),
    heap_mb: Type.Optional(Type.Integer({ minimum: 8, maximum: 4096 })),
  },
  { additionalProperties: false },
);
export type GedcomArmRequest = Static<typeof GedcomArmRequest>;

const HELD_TASKS_MAX = 16;

/** The hooks the test composition hands the GEDCOM worker pool, driven by the testing routes. */
class TestGedcomCheckpoints implements GedcomCheckpoints {
  private armed: TaskHooks | null = null;
  private readonly holding: (() => void)[] = [];
  private readonly waiting: ((count: number) => void)[] = [];

  arm(request: GedcomArmRequest): void {
    const checkpoint = request.stage === undefined ? null : { stage: request.stage, action: request.action ?? 'hold' };
    this.armed = { checkpoint, maxOldGenerationMb: request.heap_mb ?? null };
  }

  next(): TaskHooks | null {
    const hooks = this.armed;
    this.armed = null;
    return hooks;
  }

  held(release: () => void, ended: Promise<void>): void {
    if (this.holding.length >= HELD_TASKS_MAX) throw new Error('too many held tasks');
    this.holding.push(release);
    // a task that ends otherwise (cancelled, shut down) no longer holds
    void ended.then(() => {
      const index = this.holding.indexOf(release);
      if (index !== -1) this.holding.splice(index, 1);
    });
    for (const wake of this.waiting.splice(0)) wake(this.holding.length);
  }

  /** Resolves once at least one task holds. */
  whenHeld(): Promise<number> {
    if (this.holding.length > 0) return Promise.resolve(this.holding.length);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  releaseAll(): number {
    const released = this.holding.splice(0);
    for (const release of released) release();
    return released.length;
  }
}

export const ScriptedJobRequest = Type.Object(
  {
    /** Progress events emitted first, one safe point each. */
    progress_events: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    /** The handler yields to the event loop after this many events (a well-behaved producer). */
    yield_every: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    artifacts: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
    /** Wait for a release before the first progress event (cancellation is seen at the safe point after it). */
    hold_before: Type.Optional(Type.Boolean()),
    /** After the artifacts, wait at a safe point: until released, or until released or cancelled. */
    hold: Type.Optional(Type.Union([Type.Literal('release'), Type.Literal('release_or_cancel')])),
    outcome: Type.Optional(Type.Union([Type.Literal('succeed'), Type.Literal('fail')])),
  },
  { additionalProperties: false },
);
export type ScriptedJobRequest = Static<typeof ScriptedJobRequest>;

const HELD_JOBS_MAX = 256;

/** The hooks the test entry hands the GEDCOM worker pool; the testing routes drive them. */
export const gedcomCheckpoints = new TestGedcomCheckpoints();

/** The test-only routes as declared: exposed from readiness on, bound once the job engine exists. */
const TESTING_ROUTES = {
  submitTestingJob: declareRoute({
    operationId: 'submitTestingJob',
    method: 'POST',
    path: '/api/v1/testing/jobs',
    dispatchKey: 'testing.submit_job',
    summary: 'Submit a scripted job (test composition only)',
    tags: ['testing'],
    body: ScriptedJobRequest,
    success: { status: 200, description: 'The new job.', schema: JobSnapshot, contentType: 'application/json' },
  }),
  releaseTestingJob: declareRoute({
    operationId: 'releaseTestingJob',
    method: 'POST',
    path: '/api/v1/testing/jobs/{job_id}/release',
    dispatchKey: 'testing.release_job',
    summary: 'Release a held scripted job (test composition only)',
    tags: ['testing'],
    params: JobPathParams,
    success: {
      status: 200,
      description: 'Whether a held job was released.',
      schema: Type.Object({ released: Type.Boolean() }),
      contentType: 'application/json',
    },
  }),
  armTestingGedcomTask: declareRoute({
    operationId: 'armTestingGedcomTask',
    method: 'POST',
    path: '/api/v1/testing/gedcom/arm',
    dispatchKey: 'testing.gedcom_arm',
    summary: 'Arm the next GEDCOM task (test composition only)',
    tags: ['testing'],
    body: GedcomArmRequest,
    success: { status: 200, description: 'Armed.', schema: Type.Object({ armed: Type.Boolean() }), contentType: 'application/json' },
  }),
  waitTestingGedcomHeld: declareRoute({
    operationId: 'waitTestingGedcomHeld',
    method: 'GET',
    path: '/api/v1/testing/gedcom/held',
    dispatchKey: 'testing.gedcom_held',
    summary: 'Wait until a GEDCOM task holds (test composition only)',
    tags: ['testing'],
    success: { status: 200, description: 'Tasks holding.', schema: Type.Object({ held: Type.Integer() }), contentType: 'application/json' },
  }),
  releaseTestingGedcomTasks: declareRoute({
    operationId: 'releaseTestingGedcomTasks',
    method: 'POST',
    path: '/api/v1/testing/gedcom/release',
    dispatchKey: 'testing.gedcom_release',
    summary: 'Release held GEDCOM tasks (test composition only)',
    tags: ['testing'],
    success: { status: 200, description: 'Tasks released.', schema: Type.Object({ released: Type.Integer() }), contentType: 'application/json' },
  }),
} as const;

export const testingExtension: CompositionExtension = {
  name: 'testing',
  capabilities: [{ module: TESTING_MODULE, routes: Object.values(TESTING_ROUTES) }],
  bindRoutes({ jobs }) {
    const held = new Map<string, () => void>();
    const waitForRelease = (context: JobContext, orCancel: boolean): Promise<void> => {
      if (held.size >= HELD_JOBS_MAX) throw new Error('too many held jobs');
      return new Promise<void>((resolve) => {
        held.set(context.jobId, () => {
          held.delete(context.jobId);
          resolve();
        });
        if (orCancel) context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
    };
    const submitter = jobs.registerKind<ScriptedJobRequest>('testing.scripted', async (script, context: JobContext) => {
      const yieldEvery = script.yield_every ?? 16;
      if (script.hold_before === true) {
        await waitForRelease(context, false);
        context.safePoint();
      }
      for (let i = 1; i <= script.progress_events; i++) {
        context.progress({ completed: i, total: script.progress_events, stage: 'scripted' });
        context.safePoint();
        if (i % yieldEvery === 0) await yieldToLoop();
      }
      for (let i = 0; i < (script.artifacts ?? 0); i++) {
        context.artifact({ grant: `agr_${i.toString(16).padStart(32, '0')}`, role: 'output' });
      }
      if (script.hold !== undefined) {
        await waitForRelease(context, script.hold === 'release_or_cancel');
        context.safePoint();
      }
      if (context.signal.aborted) throw new JobCancelledError();
      if (script.outcome === 'fail') throw new ServiceError('GEDCOM_VERSION_UNSUPPORTED');
      return { resultProduced: true };
    });
    return [
      bindRoute(TESTING_ROUTES.submitTestingJob, async (request) => submitter.submit(request.body)),
      bindRoute(TESTING_ROUTES.releaseTestingJob, async (request) => {
        const release = held.get(request.params.job_id);
        release?.();
        return { released: release !== undefined };
      }),
      bindRoute(TESTING_ROUTES.armTestingGedcomTask, async (request) => {
        gedcomCheckpoints.arm(request.body);
        return { armed: true };
      }),
      bindRoute(TESTING_ROUTES.waitTestingGedcomHeld, async () => ({ held: await gedcomCheckpoints.whenHeld() })),
      bindRoute(TESTING_ROUTES.releaseTestingGedcomTasks, async () => ({ released: gedcomCheckpoints.releaseAll() })),
    ];
  },
};
