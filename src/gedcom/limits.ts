/**
 * Named limits of the GEDCOM engine on hostile input, in one place. Every limit is checked while
 * a file is scanned, before any tree or value is built from the bytes, and is reported with a
 * stable code and the line it was crossed on: the parse records an error finding
 * (`LINE_OVER_LIMIT`, `VALUE_OVER_LIMIT`) and every operation that would build trees refuses the
 * document with `GEDCOM_INPUT_LIMIT` (see `errors.ts`). Real files stay far below them: the
 * longest line of the 415 corpus files is under 40,000 bytes and the longest value under 1 MB.
 */
const MAX_VALUE_BYTES = 4 << 20;

export const GEDCOM_INPUT_LIMITS = {
  /** Longest logical value: a payload and its CONC / CONT continuation payloads, in bytes. */
  maxValueBytes: MAX_VALUE_BYTES,
  /**
   * Longest physical line, in bytes of the tokenized text (terminator excluded). A value within
   * `maxValueBytes` grows at most threefold when transcoded to UTF-8, and 7.0 output joins CONC
   * payloads into one line: every line the engine writes from an accepted file passes this limit.
   */
  maxLineBytes: 3 * MAX_VALUE_BYTES + 1024,
  /** Longest record, in bytes of its lines: a record's tree holds its byte ranges from its first byte as 32-bit integers (parse/record-table.ts). */
  maxRecordBytes: 0x7fffffff,
  /** Conversion findings kept in full (all are counted by code). */
  conversionNotesKept: 5000,
} as const;
