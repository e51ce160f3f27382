/**
 * GEDCOM engine: public entry point. See model.ts for the record model and its rules,
 * version.ts for the version boundary, diagnostics.ts for finding codes.
 */
export * from './model.js';
export { GedcomDocument } from './document.js';
export { GedcomError } from './errors.js';
export { ASSUMABLE_VERSIONS, isAssumableVersion, isSupportedVersion } from './version.js';
export { convertDocument } from './convert/index.js';
export type { ConversionTarget } from './convert/index.js';
export { parseGedcom, parseGedcomBytes } from './parse/parse.js';
export type { ParseOptions } from './parse/parse.js';
export { writeGedcomChunks } from './write/writer.js';
export type { WriteOptions, WriteReport } from './write/writer.js';
export { inspectGedcom } from './inspect/inspect.js';
export { monitorSlice, WorkCancelled } from './monitor.js';
export type { WorkMonitor, WorkStage } from './monitor.js';
export * from './ops/index.js';
export { filePayloads, gedzipMedia, rewriteFilePayloads } from './gedzip/media.js';
export type { CarriedMember } from './gedzip/member-clash.js';
export { GEDCOM_RUNNERS, OperationRefused } from './runners/index.js';
export type { OperationContext } from './runners/index.js';
