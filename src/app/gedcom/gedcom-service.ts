import { createHash } from 'node:crypto';
import { Value } from 'typebox/value';
import { codePoints } from '../../contract/code-points.js';
import type { ConsentPurpose } from '../../contract/consent.js';
import type { AdvisoryPayloadPreview, AdvisoryReview, GedcomJobAccepted, GedcomJobResult } from '../../contract/gedcom.js';
import {
  GEDCOM_OPERATION_TABLE,
  GEDCOM_OPERATIONS,
  gedcomOperationEntries,
  type GedcomOperation,
  type GedcomOperationEntry,
  type GedcomRequests,
} from '../../contract/gedcom-operations.js';
import type { ExecutionSelection } from '../../contract/gedcom-schema-parts.js';
import type { JobArtifactReference, JobSnapshot } from '../../contract/jobs.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';
import { ASSUME_VERSION_REMEDIATION, declaredVersion, HEAD_PROBE_BYTES, isZipArchive } from '../../gedcom/boundary.js';
import { ASSUMABLE_GEDCOM_VERSIONS } from '../../contract/gedcom-versions.js';
import type { EventLog } from '../event-log.js';
import { serviceErrorOf } from '../adapter-failures.js';
import { ProviderFailure } from '../providers/model-provider.js';
import { ServiceError } from '../service-error.js';
import type { JobContext, JobEngine, JobResult, JobSubmitter } from '../jobs/job-engine.js';
import { JobCancelledError } from '../jobs/job-work.js';
import type { RunConsent, WithdrawalCode } from '../providers/consent-runs.js';
import type { ExecutionBinding, PreflightRequest } from '../providers/preflight.js';
import type { ArtifactRegistry, ResolvedArtifact } from './artifact-registry.js';
import type { AdvisoryGenerator, AdvisoryText } from './advisory.js';
import { ADVISORY_DATA_CLASSES, ADVISORY_HEADER, ADVISORY_SYSTEM_INSTRUCTION } from './advisory.js';
import type { AdvisoryPromptText, GedcomExecutor, GedcomWorkOutcome } from './gedcom-executor.js';

/** The provider preflight as GEDCOM uses it (the central ProviderPreflight implements it). */
interface GedcomPreflight {
  check(request: PreflightRequest): Promise<ExecutionBinding>;
}

/** The two settings GEDCOM reads. */
export interface GedcomSettings {
  exportVersion(): '5.5.1' | '7.0';
  livingThresholdYears(): number;
}

export interface GedcomServiceDependencies {
  readonly registry: ArtifactRegistry;
  readonly jobs: JobEngine;
  /** Runs the operations off the request thread (the worker pool). */
  readonly executor: GedcomExecutor;
  readonly preflight: GedcomPreflight;
  /** An advisory review with a consent is stopped the moment the consent is revoked (or its budget used up). */
  readonly consentRuns: RunConsent;
  /** Null when no provider adapter is composed: advisory reviews then fail with PROVIDER_UNAVAILABLE. */
  readonly advisory: AdvisoryGenerator | null;
  readonly settings: GedcomSettings;
  readonly now: () => Date;
  readonly log: EventLog;
}

interface Selection {
  readonly mode: ExecutionSelection['mode'];
  readonly profile: string | null;
  readonly model: string | null;
  readonly consent: string | null;
  /** Build the advisory request and return it instead of sending it. */
  readonly preview: boolean;
  /** Send the advisory request only if it is this previewed payload, byte for byte. */
  readonly payloadDigest: string | null;
}

interface JobInput {
  readonly operation: GedcomOperation;
  readonly request: GedcomRequests[GedcomOperation];
  readonly selection: Selection;
  readonly artifacts: readonly ResolvedArtifact[];
  /** The reviewed dry run a writing merge or sync must apply exactly: its job and plan digest. */
  readonly plan: ReviewedPlan | null;
}

interface ReviewedPlan {
  readonly jobId: string;
  readonly digest: string;
}

/** The plan of a writing merge or sync as its section reports it (merge and sync sections carry `plan_digest`). */
function planOf(section: GedcomJobResult[GedcomOperation]): string | null {
  if (section === null || !('plan_digest' in section)) return null;
  return section.plan_digest ?? null;
}

type Sections = Pick<GedcomJobResult, GedcomOperation>;
// cast: one null property per operation of the table, which is what Sections holds when no operation's section is set
const NO_SECTIONS = Object.fromEntries(GEDCOM_OPERATIONS.map((operation) => [operation, null])) as Sections;

function selectionOf(execution: ExecutionSelection): Selection {
  const { mode } = execution;
  const profile = execution.profile ?? null;
  const model = execution.model ?? null;
  const consent = execution.consent ?? null;
  const preview = execution.advisory_preview === true;
  const payloadDigest = execution.advisory_payload_digest ?? null;
  const refuse = (reason: string): ServiceError => new ServiceError('PROVIDER_NOT_ALLOWED', [{ name: 'reason', value: reason }]);
  if (mode === 'offline') {
    if (profile !== null || model !== null || consent !== null || execution.advisory_preview !== undefined || payloadDigest !== null)
      throw refuse('offline_rejects_provider_fields');
  } else {
    if (profile === null || model === null) throw refuse('profile_and_model_required');
    if (mode === 'local' && consent !== null) throw refuse('local_takes_no_consent');
    if (mode === 'cloud' && consent === null) throw new ServiceError('CONSENT_REQUIRED');
  }
  return { mode, profile, model, consent, preview, payloadDigest };
}

/** The preview of an advisory request body: whole digest and count, the body itself up to the preview bound. */
function payloadPreview(binding: ExecutionBinding, body: string): AdvisoryPayloadPreview {
  const bound = GEDCOM_LIMITS.advisoryPayloadPreviewCharacters;
  const characters = codePoints(body);
  return {
    digest: payloadDigest(body),
    characters,
    provider_id: binding.providerId,
    model: binding.model,
    content_type: 'application/json',
    body: characters <= bound ? body : [...body].slice(0, bound).join(''),
    body_truncated: characters > bound,
  };
}

function payloadDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/** The input grants of a request, in the order the operation's table entry names them. */
function grantsOf(entry: GedcomOperationEntry, request: GedcomRequests[GedcomOperation]): string[] {
  const fields: Readonly<Record<string, unknown>> = request;
  return entry.inputs.map((field) => {
    const grant = fields[field];
    if (typeof grant !== 'string') throw new ServiceError('ARTIFACT_GRANT_INVALID');
    return grant;
  });
}

/**
 * The GEDCOM application service: validates a submission (execution selection, grants, version
 * boundary) before any job exists, hands the operation to the executor (the worker pool) as a
 * job, runs the optional advisory review and keeps completed results in a bounded in-process map.
 * Every operation is driven by its entry in GEDCOM_OPERATION_TABLE.
 */
export class GedcomService {
  private readonly results = new Map<string, GedcomJobResult>();
  private readonly submitters: ReadonlyMap<GedcomOperation, JobSubmitter<JobInput>>;

  constructor(private readonly deps: GedcomServiceDependencies) {
    const lane = { name: 'gedcom', capacity: deps.executor.capacity };
    const entries = gedcomOperationEntries();
    this.submitters = new Map(
      entries.map((entry) => [entry.name, deps.jobs.registerKind<JobInput>(`gedcom.${entry.name}`, (input, ctx) => this.runJob(input, ctx), lane)]),
    );
  }

  // ---- submission ---------------------------------------------------------------------------

  async submit<K extends GedcomOperation>(operation: K, request: GedcomRequests[K]): Promise<GedcomJobAccepted> {
    const entry: GedcomOperationEntry = GEDCOM_OPERATION_TABLE[operation];
    const selection = selectionOf(request.execution);
    const scope = `gedcom.${operation}` as const;
    const artifacts: ResolvedArtifact[] = [];
    for (const grant of grantsOf(entry, request)) artifacts.push(await this.deps.registry.resolve(grant, scope));
    if (entry.versionChecked) {
      const assumed = 'assume_version' in request ? request.assume_version : undefined;
      for (const [i, a] of artifacts.entries()) {
        const head = await this.deps.registry.head(a, HEAD_PROBE_BYTES);
        // a GEDZIP's dataset is compressed inside it: its version is checked where it is inflated (the worker), with the same code
        if (isZipArchive(head)) continue;
        const { declared, family } = declaredVersion(head);
        if (family !== null || assumed !== undefined) continue;
        // GEDCOM rule 7: refused at the boundary, naming the input and the choice that lets it through
        throw new ServiceError(
          'GEDCOM_VERSION_UNSUPPORTED',
          [
            { name: 'input', value: entry.inputs[i] ?? null },
            { name: 'declared_version', value: declared === null ? null : declared.slice(0, 32) },
            { name: 'assume_version', value: ASSUMABLE_GEDCOM_VERSIONS.join(' | ') },
          ],
          `${ASSUME_VERSION_REMEDIATION}; set the request field assume_version`,
        );
      }
    }
    const plan = this.reviewedPlan(operation, request);
    if (selection.mode !== 'offline' && entry.advisory !== null) await this.preflight(entry.advisory, selection, false);
    const submitter = this.submitters.get(operation);
    if (submitter === undefined) throw new ServiceError('INTERNAL_FAILURE');
    const snapshot: JobSnapshot = submitter.submit({ operation, request, selection, artifacts, plan });
    return { schema_version: 1, job_id: snapshot.job_id, kind: snapshot.kind, state: snapshot.state };
  }

  /**
   * The dry run a writing merge or sync names (`plan_job`): a succeeded dry run of the same
   * operation whose result is still held; its plan digest is what the run must reproduce.
   */
  private reviewedPlan(operation: GedcomOperation, request: GedcomRequests[GedcomOperation]): ReviewedPlan | null {
    if (!('plan_job' in request) || request.plan_job === undefined) return null;
    const stale = (reason: string): ServiceError => new ServiceError('GEDCOM_PLAN_STALE', [{ name: 'reason', value: reason }]);
    if (request.dry_run === true) throw stale('dry_run_names_a_plan');
    const reviewed = this.result(request.plan_job);
    const section = reviewed.operation === operation ? reviewed[operation] : null;
    const digest = section === null ? null : planOf(section);
    if (section === null || !('dry_run' in section) || section.dry_run !== true || digest === null) throw stale('not_a_dry_run_of_this_operation');
    return { jobId: request.plan_job, digest };
  }

  private preflight(purpose: ConsentPurpose, selection: Selection, charge: boolean): Promise<ExecutionBinding> {
    return this.deps.preflight
      .check({
        // cast: preflight runs only for a provider mode, for which selectionOf refused a null profile or model
        profile: selection.profile as string,
        // cast: as for the profile
        model: selection.model as string,
        module: 'gedcom',
        purpose,
        dataClasses: ADVISORY_DATA_CLASSES,
        consent: selection.consent,
        chargeRun: charge,
      })
      .then((binding) => {
        if (binding.providerKind !== selection.mode) throw new ServiceError('PROVIDER_NOT_ALLOWED', [{ name: 'reason', value: 'execution_mode_mismatch' }]);
        return binding;
      });
  }

  // ---- results ------------------------------------------------------------------------------

  private keep(result: GedcomJobResult): void {
    this.results.set(result.job_id, result);
    while (this.results.size > GEDCOM_LIMITS.retainedResults) {
      const oldest = this.results.keys().next();
      if (oldest.done === true) break;
      this.results.delete(oldest.value);
    }
  }

  /** GEDCOM rule 9: in memory -> the result; known but not here -> stable codes; unknown -> JOB_NOT_FOUND. */
  result(jobId: string): GedcomJobResult {
    const kept = this.results.get(jobId);
    if (kept !== undefined) return kept;
    const snapshot = this.deps.jobs.get(jobId);
    if (!snapshot.kind.startsWith('gedcom.')) throw new ServiceError('JOB_NOT_FOUND');
    switch (snapshot.state) {
      case 'queued':
      case 'running':
      case 'cancelling':
        throw new ServiceError('GEDCOM_JOB_RESULT_PENDING', [{ name: 'state', value: snapshot.state }]);
      case 'succeeded':
        throw new ServiceError('GEDCOM_JOB_RESULT_UNAVAILABLE');
      default:
        throw new ServiceError('GEDCOM_JOB_RESULT_NONE', [
          { name: 'state', value: snapshot.state },
          { name: 'error_code', value: snapshot.error?.code ?? null },
        ]);
    }
  }

  // ---- the job ------------------------------------------------------------------------------

  private async runJob(input: JobInput, ctx: JobContext): Promise<JobResult> {
    const entry: GedcomOperationEntry = GEDCOM_OPERATION_TABLE[input.operation];
    const now = this.deps.now().getTime();
    const wantsAdvice = input.selection.mode !== 'offline' && entry.advisory !== null;
    const outcome = await this.deps.executor.run(
      {
        operation: input.operation,
        request: input.request,
        inputs: input.artifacts,
        exportVersion: this.deps.settings.exportVersion(),
        nowMs: now,
        livingThresholdYears: this.deps.settings.livingThresholdYears(),
        advisoryItems: wantsAdvice ? GEDCOM_LIMITS.advisoryItems : 0,
      },
      { signal: ctx.signal, progress: (report) => ctx.progress(report) },
    );
    const minted: string[] = outcome.output === null ? [] : [outcome.output.grant];
    try {
      const section = this.appliedPlan(this.checkedSection(entry, outcome), input.plan);
      const outputs: JobArtifactReference[] = [];
      if (outcome.output !== null) outputs.push(this.report(ctx, { grant: outcome.output.grant, role: 'output' }));
      const advice = await this.advise(entry, input.selection, ctx, outcome.prompt);
      if (advice.output !== null) {
        minted.push(advice.output.grant);
        outputs.push(advice.output);
      }
      ctx.safePoint();
      this.keep({
        schema_version: 1,
        job_id: ctx.jobId,
        operation: input.operation,
        outputs,
        ...NO_SECTIONS,
        [input.operation]: section,
        advisory: advice.review,
      });
      return { resultProduced: true };
    } catch (error) {
      // A job that does not succeed leaves no output behind (issue 12, item 3).
      for (const grant of minted) await this.deps.registry.discard(grant);
      throw error;
    }
  }

  /**
   * A writing run that names a reviewed dry run keeps its output only when it decided exactly
   * that plan; otherwise the job fails with GEDCOM_PLAN_STALE and its output is discarded. The
   * section reports the plan it applied.
   */
  private appliedPlan(section: GedcomJobResult[GedcomOperation], plan: ReviewedPlan | null): GedcomJobResult[GedcomOperation] {
    if (section === null || !('plan_digest' in section)) return section;
    if (plan === null) return { ...section, plan_job: null };
    if (planOf(section) !== plan.digest) throw new ServiceError('GEDCOM_PLAN_STALE', [{ name: 'reason', value: 'decisions_or_inputs_changed' }]);
    return { ...section, plan_job: plan.jobId };
  }

  /** The worker's section, checked against the operation's schema: a malformed one fails the job, never reaches a client. */
  private checkedSection(entry: GedcomOperationEntry, outcome: GedcomWorkOutcome): GedcomJobResult[GedcomOperation] {
    if (!Value.Check(entry.section, outcome.section)) {
      this.deps.log.event('gedcom.section_invalid', { operation: entry.name });
      throw new ServiceError('GEDCOM_WORKER_FAILED');
    }
    // cast: Value.Check above validated it against the operation's section schema, whose Static type is that operation's section
    return outcome.section as GedcomJobResult[GedcomOperation];
  }

  /**
   * The advisory call, stopped (upstream request aborted) when the job is cancelled or the
   * consent it runs under is withdrawn meanwhile; a withdrawn review keeps nothing of the answer.
   */
  private async generateWatched(advisory: AdvisoryGenerator, binding: ExecutionBinding, prompt: string, jobSignal: AbortSignal): Promise<AdvisoryText> {
    const review = new AbortController();
    const onJobAbort = (): void => review.abort();
    jobSignal.addEventListener('abort', onJobAbort, { once: true });
    let withdrawn: WithdrawalCode | null = null;
    const unwatch =
      binding.consent === null
        ? () => undefined
        : this.deps.consentRuns.watch(binding.consent, (code) => {
            withdrawn = code;
            review.abort();
          });
    try {
      if (binding.consent !== null) this.deps.consentRuns.chargeSent(binding.consent, codePoints(ADVISORY_SYSTEM_INSTRUCTION) + codePoints(prompt));
      const advice = await advisory.generate(binding, ADVISORY_SYSTEM_INSTRUCTION, prompt, review.signal);
      if (withdrawn !== null) throw new ServiceError(withdrawn);
      // The review's answer is charged when it is complete; reaching the bound drops it.
      if (binding.consent !== null && !this.deps.consentRuns.chargeReceived(binding.consent, codePoints(advice.text)))
        throw new ServiceError('CONSENT_BUDGET_EXHAUSTED');
      if (binding.consent !== null) this.deps.consentRuns.chargeTokens(binding.consent, advice.usage);
      return advice;
    } catch (error) {
      throw withdrawn === null ? error : new ServiceError(withdrawn);
    } finally {
      unwatch();
      jobSignal.removeEventListener('abort', onJobAbort);
    }
  }

  private report(ctx: JobContext, reference: JobArtifactReference): JobArtifactReference {
    ctx.artifact(reference);
    return reference;
  }

  private async advise(
    entry: GedcomOperationEntry,
    selection: Selection,
    ctx: JobContext,
    prompt: AdvisoryPromptText | null,
  ): Promise<{ review: AdvisoryReview; output: JobArtifactReference | null }> {
    const base: AdvisoryReview = {
      label: 'advisory',
      status: 'not_requested',
      mode: selection.mode,
      error_code: null,
      finish_reason: null,
      items_reviewed: 0,
      living_redacted: 0,
      restricted_redacted: 0,
    };
    if (selection.mode === 'offline') return { review: base, output: null };
    if (entry.advisory === null || prompt === null) return { review: { ...base, status: 'not_applicable' }, output: null };
    const redacted = { living_redacted: prompt.livingRedacted, restricted_redacted: prompt.restrictedRedacted };
    if (prompt.items === 0) return { review: { ...base, status: 'completed', ...redacted }, output: null };
    try {
      ctx.safePoint();
      const advisory = this.deps.advisory;
      if (advisory === null) throw new ServiceError('PROVIDER_UNAVAILABLE');
      // A preview, or a run that names one, builds the request first without charging the consent.
      if (selection.preview || selection.payloadDigest !== null) {
        const unchargedBinding = await this.preflight(entry.advisory, selection, false);
        const body = advisory.payload(unchargedBinding, ADVISORY_SYSTEM_INSTRUCTION, prompt.text);
        if (selection.preview)
          return {
            review: { ...base, status: 'previewed', items_reviewed: prompt.items, ...redacted, payload: payloadPreview(unchargedBinding, body) },
            output: null,
          };
        if (payloadDigest(body) !== selection.payloadDigest) throw new ServiceError('ADVISORY_PAYLOAD_STALE');
      }
      const binding = await this.preflight(entry.advisory, selection, true);
      if (selection.payloadDigest !== null && payloadDigest(advisory.payload(binding, ADVISORY_SYSTEM_INSTRUCTION, prompt.text)) !== selection.payloadDigest) {
        throw new ServiceError('ADVISORY_PAYLOAD_STALE');
      }
      const advice = await this.generateWatched(advisory, binding, prompt.text, ctx.signal);
      // A refused review is dropped (no artifact); a truncated one is kept and says so.
      if (advice.outcome === 'refused') return { review: { ...base, status: 'refused', error_code: 'PROVIDER_REFUSED', ...redacted }, output: null };
      const body = ADVISORY_HEADER + advice.text.slice(0, GEDCOM_LIMITS.advisoryOutputCharacters) + '\n';
      ctx.safePoint();
      const minted = await this.deps.registry.store([Buffer.from(body, 'utf8')]);
      if (ctx.signal.aborted) {
        await this.deps.registry.discard(minted.grant);
        throw new JobCancelledError();
      }
      const output = this.report(ctx, { grant: minted.grant, role: 'advisory' });
      return { review: { ...base, status: advice.outcome, finish_reason: advice.finishReason, items_reviewed: prompt.items, ...redacted }, output };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const code = error instanceof ProviderFailure ? error.code : (serviceErrorOf(error)?.code ?? 'PROVIDER_FAILED');
      this.deps.log.event('gedcom.advisory_failed', { code });
      return { review: { ...base, status: 'failed', error_code: code, items_reviewed: 0, ...redacted }, output: null };
    }
  }
}
