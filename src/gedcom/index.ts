/**
 * GEDCOM engine: public entry point. See model.ts for the record model and its rules,
 * version.ts for the version boundary, diagnostics.ts for finding codes.
 */
export * from './model.js';
export { GedcomDocument } from './document.js';
export type { LineStats } from './document.js';
export { DIAGNOSTIC_CODES, DiagnosticLog } from './diagnostics.js';
export type { DiagnosticCode, DiagnosticSummary } from './diagnostics.js';
export { GedcomError } from './errors.js';
export type { GedcomErrorCode } from './errors.js';
export { ASSUMABLE_VERSIONS, ASSUME_VERSION_REMEDIATION, classifyVersion, isAssumableVersion, isSupportedVersion, resolveVersion } from './version.js';
export type { AssumableVersion } from './version.js';
export { GEDCOM_INPUT_LIMITS } from './limits.js';
export { checkStrictV7 } from './check/strict-v7.js';
export type { StrictFinding } from './check/strict-v7.js';
export { convertDocument, refuseOverLimit } from './convert/index.js';
export type { ConversionNote, ConversionResult, ConversionTarget } from './convert/index.js';
export type { ProbableVersion, VersionEvidence } from './inspect/probable-version.js';
export { parseGedcom, parseGedcomBytes } from './parse/parse.js';
export type { ParseOptions } from './parse/parse.js';
export type { ByteSource } from './parse/read-all.js';
export { writeGedcomBytes, writeGedcomChunks, needsCanonical } from './write/writer.js';
export type { WriteOptions, WriteReport } from './write/writer.js';
export { inspectGedcom, inspectGedcomBytes } from './inspect/inspect.js';
export type { GedcomInspectResult, InspectFinding } from './inspect/result.js';
export { generateGedcom, generateGedcomBytes } from './generate.js';
export type { GenerateOptions, GenerateSummary, ChunkSink } from './generate.js';
export { decodeAnsel, encodeAnsel } from './decode/ansel.js';
export { monitorSlice, SILENT_MONITOR, STEP_MASK, WORK_STAGES, WorkCancelled } from './monitor.js';
export type { WorkMonitor, WorkStage } from './monitor.js';
export * from './ops/index.js';
