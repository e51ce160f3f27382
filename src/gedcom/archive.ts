/**
 * A ZIP archive where GEDCOM text was expected: a GEDZIP file (`.gdz`, GEDCOM 7) holds its
 * GEDCOM as `gedcom.ged` beside the media. The engine reads GEDCOM text; the worker and the
 * command line open a GEDZIP (src/infra/gedzip/) and hand the engine its dataset, so the engine
 * sees a zip only when given one's bytes directly, and a finding says what they are.
 */

/** True when `bytes` start with a ZIP local file header or an empty archive's end record. */
export function isZipArchive(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

export const ZIP_ARCHIVE_MESSAGE =
  'the bytes are a ZIP archive, not GEDCOM text (a GEDZIP .gdz file holds its GEDCOM as gedcom.ged: give the archive itself to an operation or to `gedcom inspect|rewrite|convert`)';
