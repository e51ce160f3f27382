import type { ConsentPurpose } from '../../contract/consent.js';
import type {
  AdvisoryReview,
  ExecutionSelection,
  GedcomGrantScope,
  GedcomInspectRequest,
  GedcomInspectSummary,
  GedcomJobAccepted,
  GedcomJobResult,
  GedcomMergeRequest,
  GedcomOperation,
  GedcomQualityRequest,
  GedcomSubtreeRequest,
  GedcomSyncRequest,
} from '../../contract/gedcom.js';
import type { JobArtifactReference, JobSnapshot } from '../../contract/jobs.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';
import type { GedcomDocument } from '../../gedcom/document.js';
import { readHeaderFacts } from '../../gedcom/header.js';
import { classifyVersion } from '../../gedcom/version.js';
import { bomLength, detectBom, detectUtf16WithoutBom } from '../../gedcom/decode/bom.js';
import { utf16ToUtf8 } from '../../gedcom/decode/utf16.js';
import { parseGedcomBytes } from '../../gedcom/parse/parse.js';
import { inspectGedcomBytes } from '../../gedcom/inspect/inspect.js';
import type { GedcomInspectResult } from '../../gedcom/inspect/result.js';
import { mergeDocuments, MERGE_THRESHOLDS } from '../../gedcom/ops/merge.js';
import { extractSubtree, SubtreeRootUnknown } from '../../gedcom/ops/subtree.js';
import { analyzeQuality, QualityRootUnknown } from '../../gedcom/ops/quality.js';
import { syncDocuments } from '../../gedcom/ops/sync.js';
import { indexTree } from '../../gedcom/ops/tree-index.js';
import { writeOutputChunks } from '../../gedcom/ops/output.js';
import { todayJulianDay } from '../../gedcom/ops/living.js';
import type { GedcomDocumentLike } from '../../gedcom/model.js';
import type { EventLog } from '../event-log.js';
import { ServiceError } from '../service-error.js';
import type { JobContext, JobEngine, JobResult, JobSubmitter } from '../jobs/job-engine.js';
import type { ExecutionBinding, PreflightRequest } from '../providers/preflight.js';
import type { ArtifactRegistry, ResolvedArtifact } from './artifact-registry.js';
import type { AdvisoryGenerator } from './advisory.js';
import type { AdvisoryPrompt } from '../../gedcom/ops/advisory-prompt.js';
import { mergePrompt, qualityPrompt } from '../../gedcom/ops/advisory-prompt.js';
import { ADVISORY_DATA_CLASSES, ADVISORY_HEADER, ADVISORY_SYSTEM_INSTRUCTION } from './advisory.js';

/** The provider preflight as GEDCOM uses it (the central ProviderPreflight implements it). */
export interface GedcomPreflight {
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
  readonly preflight: GedcomPreflight;
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
}

interface JobInput<R> {
  readonly request: R;
  readonly selection: Selection;
  readonly artifacts: readonly ResolvedArtifact[];
}

type Sections = Pick<GedcomJobResult, 'inspect' | 'merge' | 'subtree' | 'quality' | 'sync'>;
const NO_SECTIONS: Sections = { inspect: null, merge: null, subtree: null, quality: null, sync: null };

const HEAD_BYTES = 1 << 20;

function selectionOf(execution: ExecutionSelection): Selection {
  const { mode } = execution;
  const profile = execution.profile ?? null;
  const model = execution.model ?? null;
  const consent = execution.consent ?? null;
  const refuse = (reason: string): ServiceError => new ServiceError('PROVIDER_NOT_ALLOWED', [{ name: 'reason', value: reason }]);
  if (mode === 'offline') {
    if (profile !== null || model !== null || consent !== null) throw refuse('offline_rejects_provider_fields');
  } else {
    if (profile === null || model === null) throw refuse('profile_and_model_required');
    if (mode === 'local' && consent !== null) throw refuse('local_takes_no_consent');
    if (mode === 'cloud' && consent === null) throw new ServiceError('CONSENT_REQUIRED');
  }
  return { mode, profile, model, consent };
}

function inspectSummary(r: GedcomInspectResult): GedcomInspectSummary {
  const tagOk = (t: string): boolean => /^[A-Za-z0-9_]{1,64}$/.test(t);
  return {
    bytes: r.bytes,
    version: { declared: r.version.declared?.slice(0, 32) ?? null, family: r.version.family, supported: r.version.supported },
    encoding: { declared: r.encoding.declared?.slice(0, 64) ?? null, detected: r.encoding.detected, bom: r.encoding.bom, ascii_only: r.encoding.asciiOnly },
    lines: { count: r.lines.count, max_level: r.lines.maxLevel, max_line_length: r.lines.maxLineLength },
    records: {
      total: r.records.total,
      by_type: Object.entries(r.records.byType)
        .filter(([tag]) => tagOk(tag))
        .slice(0, GEDCOM_LIMITS.extensionTagsListed)
        .map(([tag, count]) => ({ tag, count })),
    },
    xrefs: { defined: r.xrefs.defined, duplicate: r.xrefs.duplicate, dangling: r.xrefs.dangling, unreferenced: r.xrefs.unreferenced, void_pointers: r.xrefs.voidPointers },
    findings: r.findings.slice(0, GEDCOM_LIMITS.findingsListed).map((f) => ({ code: f.code, severity: f.severity, count: f.count, first_line: f.firstLine })),
    extension_tags: r.extensions.tags.filter((t) => tagOk(t.tag)).slice(0, GEDCOM_LIMITS.extensionTagsListed),
  };
}

/**
 * The GEDCOM application service: validates a submission (execution selection, grants, version
 * boundary) before any job exists, runs the pure operations as jobs, stores outputs as new
 * artifacts and keeps completed results in a bounded in-process map.
 */
export class GedcomService {
  private readonly results = new Map<string, GedcomJobResult>();
  private readonly submitters: { readonly [K in GedcomOperation]: JobSubmitter<JobInput<never>> };

  constructor(private readonly deps: GedcomServiceDependencies) {
    const kind = <R>(op: GedcomOperation, run: (input: JobInput<R>, ctx: JobContext) => Promise<{ sections: Sections; outputs: JobArtifactReference[]; advisory: AdvisoryReview }>) =>
      deps.jobs.registerKind<JobInput<R>>(`gedcom.${op}`, async (input, ctx): Promise<JobResult> => {
        const outcome = await run(input, ctx);
        ctx.safePoint();
        this.keep({ schema_version: 1, job_id: ctx.jobId, operation: op, outputs: outcome.outputs, ...NO_SECTIONS, ...outcome.sections, advisory: outcome.advisory });
        return { resultProduced: true };
      }) as unknown as JobSubmitter<JobInput<never>>;
    this.submitters = {
      inspect: kind<GedcomInspectRequest>('inspect', (i, c) => this.runInspect(i, c)),
      merge: kind<GedcomMergeRequest>('merge', (i, c) => this.runMerge(i, c)),
      subtree: kind<GedcomSubtreeRequest>('subtree', (i, c) => this.runSubtree(i, c)),
      quality: kind<GedcomQualityRequest>('quality', (i, c) => this.runQuality(i, c)),
      sync: kind<GedcomSyncRequest>('sync', (i, c) => this.runSync(i, c)),
    };
  }

  // ---- submission ---------------------------------------------------------------------------

  submitInspect(request: GedcomInspectRequest): Promise<GedcomJobAccepted> {
    return this.submit('inspect', request, request.execution, [request.source], false);
  }

  submitMerge(request: GedcomMergeRequest): Promise<GedcomJobAccepted> {
    return this.submit('merge', request, request.execution, [request.left, request.right], true);
  }

  submitSubtree(request: GedcomSubtreeRequest): Promise<GedcomJobAccepted> {
    return this.submit('subtree', request, request.execution, [request.source], true);
  }

  submitQuality(request: GedcomQualityRequest): Promise<GedcomJobAccepted> {
    return this.submit('quality', request, request.execution, [request.source], true);
  }

  submitSync(request: GedcomSyncRequest): Promise<GedcomJobAccepted> {
    return this.submit('sync', request, request.execution, [request.base, request.edited, request.target], true);
  }

  private async submit<R>(op: GedcomOperation, request: R, execution: ExecutionSelection, grants: readonly string[], versionChecked: boolean): Promise<GedcomJobAccepted> {
    const selection = selectionOf(execution);
    const scope = `gedcom.${op}` as GedcomGrantScope;
    const artifacts: ResolvedArtifact[] = [];
    for (const grant of grants) artifacts.push(await this.deps.registry.resolve(grant, scope));
    if (versionChecked) for (const a of artifacts) this.checkVersion(await this.deps.registry.head(a, HEAD_BYTES));
    if (selection.mode !== 'offline') await this.preflight(op, selection, false);
    const snapshot: JobSnapshot = this.submitters[op].submit({ request, selection, artifacts } as unknown as JobInput<never>);
    return { schema_version: 1, job_id: snapshot.job_id, kind: snapshot.kind, state: snapshot.state };
  }

  /** Version boundary (GEDCOM rule 7): HEAD.GEDC.VERS of a supported family, else GEDCOM_VERSION_UNSUPPORTED. */
  private checkVersion(head: Buffer): void {
    const bom = detectBom(head);
    const utf16 = bom === 'UTF-16LE' || bom === 'UTF-16BE' ? bom : bom === null ? detectUtf16WithoutBom(head) : null;
    let text = head.subarray(bomLength(bom));
    if (utf16 !== null) text = utf16ToUtf8(text.subarray(0, text.length & ~1), utf16 === 'UTF-16BE');
    const facts = readHeaderFacts(text);
    if (classifyVersion(facts.gedcVers).family === null) throw new ServiceError('GEDCOM_VERSION_UNSUPPORTED');
  }

  private preflight(op: GedcomOperation, selection: Selection, charge: boolean): Promise<ExecutionBinding> {
    const purpose: ConsentPurpose = op === 'merge' ? 'merge_review' : 'quality_review';
    return this.deps.preflight
      .check({
        profile: selection.profile as string,
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
      const oldest = this.results.keys().next().value as string;
      this.results.delete(oldest);
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

  // ---- job bodies ---------------------------------------------------------------------------

  private async load(artifact: ResolvedArtifact, ctx: JobContext): Promise<GedcomDocument> {
    const bytes = await this.deps.registry.read(artifact);
    ctx.safePoint();
    const doc = parseGedcomBytes(bytes);
    if (doc.version.family === null) throw new ServiceError('GEDCOM_VERSION_UNSUPPORTED');
    return doc;
  }

  private async output(doc: GedcomDocumentLike, role: string, ctx: JobContext): Promise<JobArtifactReference> {
    ctx.safePoint();
    const minted = await this.deps.registry.store(writeOutputChunks(doc));
    const reference = { grant: minted.grant, role };
    ctx.artifact(reference);
    return reference;
  }

  private living(): { today: number; thresholdYears: number } {
    return { today: todayJulianDay(this.deps.now()), thresholdYears: this.deps.settings.livingThresholdYears() };
  }

  private async advise(op: 'merge' | 'quality', selection: Selection, ctx: JobContext, build: () => AdvisoryPrompt): Promise<{ advisory: AdvisoryReview; outputs: JobArtifactReference[] }> {
    const base: AdvisoryReview = { label: 'advisory', status: 'not_requested', mode: selection.mode, error_code: null, items_reviewed: 0, living_redacted: 0 };
    if (selection.mode === 'offline') return { advisory: base, outputs: [] };
    const prompt = build();
    if (prompt.items === 0) return { advisory: { ...base, status: 'completed', living_redacted: prompt.livingRedacted }, outputs: [] };
    try {
      ctx.safePoint();
      const binding = await this.preflight(op, selection, true);
      if (this.deps.advisory === null) throw new ServiceError('PROVIDER_UNAVAILABLE');
      const text = await this.deps.advisory.generate(binding, ADVISORY_SYSTEM_INSTRUCTION, prompt.prompt, ctx.signal);
      const body = ADVISORY_HEADER + text.slice(0, GEDCOM_LIMITS.advisoryOutputCharacters) + '\n';
      ctx.safePoint();
      const minted = await this.deps.registry.store([Buffer.from(body, 'utf8')]);
      const reference = { grant: minted.grant, role: 'advisory' };
      ctx.artifact(reference);
      return { advisory: { ...base, status: 'completed', items_reviewed: prompt.items, living_redacted: prompt.livingRedacted }, outputs: [reference] };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const code = error instanceof ServiceError ? error.code : 'PROVIDER_FAILED';
      this.deps.log.event('gedcom.advisory_failed', { code });
      return { advisory: { ...base, status: 'failed', error_code: code, items_reviewed: 0, living_redacted: prompt.livingRedacted }, outputs: [] };
    }
  }

  private notApplicable(selection: Selection): AdvisoryReview {
    return { label: 'advisory', status: selection.mode === 'offline' ? 'not_requested' : 'not_applicable', mode: selection.mode, error_code: null, items_reviewed: 0, living_redacted: 0 };
  }

  private async runInspect(input: JobInput<GedcomInspectRequest>, ctx: JobContext) {
    ctx.progress({ completed: 0, total: 1, stage: 'inspect' });
    const bytes = await this.deps.registry.read(input.artifacts[0] as ResolvedArtifact);
    const result = await inspectGedcomBytes(bytes);
    ctx.progress({ completed: 1, total: 1, stage: 'inspect' });
    return { sections: { ...NO_SECTIONS, inspect: inspectSummary(result) }, outputs: [], advisory: this.notApplicable(input.selection) };
  }

  private async runMerge(input: JobInput<GedcomMergeRequest>, ctx: JobContext) {
    const [la, ra] = input.artifacts as [ResolvedArtifact, ResolvedArtifact];
    ctx.progress({ completed: 0, total: 3, stage: 'read' });
    const left = await this.load(la, ctx);
    const right = await this.load(ra, ctx);
    ctx.progress({ completed: 1, total: 3, stage: 'match' });
    const r = mergeDocuments(left, right, { dryRun: input.request.dry_run === true, outputVersion: input.request.output_version ?? null, maxReview: GEDCOM_LIMITS.reviewPairs });
    ctx.progress({ completed: 2, total: 3, stage: 'write' });
    const outputs = r.document === null ? [] : [await this.output(r.document, 'output', ctx)];
    const advice = await this.advise('merge', input.selection, ctx, () => mergePrompt(indexTree(left, { integrity: false }), indexTree(right, { integrity: false }), r, this.living(), GEDCOM_LIMITS.advisoryItems));
    ctx.progress({ completed: 3, total: 3, stage: 'done' });
    const c = r.counts;
    return {
      sections: {
        ...NO_SECTIONS,
        merge: {
          dry_run: input.request.dry_run === true,
          individuals: { left: c.leftIndividuals, right: c.rightIndividuals, output: c.outputIndividuals },
          families: { left: c.leftFamilies, right: c.rightFamilies, output: c.outputFamilies, unified: c.unifiedFamilies },
          pairs: { candidates: c.candidatePairs, automatic: c.automaticPairs, review: c.reviewPairs, vetoed: c.vetoedPairs },
          thresholds: { ...MERGE_THRESHOLDS },
          merged: r.merged.slice(0, GEDCOM_LIMITS.mergedPairsListed).map((p) => ({ ...p })),
          review: r.review.slice(0, GEDCOM_LIMITS.reviewPairs).map((p) => ({ ...p })),
          remapped_xrefs: c.remappedXrefs,
          shared_records: c.sharedRecords,
          alternates: c.alternates,
        },
      },
      outputs: [...outputs, ...advice.outputs],
      advisory: advice.advisory,
    };
  }

  private async runSubtree(input: JobInput<GedcomSubtreeRequest>, ctx: JobContext) {
    ctx.progress({ completed: 0, total: 2, stage: 'read' });
    const doc = await this.load(input.artifacts[0] as ResolvedArtifact, ctx);
    const version = input.request.output_version ?? this.deps.settings.exportVersion();
    let r;
    try {
      r = extractSubtree(doc, { root: input.request.root, direction: input.request.direction, generations: input.request.generations, includeSpouses: input.request.include_spouses === true, outputVersion: version });
    } catch (error) {
      if (error instanceof SubtreeRootUnknown) throw new ServiceError('GEDCOM_ROOT_UNKNOWN');
      throw error;
    }
    ctx.progress({ completed: 1, total: 2, stage: 'write' });
    const out = await this.output(r.document, 'output', ctx);
    ctx.progress({ completed: 2, total: 2, stage: 'done' });
    const c = r.counts;
    return {
      sections: { ...NO_SECTIONS, subtree: { individuals: c.individuals, families: c.families, referenced_records: c.referenced, pruned_pointers: c.prunedPointers, generations_reached: c.generationsReached, output_version: version } },
      outputs: [out],
      advisory: this.notApplicable(input.selection),
    };
  }

  private async runQuality(input: JobInput<GedcomQualityRequest>, ctx: JobContext) {
    ctx.progress({ completed: 0, total: 2, stage: 'read' });
    const doc = await this.load(input.artifacts[0] as ResolvedArtifact, ctx);
    const index = indexTree(doc, { maxListed: GEDCOM_LIMITS.affectedXrefsPerRule });
    ctx.progress({ completed: 1, total: 2, stage: 'analyze' });
    const living = this.living();
    let report;
    try {
      report = analyzeQuality(doc, { root: input.request.root ?? null, generations: input.request.generations ?? null, living, maxAffected: GEDCOM_LIMITS.affectedXrefsPerRule }, index);
    } catch (error) {
      if (error instanceof QualityRootUnknown) throw new ServiceError('GEDCOM_ROOT_UNKNOWN');
      throw error;
    }
    const advice = await this.advise('quality', input.selection, ctx, () => qualityPrompt(index, report, living, GEDCOM_LIMITS.advisoryItems));
    ctx.progress({ completed: 2, total: 2, stage: 'done' });
    return {
      sections: {
        ...NO_SECTIONS,
        quality: {
          scope: { ...report.scope },
          rules: report.rules.map((r) => ({ rule: r.rule, severity: r.severity, count: r.count, affected: r.affected.filter((x) => /^@[A-Za-z0-9_.:-]{1,64}@$/.test(x)).slice(0, GEDCOM_LIMITS.affectedXrefsPerRule) })),
          totals: { ...report.totals },
          probably_living: report.probablyLiving,
          living_threshold_years: living.thresholdYears,
        },
      },
      outputs: advice.outputs,
      advisory: advice.advisory,
    };
  }

  private async runSync(input: JobInput<GedcomSyncRequest>, ctx: JobContext) {
    const [ba, ea, ta] = input.artifacts as [ResolvedArtifact, ResolvedArtifact, ResolvedArtifact];
    ctx.progress({ completed: 0, total: 2, stage: 'read' });
    const base = await this.load(ba, ctx);
    const edited = await this.load(ea, ctx);
    const target = await this.load(ta, ctx);
    const r = syncDocuments(base, edited, target, { dryRun: input.request.dry_run === true, maxListed: GEDCOM_LIMITS.syncChangesListed });
    ctx.progress({ completed: 1, total: 2, stage: 'write' });
    const outputs = r.document === null ? [] : [await this.output(r.document, 'output', ctx)];
    ctx.progress({ completed: 2, total: 2, stage: 'done' });
    const keyOk = (k: string): string => (k.length <= 96 ? k : k.slice(0, 96));
    const tagOk = (t: string): string => (/^[A-Za-z0-9_]{1,64}$/.test(t) ? t : 'UNKNOWN');
    return {
      sections: {
        ...NO_SECTIONS,
        sync: {
          dry_run: input.request.dry_run === true,
          by_type: Object.entries(r.counts.byType)
            .slice(0, 64)
            .map(([tag, n]) => ({ tag: tagOk(tag), ...n })),
          changes: r.changes.slice(0, GEDCOM_LIMITS.syncChangesListed).map((c) => ({
            key: keyOk(c.key),
            tag: tagOk(c.tag),
            kind: c.kind,
            fields: c.fields.slice(0, GEDCOM_LIMITS.syncPathsPerRecord).filter((f) => /^[A-Za-z0-9_.[\]]{1,512}$/.test(f.path)),
            field_count: c.fieldCount,
          })),
          conflicts: r.conflicts.slice(0, GEDCOM_LIMITS.syncConflictsListed).map((c) => ({ key: keyOk(c.key), tag: tagOk(c.tag), reason: c.reason })),
          counts: { changes: r.counts.changes, applied: r.counts.applied, already_present: r.counts.alreadyPresent, conflicts: r.counts.conflicts },
        },
      },
      outputs,
      advisory: this.notApplicable(input.selection),
    };
  }
}
