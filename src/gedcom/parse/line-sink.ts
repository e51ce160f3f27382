import type { LineScanner } from '../lines/scanner.js';
import type { GedcomVersionInfo } from '../model.js';
import type { MaterializeContext } from './materialize.js';

/** What a {@link ParseLineSink} reads the lines with: the parse's own scanner, over the bytes it tokenizes. */
export interface ParseLineSource {
  readonly text: Buffer;
  /** How values decode (the document's rules). */
  readonly ctx: MaterializeContext;
  /** Holds the line told by {@link ParseLineSink.line} until the next call. */
  readonly scanner: LineScanner;
  readonly version: GedcomVersionInfo;
}

/**
 * Reads the records' lines while the parse tokenizes them, so that work over every line (a tree
 * index) needs no second tokenization of the file. Records are numbered as the document numbers them.
 */
export interface ParseLineSink {
  /** Before the first record. */
  begin(source: ParseLineSource): void;
  /** Record number `record` starts (the previous one, if any, has ended); its tag and xref as the document holds them. */
  record(record: number, tag: string, xref: string | null): void;
  /** A non-blank line of the current record (its first line included), in the source's scanner. */
  line(): void;
}
