/**
 * GEDCOM versions a caller may tell the engine to read a file as, when the file declares no
 * supported version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0, ...): the request field
 * `assume_version`, the command line's `--assume-version` and the engine's `assumeVersion`.
 * Plain data (no schema library): the engine reads it too.
 */
export const ASSUMABLE_GEDCOM_VERSIONS = ['5.5', '5.5.1', '5.5.5', '7.0'] as const;
export type AssumableGedcomVersion = (typeof ASSUMABLE_GEDCOM_VERSIONS)[number];
