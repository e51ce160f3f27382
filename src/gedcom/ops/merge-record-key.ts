import type { GedcomNode } from '../model.js';
import { canonicalRecordText } from '../write/canonical.js';

/** The text that tells two records apart (xref left out unless `keepXref`): same key, same record. */
export function recordKey(root: GedcomNode, keepXref = false): string {
  return canonicalRecordText(keepXref ? root : { ...root, xref: null }, { isV7: false, eol: '\n', maxPayload: 1 << 30 });
}
