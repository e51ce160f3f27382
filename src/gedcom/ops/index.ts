/** Pure GEDCOM operations over the record model (no I/O); the runners (`runners/`) call them for the service. */
export { todayJulianDay } from './living.js';
export { mergeDocuments } from './merge.js';
export { syncDocuments } from './sync.js';
export { writeOutputChunks } from './output.js';
export type { AdvisoryPrompt } from './advisory-prompt.js';
