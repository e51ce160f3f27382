import type { GedcomSections } from '../../contract/gedcom-operations.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';
import { filePayloads, gedzipMedia } from '../gedzip/media.js';
import type { GedzipMemberFacts } from '../gedzip/member-clash.js';
import { inspectGedcomBytes } from '../inspect/inspect.js';
import { parseGedcomBytes } from '../parse/parse.js';
import type { GedcomInspectResult } from '../inspect/result.js';
import { LISTABLE_TAG } from './listing.js';
import type { OperationRunner } from './runner.js';

function inspectSection(r: GedcomInspectResult, media: GedcomSections['inspect']['media']): GedcomSections['inspect'] {
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
              evidence: r.version.probable.evidence
                .slice(0, GEDCOM_LIMITS.probableVersionEvidence)
                .map((e) => ({ kind: e.kind, signal: e.signal, suggests: e.suggests, count: e.count })),
            },
    },
    encoding: { declared: r.encoding.declared?.slice(0, 64) ?? null, detected: r.encoding.detected, bom: r.encoding.bom, ascii_only: r.encoding.asciiOnly },
    lines: { count: r.lines.count, max_level: r.lines.maxLevel, max_line_length: r.lines.maxLineLength },
    records: {
      total: r.records.total,
      by_type: Object.entries(r.records.byType)
        .filter(([tag]) => LISTABLE_TAG.test(tag))
        .slice(0, GEDCOM_LIMITS.extensionTagsListed)
        .map(([tag, count]) => ({ tag, count })),
    },
    xrefs: {
      defined: r.xrefs.defined,
      duplicate: r.xrefs.duplicate,
      dangling: r.xrefs.dangling,
      unreferenced: r.xrefs.unreferenced,
      void_pointers: r.xrefs.voidPointers,
    },
    findings: r.findings.slice(0, GEDCOM_LIMITS.findingsListed).map((f) => ({ code: f.code, severity: f.severity, count: f.count, first_line: f.firstLine })),
    extension_tags: r.extensions.tags.filter((t) => LISTABLE_TAG.test(t.tag)).slice(0, GEDCOM_LIMITS.extensionTagsListed),
    media,
  };
}

/** A GEDZIP input's media: its dataset's FILE structures against the archive's files (a parse of the dataset, for its FILE values). */
function mediaSection(dataset: Buffer, members: readonly GedzipMemberFacts[]): GedcomSections['inspect']['media'] {
  const { report } = gedzipMedia(
    filePayloads(parseGedcomBytes(dataset)),
    members.map((m) => m.name),
  );
  return {
    members: report.members,
    referenced_present: report.referencedPresent,
    referenced_missing: report.referencedMissing,
    unreferenced: report.unreferenced,
    external: report.external,
  };
}

/** Inspection streams the one input's bytes: no parse into the record model. */
export const runInspect: OperationRunner<'inspect'> = async (ctx) => {
  // cast: the descriptor declares one input (source), so the context holds one
  const [bytes] = ctx.bytes() as [Buffer];
  const result = await inspectGedcomBytes(bytes, { monitor: ctx.monitor });
  const members = ctx.archives[0] ?? null;
  return { section: inspectSection(result, members === null ? null : mediaSection(bytes, members)), prompt: null };
};
