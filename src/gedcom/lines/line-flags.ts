/** Deviation flags the scanner sets on one line (bit mask). */
export const LINE_BLANK = 1;
export const LINE_LEADING_WHITESPACE = 2;
/** No level, no tag, or an unterminated xref: the line has no usable structure. */
export const LINE_MALFORMED = 4;
export const LINE_LEVEL_LEADING_ZERO = 8;
export const LINE_LEVEL_OVER_99 = 16;
/** Delimiter is a tab or several spaces instead of one space. */
export const LINE_DELIMITER = 32;
export const LINE_TAG_INVALID = 64;
export const LINE_XREF_INVALID = 128;
/** The tag has a lower-case letter (a standard tag in lower case is read upper-case, see tag-case.ts). */
export const LINE_TAG_LOWER = 256;

/** Terminator kinds of one line. */
export const TERM_NONE = 0;
export const TERM_LF = 1;
export const TERM_CRLF = 2;
export const TERM_CR = 3;
export const TERM_LFCR = 4;
export const TERMINATOR_NAMES = ['none', 'LF', 'CRLF', 'CR', 'LFCR'] as const;
