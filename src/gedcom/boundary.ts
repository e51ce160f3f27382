/**
 * The engine's second public surface, for the service's main thread: the version boundary
 * (GEDCOM rule 7) read from the first bytes of a file. It loads only the header scanner and
 * the version table, never the parser, the code pages or the operations (those run in the
 * worker, through index.ts).
 */
import { detectBom, detectUtf16WithoutBom, textStart } from './decode/bom.js';
import { utf16ToUtf8 } from './decode/utf16.js';
import { readHeaderFacts } from './header.js';
import { classifyVersion } from './version.js';
import type { GedcomVersionFamily } from './model.js';

/** HEAD.GEDC.VERS as written in `head` (the file's first bytes) and the supported family it names (null when none). */
export function declaredVersion(head: Buffer): { readonly declared: string | null; readonly family: GedcomVersionFamily | null } {
  const bom = detectBom(head);
  const utf16 = bom === 'UTF-16LE' || bom === 'UTF-16BE' ? bom : bom === null ? detectUtf16WithoutBom(head) : null;
  let text = head.subarray(textStart(head, bom));
  if (utf16 !== null) text = utf16ToUtf8(text.subarray(0, text.length & ~1), utf16 === 'UTF-16BE');
  const declared = readHeaderFacts(text).gedcVers;
  return { declared, family: classifyVersion(declared).family };
}

/** What a user is told when an input has no supported version (the choice is named). */
export { ASSUME_VERSION_REMEDIATION } from './version.js';

/** Whether a file's first bytes are a zip archive's (a GEDZIP file is one). */
export { isZipArchive } from './archive.js';

/** Bytes of a file's start that hold its HEAD record in practice. */
export const HEAD_PROBE_BYTES = 1 << 20;
