/** Pure GEDCOM operations over the record model (no I/O). */
export { OPS_LIMITS } from './limits.js';
export { soundex } from './soundex.js';
export { indexTree } from './tree-index.js';
export type { TreeIndex, PersonView, FamilyView, EventView } from './tree-index.js';
export { LivingEstimator, LIVING_ESTIMATE, julianDay, todayJulianDay } from './living.js';
export type { LivingOptions } from './living.js';
export { extractSubtree, selectPeople, SubtreeRootUnknown } from './subtree.js';
export type { SubtreeDirection, SubtreeOptions, SubtreeResult } from './subtree.js';
export { analyzeQuality, QUALITY_RULES, VERIFY_THRESHOLDS, QualityRootUnknown } from './quality.js';
export type { QualityOptions, QualityReport, QualityRule, QualityRuleResult, QualitySeverity } from './quality.js';
export { mergeDocuments, MERGE_THRESHOLDS, scorePair, danglingPointers } from './merge.js';
export type { MergeCounts, MergeOptions, MergePair, MergeResult } from './merge.js';
export { syncDocuments, fieldChanges } from './sync.js';
export type { ChangeKind, FieldChange, RecordChange, SyncConflict, SyncOptions, SyncResult } from './sync.js';
export { OutputDocument, writeOutputBytes, writeOutputChunks, inVersion } from './output.js';
export { mergePrompt, qualityPrompt } from './advisory-prompt.js';
export type { AdvisoryPrompt } from './advisory-prompt.js';
