import { GEDCOM_LIMITS } from '../../contract/limits.js';
import type { GedcomDocument } from '../document.js';
import { qualityPrompt } from '../ops/advisory-prompt.js';
import { analyzeQuality, QualityRootUnknown } from '../ops/quality.js';
import { IndexFold } from '../ops/tree-index.js';
import { LISTABLE_XREF } from './listing.js';
import { OperationRefused, type OperationRunner } from './runner.js';

export const runQuality: OperationRunner<'quality'> = (ctx) => {
  // the index is built in the parse's pass
  const fold = new IndexFold({ maxListed: GEDCOM_LIMITS.affectedXrefsPerRule, monitor: ctx.monitor });
  // cast: the descriptor declares one input (source)
  const [doc] = ctx.documents([fold]) as [GedcomDocument];
  const index = fold.index(doc);
  let report;
  try {
    report = analyzeQuality(
      doc,
      {
        root: ctx.request.root ?? null,
        generations: ctx.request.generations ?? null,
        thresholds: ctx.request.thresholds ?? {},
        living: ctx.living,
        maxAffected: GEDCOM_LIMITS.affectedXrefsPerRule,
        monitor: ctx.monitor,
      },
      index,
    );
  } catch (error) {
    if (error instanceof QualityRootUnknown) throw new OperationRefused('GEDCOM_ROOT_UNKNOWN');
    throw error;
  }
  return {
    section: {
      scope: { individuals: report.scope.individuals, families: report.scope.families, rooted: report.scope.rooted },
      rules: report.rules.map((r) => {
        const listed = {
          rule: r.rule,
          severity: r.severity,
          count: r.count,
          affected: r.affected.filter((x) => LISTABLE_XREF.test(x)).slice(0, GEDCOM_LIMITS.affectedXrefsPerRule),
        };
        if (r.pairs === undefined) return listed;
        const pairs = r.pairs.filter((p) => LISTABLE_XREF.test(p.left) && LISTABLE_XREF.test(p.right)).slice(0, GEDCOM_LIMITS.affectedXrefsPerRule);
        return { ...listed, pairs: pairs.map((p) => ({ left: p.left, right: p.right, score: p.score })) };
      }),
      totals: { error: report.totals.error, warning: report.totals.warning, info: report.totals.info },
      probably_living: report.probablyLiving,
      living_threshold_years: ctx.living.thresholdYears,
    },
    prompt: ctx.advisoryItems > 0 ? qualityPrompt(index, report, ctx.living, ctx.advisoryItems) : null,
  };
};
