import { GEDCOM_LIMITS } from '../../contract/limits.js';
import type { GedcomDocument } from '../document.js';
import { syncDocuments } from '../ops/sync.js';
import { LISTABLE_TAG } from './listing.js';
import type { OperationRunner } from './runner.js';

export const runSync: OperationRunner<'sync'> = (ctx) => {
  // cast: the descriptor declares three inputs (base, edited, target)
  const [base, edited, target] = ctx.documents() as [GedcomDocument, GedcomDocument, GedcomDocument];
  const dryRun = ctx.request.dry_run === true;
  const r = syncDocuments(base, edited, target, { dryRun, maxListed: GEDCOM_LIMITS.syncChangesListed, monitor: ctx.monitor });
  if (r.document !== null) ctx.write(r.document);
  const key = (k: string): string => (k.length <= 96 ? k : k.slice(0, 96));
  const tag = (t: string): string => (LISTABLE_TAG.test(t) ? t : 'UNKNOWN');
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
        fields: c.fields
          .slice(0, GEDCOM_LIMITS.syncPathsPerRecord)
          .filter((f) => /^[A-Za-z0-9_.[\]]{1,512}$/.test(f.path))
          .map((f) => ({ path: f.path, kind: f.kind })),
        field_count: c.fieldCount,
      })),
      conflicts: r.conflicts.slice(0, GEDCOM_LIMITS.syncConflictsListed).map((c) => ({ key: key(c.key), tag: tag(c.tag), reason: c.reason })),
      counts: { changes: r.counts.changes, applied: r.counts.applied, already_present: r.counts.alreadyPresent, conflicts: r.counts.conflicts },
      output_encoding: r.outputEncoding,
      plan_digest: ctx.planDigest({
        changes: r.changes.map((change) => [change.key, change.kind, change.fields.map((field) => [field.path, field.kind])]),
        conflicts: r.conflicts.map((conflict) => [conflict.key, conflict.reason]),
        changes_total: r.counts.changes,
        conflicts_total: r.counts.conflicts,
      }),
    },
    prompt: null,
  };
};
