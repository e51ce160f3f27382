/**
 * A ZIP archive where a GEDCOM file was expected: a GEDZIP file (`.gdz`, GEDCOM 7) holds its
 * GEDCOM as `gedcom.ged` beside the media, and some programs export a zipped `.ged`. The engine
 * reads GEDCOM text only; a finding says what the bytes are so that the user can extract it.
 */

/** True when `bytes` start with a ZIP local file header or an empty archive's end record. */
export function isZipArchive(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

export const ZIP_ARCHIVE_MESSAGE = 'the file is a ZIP archive (a GEDZIP .gdz file holds its GEDCOM as gedcom.ged): extract the GEDCOM file and give that';
