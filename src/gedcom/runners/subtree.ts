import type { GedcomDocument } from '../document.js';
import { extractSubtree, subtreeIndexOptions, SubtreeRootUnknown } from '../ops/subtree.js';
import { IndexFold } from '../ops/tree-index.js';
import { OperationRefused, type OperationRunner } from './runner.js';

export const runSubtree: OperationRunner<'subtree'> = (ctx) => {
  // the index is built in the parse's pass
  const fold = new IndexFold(subtreeIndexOptions(ctx.monitor));
  // cast: the descriptor declares one input (source)
  const [doc] = ctx.documents([fold]) as [GedcomDocument];
  const version = ctx.request.output_version ?? ctx.exportVersion;
  let r;
  try {
    r = extractSubtree(
      doc,
      {
        root: ctx.request.root,
        direction: ctx.request.direction,
        generations: ctx.request.generations,
        includeSpouses: ctx.request.include_spouses === true,
        outputVersion: version,
        monitor: ctx.monitor,
      },
      fold.index(doc),
    );
  } catch (error) {
    if (error instanceof SubtreeRootUnknown) throw new OperationRefused('GEDCOM_ROOT_UNKNOWN');
    throw error;
  }
  ctx.write(r.document);
  const c = r.counts;
  return {
    section: {
      individuals: c.individuals,
      families: c.families,
      referenced_records: c.referenced,
      pruned_pointers: c.prunedPointers,
      generations_reached: c.generationsReached,
      output_version: version,
      output_encoding: r.outputEncoding,
    },
    prompt: null,
  };
};
