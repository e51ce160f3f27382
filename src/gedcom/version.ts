import type { GedcomVersionFamily, GedcomVersionInfo } from './model.js';
import { ASSUMABLE_GEDCOM_VERSIONS, type AssumableGedcomVersion } from '../contract/gedcom-versions.js';
import { isOneOf } from '../contract/one-of.js';

/**
 * Version boundary. The version comes from HEAD.GEDC.VERS only (never SOUR.VERS or any other
 * VERS in HEAD). Decision record:
 *
 * - 5.5 and 5.5.1: supported, read with 5.x rules (CONC/CONT, `@@` everywhere, whitespace
 *   tolerance, CHAR honoured).
 * - 5.5.5: supported as a 5.x dialect. It is a stricter profile of 5.5.1 published on
 *   gedcom.org (UTF-8/UTF-16 only, no leading whitespace); everything it allows is 5.5.1, so it
 *   is read and written with 5.x rules, keeps its own VERS on rewrite, converts like 5.5.1, and
 *   inspect reports `GEDCOM_VERSION_555` (info).
 * - 7.0 with any patch (7.0.x): supported, 7.0 rules.
 * - 7.1: supported for reading, inspect and rewrite with 7.0 rules. GEDCOM 7 minor versions are
 *   additive; 7.1 structures we do not know are kept losslessly like any unknown tag, and
 *   inspect reports `GEDCOM_VERSION_NEWER_MINOR` (info).
 * - Anything else (5.0, 5.01, 4.x, 7.2+, missing): `GEDCOM_VERSION_UNSUPPORTED` for operations,
 *   a finding for inspect. The file is still parsed and round-trips byte for byte. Inspect reports
 *   a probable version with its evidence (`inspect/probable-version.ts`); a caller that names an
 *   assumed version (engine `assumeVersion`, CLI `--assume-version`, API `assume_version`) has the
 *   file read with that version's rules, so every operation runs on it.
 */
export function classifyVersion(declared: string | null): GedcomVersionInfo {
  if (declared === null) return { declared, family: null, isV7: false };
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(declared.trim());
  let family: GedcomVersionFamily | null = null;
  if (m !== null) {
    const major = m[1];
    const minor = m[2];
    const patch = m[3];
    if (major === '5' && minor === '5') {
      if (patch === undefined) family = '5.5';
      else if (patch === '1') family = '5.5.1';
      else if (patch === '5') family = '5.5.5';
    } else if (major === '7' && minor === '0') family = '7.0';
    else if (major === '7' && minor === '1') family = '7.1';
  }
  return { declared, family, isV7: family === '7.0' || family === '7.1' };
}

/** True when operations may run on the file. */
export function isSupportedVersion(info: GedcomVersionInfo): boolean {
  return info.family !== null;
}

/** Versions a file without a supported HEAD.GEDC.VERS may be read as (an explicit caller choice; declared once in the contract). */
export const ASSUMABLE_VERSIONS = ASSUMABLE_GEDCOM_VERSIONS;
export type AssumableVersion = AssumableGedcomVersion;

export function isAssumableVersion(value: string): value is AssumableVersion {
  return isOneOf(ASSUMABLE_VERSIONS, value);
}

/** What a user is told when a file has no supported version. */
export const ASSUME_VERSION_REMEDIATION = `the file declares no supported GEDCOM version (HEAD.GEDC.VERS); inspect it for its probable version, then choose one with assume version (${ASSUMABLE_VERSIONS.join(', ')})`;

/**
 * The version a file is read with: its own when supported, else the caller's assumed version
 * (`assumed` records that choice), else the unsupported classification.
 */
export function resolveVersion(declared: string | null, assume: AssumableVersion | null | undefined): GedcomVersionInfo {
  const info = classifyVersion(declared);
  if (info.family !== null || assume === null || assume === undefined) return info;
  return { declared, family: assume, isV7: assume === '7.0', assumed: assume };
}
