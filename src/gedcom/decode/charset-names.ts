import type { GedcomEncoding } from '../model.js';

/** What a HEAD.CHAR value asks for. `UNICODE` means UTF-16 of either byte order. */
export type DeclaredCharset = GedcomEncoding | 'UNICODE' | 'IBMPC';

const NAMES: Record<string, DeclaredCharset> = {
  'UTF-8': 'UTF-8',
  UTF8: 'UTF-8',
  UNICODE: 'UNICODE',
  'UTF-16': 'UNICODE',
  UTF16: 'UNICODE',
  ANSEL: 'ANSEL',
  ASCII: 'ASCII',
  'US-ASCII': 'ASCII',
  ANSI: 'CP1252',
  WINDOWS: 'CP1252',
  'IBM WINDOWS': 'CP1252',
  IBM_WINDOWS: 'CP1252',
  'WINDOWS-1252': 'CP1252',
  CP1252: 'CP1252',
  'ISO-8859-1': 'LATIN1',
  'ISO8859-1': 'LATIN1',
  'ISO-LATIN-1': 'LATIN1',
  LATIN1: 'LATIN1',
  'LATIN-1': 'LATIN1',
  'ISO-8859-15': 'LATIN9',
  'ISO8859-15': 'LATIN9',
  'ISO_8859-15': 'LATIN9',
  'ISO-LATIN-9': 'LATIN9',
  LATIN9: 'LATIN9',
  'LATIN-9': 'LATIN9',
  IBMPC: 'IBMPC',
  'IBM PC': 'IBMPC',
  MSDOS: 'IBMPC',
  'MS-DOS': 'IBMPC',
  DOS: 'IBMPC',
  CP437: 'CP437',
  CP850: 'CP850',
  MACINTOSH: 'MACINTOSH',
  MAC: 'MACINTOSH',
  MACROMAN: 'MACINTOSH',
};

/** Map a HEAD.CHAR value to a charset, or null when the name is unknown. */
export function charsetFromName(name: string): DeclaredCharset | null {
  return NAMES[name.trim().toUpperCase().replace(/\s+/g, ' ')] ?? null;
}
