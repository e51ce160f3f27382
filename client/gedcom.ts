import type { ApiClient, Schemas } from './api-client.js';
import { answerOf, type CallResult } from './answer.js';
import type { GEDCOM_OPERATION_INPUTS, GEDCOM_PLANNED_OPERATIONS, GedcomOperation, GedcomOperationScope } from './generated/contract-constants.js';
import { type JobCancelResponse, type JobFollowItem, type JobSnapshot, type JobsClient } from './jobs.js';

export type GedcomJobResult = Schemas['GedcomJobResult'];
export type ExecutionSelection = Schemas['ExecutionSelection'];

/** An operation's request, as openapi-v1.json names it (`Gedcom<Operation>Request`). */
type GedcomRequest<Operation extends GedcomOperation> = Schemas[`Gedcom${Capitalize<Operation>}Request`];
/** The fields of an operation's request that hold its input grants (each scoped to `gedcom.<operation>`). */
type GrantField<Operation extends GedcomOperation> = (typeof GEDCOM_OPERATION_INPUTS)[Operation][number];
/** The operations with a dry run and a reviewed plan to apply. */
export type GedcomPlannedOperation = (typeof GEDCOM_PLANNED_OPERATIONS)[number];

/** The input grants of an operation, e.g. `{ left, right }` for a merge. */
export type GedcomGrants<Operation extends GedcomOperation> = Pick<GedcomRequest<Operation>, Extract<GrantField<Operation>, keyof GedcomRequest<Operation>>>;
/** The rest of an operation's request; `execution` defaults to offline (deterministic only). */
export type GedcomRunOptions<Operation extends GedcomOperation> = Omit<GedcomRequest<Operation>, GrantField<Operation> | 'execution'> & {
  readonly execution?: ExecutionSelection;
};
/** The options of a dry run, kept with its plan and applied unchanged. */
export type GedcomPlanOptions<Operation extends GedcomPlannedOperation> = Omit<GedcomRunOptions<Operation>, 'dry_run' | 'plan_job'>;

/** A grant minted by the main process for one GEDCOM operation. */
export interface ImportedArtifact {
  readonly grant: string;
  readonly scope: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly expires_at: string;
}

/** Where the main process imports host files as grants and exports output artifacts to host files. */
export interface ArtifactStore {
  importFile(file: string, scope: GedcomOperationScope): Promise<ImportedArtifact>;
  exportOutput(grant: string, file: string): Promise<void>;
}

/** A GEDCOM job that did not succeed: its final snapshot says how (`state`) and why (`error`). */
export class GedcomJobFailed extends Error {
  constructor(readonly snapshot: JobSnapshot) {
    super(`GEDCOM job ${snapshot.job_id} ended ${snapshot.state}${snapshot.error === null ? '' : `: ${snapshot.error.code}`}`);
    this.name = 'GedcomJobFailed';
  }
}

/** A submitted GEDCOM operation. */
export interface GedcomRun {
  readonly jobId: string;
  /**
   * The job's events (queued, started, progress with completed/total/stage/eta, artifact, the
   * terminal one) until it ends; resumes after a dropped connection with Last-Event-ID, and after an
   * expired replay yields a fresh snapshot (jobs.follow).
   */
  progress(signal?: AbortSignal): AsyncGenerator<JobFollowItem>;
  /** Waits for the end and returns the result; a job that did not succeed throws GedcomJobFailed. */
  result(signal?: AbortSignal): Promise<GedcomJobResult>;
  cancel(signal?: AbortSignal): Promise<JobCancelResponse>;
  /** Writes the output artifact of `role` (e.g. `output`) of the succeeded job to a new host file. */
  export(role: string, file: string, signal?: AbortSignal): Promise<void>;
}

/** A dry run's reviewed plan (merge, sync): what `apply` writes, bound to the same inputs and decisions. */
export interface GedcomPlan<Operation extends GedcomPlannedOperation> {
  readonly operation: Operation;
  readonly grants: GedcomGrants<Operation>;
  readonly options: GedcomPlanOptions<Operation> | undefined;
  /** The dry-run job (what `plan_job` names when applying). */
  readonly jobId: string;
  /** The dry run's result: the plan to review (`merge` or `sync`). */
  readonly result: GedcomJobResult;
}

/** The operations: grants in, a job with progress, a result and output artifacts out. */
export class GedcomClient {
  constructor(
    private readonly api: ApiClient,
    private readonly jobs: JobsClient,
    private readonly artifacts: () => ArtifactStore,
  ) {}

  /** Imports a host file into the artifact store as a grant for `operation` (main-process side only). */
  importArtifact(file: string, operation: GedcomOperation): Promise<ImportedArtifact> {
    return this.artifacts().importFile(file, `gedcom.${operation}`);
  }

  /** Submits `operation` on `grants` and returns its run. */
  async run<Operation extends GedcomOperation>(
    operation: Operation,
    grants: GedcomGrants<Operation>,
    options?: GedcomRunOptions<Operation>,
    signal?: AbortSignal,
  ): Promise<GedcomRun> {
    return this.start(operation, { execution: { mode: 'offline' }, ...grants, ...options }, signal);
  }

  /** A dry run of a planned operation (merge, sync), waited for: its result is the plan to review before `apply`. */
  async dryRun<Operation extends GedcomPlannedOperation>(
    operation: Operation,
    grants: GedcomGrants<Operation>,
    options?: GedcomPlanOptions<Operation>,
    signal?: AbortSignal,
  ): Promise<GedcomPlan<Operation>> {
    const run = await this.start(operation, { execution: { mode: 'offline' }, ...grants, ...options, dry_run: true }, signal);
    const result = await run.result(signal);
    return { operation, grants, options, jobId: run.jobId, result };
  }

  /** Writes exactly the reviewed plan: the same inputs and options, bound to the dry run (`plan_job`); a plan gone stale fails with GEDCOM_PLAN_STALE. */
  apply<Operation extends GedcomPlannedOperation>(plan: GedcomPlan<Operation>, signal?: AbortSignal): Promise<GedcomRun> {
    return this.start(plan.operation, { execution: { mode: 'offline' }, ...plan.grants, ...plan.options, plan_job: plan.jobId }, signal);
  }

  /** The run of an already submitted job (e.g. after the shell restarted). */
  handle(jobId: string): GedcomRun {
    const { api, jobs } = this;
    const result = async (signal?: AbortSignal): Promise<GedcomJobResult> => {
      const snapshot = await jobs.wait(jobId, signal);
      if (snapshot.state !== 'succeeded') throw new GedcomJobFailed(snapshot);
      const call = api.GET('/api/v1/gedcom/jobs/{job_id}/result', { params: { path: { job_id: jobId } }, signal });
      return answerOf('GedcomJobResult', call, 'GET /api/v1/gedcom/jobs/{job_id}/result');
    };
    return {
      jobId,
      progress: (signal) => jobs.follow(jobId, { signal }),
      result,
      cancel: (signal) => jobs.cancel(jobId, signal),
      export: async (role, file, signal) => {
        const output = (await result(signal)).outputs.find((artifact) => artifact.role === role);
        if (output === undefined) throw new Error(`GEDCOM job ${jobId} has no ${role} artifact`);
        await this.artifacts().exportOutput(output.grant, file);
      },
    };
  }

  private async start(operation: GedcomOperation, body: object, signal: AbortSignal | undefined): Promise<GedcomRun> {
    const accepted = await answerOf('GedcomJobAccepted', this.submit(operation, body, signal), `POST /api/v1/gedcom/${operation}`);
    return this.handle(accepted.job_id);
  }

  private submit(operation: GedcomOperation, body: object, signal: AbortSignal | undefined): Promise<CallResult> {
    const path: `/api/v1/gedcom/${GedcomOperation}` = `/api/v1/gedcom/${operation}`;
    // cast: the body was assembled from the grants and options typed for this very operation (run,
    // dryRun, apply); the path's union cannot tie it to one request type, and the service validates it
    return this.api.POST(path, { body: body as GedcomRequest<GedcomOperation>, signal });
  }
}
