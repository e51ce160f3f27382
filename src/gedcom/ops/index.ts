/** Pure GEDCOM operations over the record model (no I/O). */
export { indexTree } from './tree-index.js';
export { todayJulianDay } from './living.js';
export { extractSubtree, SubtreeRootUnknown } from './subtree.js';
export { analyzeQuality, QualityRootUnknown } from './quality.js';
export { mergeDocuments, MERGE_THRESHOLDS } from './merge.js';
export { syncDocuments } from './sync.js';
export { writeOutputChunks } from './output.js';
export { mergePrompt, qualityPrompt } from './advisory-prompt.js';
export type { AdvisoryPrompt } from './advisory-prompt.js';
