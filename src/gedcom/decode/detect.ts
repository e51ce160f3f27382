import type { ByteOrderMark, GedcomEncoding } from '../model.js';
import type { DiagnosticCode } from '../diagnostics.js';
import type { ByteStats } from './byte-stats.js';
import { charsetFromName } from './charset-names.js';
import { isAnselDefined } from './ansel.js';
import { singleByteTable } from './single-byte.js';

interface EncodingFinding {
  readonly code: DiagnosticCode;
  readonly message: string;
}

export interface EncodingDecision {
  readonly used: GedcomEncoding;
  readonly findings: EncodingFinding[];
}

export interface EncodingEvidence {
  readonly bom: ByteOrderMark;
  /** UTF-16 found by NUL positions when there is no BOM. */
  readonly utf16WithoutBom: 'UTF-16LE' | 'UTF-16BE' | null;
  /** HEAD.CHAR as written. */
  readonly declared: string | null;
  readonly isV7: boolean;
  /** Stats of the bytes after the BOM (ignored for UTF-16). */
  readonly stats: () => ByteStats;
  /** Histogram of bytes >= 0x80, computed on demand. */
  readonly highBytes: () => Uint32Array;
}

/** cp850 puts accented letters where cp437 has box drawing and Greek: use that to choose. */
function chooseDosCodePage(high: Uint32Array): 'CP437' | 'CP850' {
  let favour850 = 0;
  const cp437 = singleByteTable('CP437');
  const cp850 = singleByteTable('CP850');
  for (let b = 0x80; b < 0x100; b++) {
    const n = high[b - 0x80] ?? 0;
    if (n === 0) continue;
    const c437 = String.fromCharCode(cp437[b] ?? 0xfffd);
    const c850 = String.fromCharCode(cp850[b] ?? 0xfffd);
    if (c437 === c850) continue;
    const l437 = /\p{L}/u.test(c437);
    const l850 = /\p{L}/u.test(c850);
    if (l850 && !l437) favour850 += n;
    else if (l437 && !l850) favour850 -= n;
  }
  return favour850 > 0 ? 'CP850' : 'CP437';
}

/**
 * Valid UTF-8 under a legacy CHAR: trust the bytes when they look like real UTF-8 text (a 3- or
 * 4-byte sequence, or mostly Latin-1/Latin Extended-A lead bytes C2-C5). Short legacy byte pairs
 * that happen to be valid UTF-8 (ANSEL "ßœ" = CF B6) keep the declared encoding.
 */
function looksLikeUtf8Text(high: Uint32Array): boolean {
  let latinLeads = 0;
  let otherLeads = 0;
  for (let b = 0xc0; b < 0x100; b++) {
    const n = high[b - 0x80] ?? 0;
    if (n === 0) continue;
    if (b >= 0xe0) return true;
    if (b >= 0xc2 && b <= 0xc5) latinLeads += n;
    else otherLeads += n;
  }
  return latinLeads > otherLeads;
}

function hasAnselUndefined(high: Uint32Array): boolean {
  for (let b = 0x80; b < 0x100; b++) if ((high[b - 0x80] ?? 0) > 0 && !isAnselDefined(b)) return true;
  return false;
}

/**
 * Whether {@link decideEncoding} may read the histogram of high bytes for a file with this BOM,
 * CHAR and version, whatever its bytes turn out to be (asked of decideEncoding itself, so the
 * answer cannot drift from it): a stream that will never need the histogram does not count every
 * byte for it.
 */
export function mayReadHighBytes(ev: Omit<EncodingEvidence, 'stats' | 'highBytes'>): boolean {
  let read = false;
  const highBytes = (): Uint32Array => {
    read = true;
    return new Uint32Array(128);
  };
  // ASCII-only bytes never need it; valid and invalid UTF-8 are the two other paths
  for (const utf8Valid of [true, false]) decideEncoding({ ...ev, stats: () => ({ asciiOnly: false, utf8Valid, highBytes: null }), highBytes });
  return read;
}

/**
 * Decide the encoding actually used. Bytes win over HEAD.CHAR: a BOM, UTF-16 NUL patterns and
 * valid multi-byte UTF-8 are trusted; a CHAR that disagrees is a warning naming what was used.
 */
export function decideEncoding(ev: EncodingEvidence): EncodingDecision {
  const findings: EncodingFinding[] = [];
  const declaredName = ev.declared;
  const declared = declaredName === null || declaredName === '' ? null : charsetFromName(declaredName);
  if (declaredName !== null && declaredName !== '' && declared === null) {
    findings.push({ code: 'ENCODING_CHAR_UNKNOWN', message: `HEAD.CHAR "${declaredName}" is not a known character set` });
  }
  const mismatch = (used: GedcomEncoding): void => {
    findings.push({
      code: 'ENCODING_CHAR_MISMATCH',
      message: `HEAD.CHAR says ${declaredName} but the bytes are ${used}; decoded as ${used}`,
    });
  };

  const utf16 = ev.bom === 'UTF-16LE' || ev.bom === 'UTF-16BE' ? ev.bom : ev.utf16WithoutBom;
  if (utf16 !== null) {
    if (ev.bom === null) findings.push({ code: 'ENCODING_UTF16_WITHOUT_BOM', message: `${utf16} without byte order mark` });
    if (ev.isV7) findings.push({ code: 'ENCODING_NOT_UTF8_V7', message: `GEDCOM 7 requires UTF-8; file is ${utf16}` });
    else if (declared !== null && declared !== 'UNICODE') mismatch(utf16);
    return { used: utf16, findings };
  }

  const stats = ev.stats();
  if (ev.isV7) {
    if (stats.utf8Valid) return { used: 'UTF-8', findings };
    findings.push({ code: 'ENCODING_NOT_UTF8_V7', message: 'GEDCOM 7 requires UTF-8; bytes are not valid UTF-8, decoded as CP1252' });
    return { used: 'CP1252', findings };
  }
  if (ev.bom === 'UTF-8') {
    if (declared !== null && declared !== 'UTF-8' && !(stats.asciiOnly && declared === 'ASCII')) mismatch('UTF-8');
    if (!stats.utf8Valid) findings.push({ code: 'ENCODING_INVALID_BYTES', message: 'UTF-8 byte order mark but invalid UTF-8 bytes' });
    return { used: 'UTF-8', findings };
  }
  if (declared === null && declaredName === null) {
    findings.push({ code: 'ENCODING_CHAR_MISSING', message: 'HEAD.CHAR is missing' });
  }
  if (stats.asciiOnly) {
    // every ASCII-compatible encoding reads these bytes alike; keep the declared one for writing
    if (declared === 'UNICODE') {
      mismatch('UTF-8');
      return { used: 'UTF-8', findings };
    }
    if (declared === null) return { used: 'UTF-8', findings };
    if (declared === 'IBMPC') return { used: 'CP437', findings };
    return { used: declared, findings };
  }
  if (stats.utf8Valid && (declared === null || declared === 'UTF-8' || declared === 'UNICODE' || declared === 'ASCII' || looksLikeUtf8Text(ev.highBytes()))) {
    if (declared !== null && declared !== 'UTF-8') mismatch('UTF-8');
    return { used: 'UTF-8', findings };
  }
  // 8-bit, not UTF-8
  switch (declared) {
    case 'CP1252':
    case 'LATIN1':
    case 'LATIN9':
    case 'CP437':
    case 'CP850':
    case 'MACINTOSH':
      return { used: declared, findings };
    case 'IBMPC': {
      const used = chooseDosCodePage(ev.highBytes());
      findings.push({
        code: 'ENCODING_CODEPAGE_AMBIGUOUS',
        message: `HEAD.CHAR ${declaredName} may mean CP437 or CP850; decoded as ${used} (chosen from the bytes)`,
      });
      return { used, findings };
    }
    case 'ANSEL':
      if (hasAnselUndefined(ev.highBytes())) {
        mismatch('CP1252');
        return { used: 'CP1252', findings };
      }
      return { used: 'ANSEL', findings };
    case 'UTF-8':
    case 'UNICODE':
    case 'ASCII':
      mismatch('CP1252');
      return { used: 'CP1252', findings };
    default:
      return { used: 'CP1252', findings };
  }
}
