import type { ErrorCode } from './error-codes.js';

/** The codes a GEDZIP input is refused with (error-codes.ts says what each means); the engine, the worker and the command line name them alike. */
export const GEDZIP_REFUSALS = [
  'GEDZIP_ENTRY_LIMIT',
  'GEDZIP_SIZE_LIMIT',
  'GEDZIP_RATIO_LIMIT',
  'GEDZIP_UNSAFE_NAME',
  'GEDZIP_SYMLINK',
  'GEDZIP_DUPLICATE_NAME',
  'GEDZIP_ENCRYPTED',
  'GEDZIP_DATASET_MISSING',
  'GEDZIP_UNSUPPORTED',
  'GEDZIP_CORRUPT',
] as const satisfies readonly ErrorCode[];
export type GedzipRefusal = (typeof GEDZIP_REFUSALS)[number];

/** The entry of a GEDZIP archive that holds its dataset (GEDCOM 7.0, "The FamilySearch GEDZIP file format"). */
export const GEDZIP_DATASET = 'gedcom.ged';
