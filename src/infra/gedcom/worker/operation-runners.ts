import { TAG_PATTERN, XREF_PATTERN, type GedcomOperation } from '../../../contract/gedcom.js';
import type { GedcomRequests, GedcomSections } from '../../../contract/gedcom-operations.js';
import { GEDCOM_LIMITS } from '../../../contract/limits.js';
import {
  analyzeQuality,
  extractSubtree,
  indexTree,
  inspectGedcomBytes,
  MERGE_THRESHOLDS,
  mergeDocuments,
  mergePrompt,
  monitorSlice,
  parseGedcomBytes,
  QualityRootUnknown,
  qualityPrompt,
  SubtreeRootUnknown,
  syncDocuments,
  todayJulianDay,
  writeOutputChunks,
  type AdvisoryPrompt,
  type GedcomDocument,
  type GedcomDocumentLike,
  type GedcomInspectResult,
  type WorkMonitor,
} from '../../../gedcom/index.js';
import type { WrittenOutput } from '../../artifacts/file-artifact-registry.js';
import type { WorkerTask } from '../worker-protocol.js';
import { readInputs, writeOutput } from './artifact-io.js';
import { planDigest } from './plan-digest.js';
import { TaskFailure } from './task-failure.js';

/** What a runner has at hand: its request, its inputs (read lazily, parsed with progress) and the output writer. */
export interface RunnerContext<K extends GedcomOperation> {
  readonly request: GedcomRequests[K];
  readonly task: WorkerTask;
  readonly monitor: WorkMonitor;
  /** Every input's bytes, read and verified (stage 'read'). */
  bytes(): Buffer[];
  /** Every input parsed (stages 'read' then 'parse'); an unsupported version fails the task. */
  documents(): GedcomDocument[];
  /** Writes the output document (stage 'write') when the task has an output; null otherwise. */
  write(doc: GedcomDocumentLike): WrittenOutput | null;
  readonly living: { readonly today: number; readonly thresholdYears: number };
}

export interface RunnerOutcome<K extends GedcomOperation> {
  readonly section: GedcomSections[K];
  readonly output: WrittenOutput | null;
  readonly prompt: AdvisoryPrompt | null;
}

type Runner<K extends GedcomOperation> = (ctx: RunnerContext<K>) => Promise<RunnerOutcome<K>> | RunnerOutcome<K>;

/** One runner per operation of the contract's table: an operation without a runner does not compile. */
export type RunnerTable = { readonly [K in GedcomOperation]: Runner<K> };

const TAG = new RegExp(TAG_PATTERN);
const XREF = new RegExp(XREF_PATTERN);
/** A pair the API can list: both xrefs nameable (a longer 7.0 xref is counted, not listed). */
const listable = (p: { readonly left: string; readonly right: string }): boolean => XREF.test(p.left) && XREF.test(p.right);

function inspectSection(r: GedcomInspectResult): GedcomSections['inspect'] {
  return {
    bytes: r.bytes,
    version: {
      declared: r.version.declared?.slice(0, 32) ?? null,
      family: r.version.family,
      supported: r.version.supported,
      probable:
        r.version.probable === null
          ? null
          : {
              version: r.version.probable.version,
              confidence: r.version.probable.confidence,
              evidence: r.version.probable.evidence.slice(0, GEDCOM_LIMITS.probableVersionEvidence).map((e) => ({ kind: e.kind, signal: e.signal, suggests: e.suggests, count: e.count })),
            },
    },
    encoding: { declared: r.encoding.declared?.slice(0, 64) ?? null, detected: r.encoding.detected, bom: r.encoding.bom, ascii_only: r.encoding.asciiOnly },
    lines: { count: r.lines.count, max_level: r.lines.maxLevel, max_line_length: r.lines.maxLineLength },
    records: {
      total: r.records.total,
      by_type: Object.entries(r.records.byType)
        .filter(([tag]) => TAG.test(tag))
        .slice(0, GEDCOM_LIMITS.extensionTagsListed)
        .map(([tag, count]) => ({ tag, count })),
    },
    xrefs: { defined: r.xrefs.defined, duplicate: r.xrefs.duplicate, dangling: r.xrefs.dangling, unreferenced: r.xrefs.unreferenced, void_pointers: r.xrefs.voidPointers },
    findings: r.findings.slice(0, GEDCOM_LIMITS.findingsListed).map((f) => ({ code: f.code, severity: f.severity, count: f.count, first_line: f.firstLine })),
    extension_tags: r.extensions.tags.filter((t) => TAG.test(t.tag)).slice(0, GEDCOM_LIMITS.extensionTagsListed),
  };
}

const wantsPrompt = (task: WorkerTask): boolean => task.advisoryItems > 0;

export const OPERATION_RUNNERS: RunnerTable = {
  async inspect(ctx) {
    // cast: GEDCOM_OPERATIONS declares one input for inspect (source), so the worker receives one
    const [bytes] = ctx.bytes() as [Buffer];
    const result = await inspectGedcomBytes(bytes, { monitor: ctx.monitor });
    return { section: inspectSection(result), output: null, prompt: null };
  },

  merge(ctx) {
    // cast: GEDCOM_OPERATIONS declares two inputs for merge (left, right)
    const [left, right] = ctx.documents() as [GedcomDocument, GedcomDocument];
    const dryRun = ctx.request.dry_run === true;
    const r = mergeDocuments(left, right, { dryRun, outputVersion: ctx.request.output_version ?? null, maxReview: GEDCOM_LIMITS.reviewPairs, monitor: ctx.monitor });
    const output = r.document === null ? null : ctx.write(r.document);
    const prompt = wantsPrompt(ctx.task)
      ? mergePrompt(indexTree(left, { integrity: false }), indexTree(right, { integrity: false }), r, ctx.living, ctx.task.advisoryItems)
      : null;
    const c = r.counts;
    const outputVersion = ctx.request.output_version ?? (left.version.isV7 ? '7.0' : '5.5.1');
    const decisions = { thresholds: MERGE_THRESHOLDS, output_version: outputVersion, merged: r.merged.map((p) => [p.left, p.right]) };
    return {
      section: {
        dry_run: dryRun,
        individuals: { left: c.leftIndividuals, right: c.rightIndividuals, output: c.outputIndividuals },
        families: { left: c.leftFamilies, right: c.rightFamilies, output: c.outputFamilies, unified: c.unifiedFamilies },
        pairs: { candidates: c.candidatePairs, automatic: c.automaticPairs, review: c.reviewPairs, vetoed: c.vetoedPairs },
        thresholds: { ...MERGE_THRESHOLDS },
        merged: r.merged.filter(listable).slice(0, GEDCOM_LIMITS.mergedPairsListed).map((p) => ({ left: p.left, right: p.right, score: p.score })),
        review: r.review.filter(listable).slice(0, GEDCOM_LIMITS.reviewPairs).map((p) => ({ left: p.left, right: p.right, score: p.score })),
        remapped_xrefs: c.remappedXrefs,
        shared_records: c.sharedRecords,
        alternates: c.alternates,
        output_encoding: r.outputEncoding,
        plan_digest: planDigest('merge', ctx.task, decisions),
      },
      output,
      prompt,
    };
  },

  subtree(ctx) {
    // cast: GEDCOM_OPERATIONS declares one input for subtree (source)
    const [doc] = ctx.documents() as [GedcomDocument];
    const version = ctx.request.output_version ?? ctx.task.exportVersion;
    let r;
    try {
      r = extractSubtree(doc, {
        root: ctx.request.root,
        direction: ctx.request.direction,
        generations: ctx.request.generations,
        includeSpouses: ctx.request.include_spouses === true,
        outputVersion: version,
        monitor: ctx.monitor,
      });
    } catch (error) {
      if (error instanceof SubtreeRootUnknown) throw new TaskFailure('GEDCOM_ROOT_UNKNOWN');
      throw error;
    }
    const output = ctx.write(r.document);
    const c = r.counts;
    return {
      section: { individuals: c.individuals, families: c.families, referenced_records: c.referenced, pruned_pointers: c.prunedPointers, generations_reached: c.generationsReached, output_version: version, output_encoding: r.outputEncoding },
      output,
      prompt: null,
    };
  },

  quality(ctx) {
    // cast: GEDCOM_OPERATIONS declares one input for quality (source)
    const [doc] = ctx.documents() as [GedcomDocument];
    const index = indexTree(doc, { maxListed: GEDCOM_LIMITS.affectedXrefsPerRule, monitor: ctx.monitor });
    let report;
    try {
      report = analyzeQuality(doc, { root: ctx.request.root ?? null, generations: ctx.request.generations ?? null, living: ctx.living, maxAffected: GEDCOM_LIMITS.affectedXrefsPerRule, monitor: ctx.monitor }, index);
    } catch (error) {
      if (error instanceof QualityRootUnknown) throw new TaskFailure('GEDCOM_ROOT_UNKNOWN');
      throw error;
    }
    return {
      section: {
        scope: { individuals: report.scope.individuals, families: report.scope.families, rooted: report.scope.rooted },
        rules: report.rules.map((r) => ({ rule: r.rule, severity: r.severity, count: r.count, affected: r.affected.filter((x) => XREF.test(x)).slice(0, GEDCOM_LIMITS.affectedXrefsPerRule) })),
        totals: { error: report.totals.error, warning: report.totals.warning, info: report.totals.info },
        probably_living: report.probablyLiving,
        living_threshold_years: ctx.living.thresholdYears,
      },
      output: null,
      prompt: wantsPrompt(ctx.task) ? qualityPrompt(index, report, ctx.living, ctx.task.advisoryItems) : null,
    };
  },

  sync(ctx) {
    // cast: GEDCOM_OPERATIONS declares three inputs for sync (base, edited, target)
    const [base, edited, target] = ctx.documents() as [GedcomDocument, GedcomDocument, GedcomDocument];
    const dryRun = ctx.request.dry_run === true;
    const r = syncDocuments(base, edited, target, { dryRun, maxListed: GEDCOM_LIMITS.syncChangesListed, monitor: ctx.monitor });
    const output = r.document === null ? null : ctx.write(r.document);
    const key = (k: string): string => (k.length <= 96 ? k : k.slice(0, 96));
    const tag = (t: string): string => (TAG.test(t) ? t : 'UNKNOWN');
    return {
      section: {
        dry_run: dryRun,
        by_type: Object.entries(r.counts.byType)
          .slice(0, 64)
          .map(([t, n]) => ({ tag: tag(t), added: n.added, removed: n.removed, modified: n.modified })),
        changes: r.changes.slice(0, GEDCOM_LIMITS.syncChangesListed).map((c) => ({
          key: key(c.key),
          tag: tag(c.tag),
          kind: c.kind,
          fields: c.fields.slice(0, GEDCOM_LIMITS.syncPathsPerRecord).filter((f) => /^[A-Za-z0-9_.[\]]{1,512}$/.test(f.path)).map((f) => ({ path: f.path, kind: f.kind })),
          field_count: c.fieldCount,
        })),
        conflicts: r.conflicts.slice(0, GEDCOM_LIMITS.syncConflictsListed).map((c) => ({ key: key(c.key), tag: tag(c.tag), reason: c.reason })),
        counts: { changes: r.counts.changes, applied: r.counts.applied, already_present: r.counts.alreadyPresent, conflicts: r.counts.conflicts },
        output_encoding: r.outputEncoding,
        plan_digest: planDigest('sync', ctx.task, {
          changes: r.changes.map((change) => [change.key, change.kind, change.fields.map((field) => [field.path, field.kind])]),
          conflicts: r.conflicts.map((conflict) => [conflict.key, conflict.reason]),
          changes_total: r.counts.changes,
          conflicts_total: r.counts.conflicts,
        }),
      },
      output,
      prompt: null,
    };
  },
};

/** The context of one task over its control and output path. */
export function runnerContext<K extends GedcomOperation>(task: WorkerTask, request: GedcomRequests[K], monitor: WorkMonitor): RunnerContext<K> {
  let bytes: Buffer[] | null = null;
  const readAll = (): Buffer[] => (bytes ??= readInputs(task.inputs, monitor));
  return {
    request,
    task,
    monitor,
    bytes: readAll,
    documents() {
      const inputs = readAll();
      const total = inputs.reduce((sum, b) => sum + b.length, 0);
      let base = 0;
      const assumeVersion = 'assume_version' in request ? (request.assume_version ?? null) : null;
      const docs = inputs.map((b) => {
        const doc = parseGedcomBytes(b, { monitor: monitorSlice(monitor, 'parse', base, total), assumeVersion });
        base += b.length;
        if (doc.version.family === null) throw new TaskFailure('GEDCOM_VERSION_UNSUPPORTED');
        if (doc.diagnostics.some((d) => d.code === 'LINE_OVER_LIMIT' || d.code === 'VALUE_OVER_LIMIT')) throw new TaskFailure('GEDCOM_INPUT_LIMIT');
        return doc;
      });
      bytes = null;
      return docs;
    },
    write(doc) {
      if (task.outputPath === null) return null;
      return writeOutput(task.outputPath, writeOutputChunks(doc, monitor));
    },
    living: { today: todayJulianDay(new Date(task.nowMs)), thresholdYears: task.livingThresholdYears },
  };
}
