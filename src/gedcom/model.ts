/**
 * GEDCOM record model — the contract every GEDCOM operation builds on.
 *
 * Design (read this before using the model):
 *
 * - A parsed file is a {@link GedcomDocumentLike}: an ordered list of {@link GedcomRecord}s
 *   (HEAD first and TRLR last when the file has them, top-level extension records such as
 *   `0 _LOC` or `0 _PLAC` in place) plus the raw bytes they came from.
 * - Every record remembers the exact byte span it occupied in the source (its first line, all
 *   its lines, every terminator and any blank lines up to the next record). A record that was
 *   not edited is written back from that span, so an untouched file round-trips byte for byte
 *   whatever its version, encoding, terminators or irregularities.
 * - The tree of a record ({@link GedcomRecord.root}) is built lazily on first access from the
 *   record's bytes, in a compact form (parse/record-table.ts): a line with children is a node
 *   whose `value` and `children` are own accessors, decoded and made when first read, and a
 *   line without children is a plain object. Either way a node is mutable and has the fields
 *   of {@link GedcomNode} as own enumerable properties in the same order (spreading, JSON and
 *   deep equality see the same thing). After changing a tree either call
 *   {@link GedcomRecord.markEdited} or rely on the writer, which compares a materialized tree
 *   with its source and writes the record canonically when they differ.
 * - A node is one logical GEDCOM line: `CONC` and `CONT` lines are folded into the value of the
 *   line they continue (CONT as `\n`; CONC payloads joined as bytes *before* decoding, so
 *   multi-byte characters split across CONC lines survive). Escapes are removed (`@@` -> `@`;
 *   in 7.0 only a leading `@@`). A pointer line value (`@I1@`, `@VOID@`) is in `pointer`, not
 *   `value`. Levels are not stored: they follow from the depth in the tree (a level jump in
 *   the source attaches the line to the deepest open line, with a diagnostic).
 * - Lines that cannot be tokenized at all are kept as nodes with `tag === ''` and the line text
 *   in `raw`; canonical writing emits `raw` verbatim. Blank lines and leading whitespace are
 *   not represented in the tree (they survive in the raw span of an untouched record).
 * - Identifiers are kept exactly as written including the `@` signs (`'@I1@'`).
 */

/** GEDCOM versions this engine reads and writes (see version.ts for the decision record). */
export type GedcomVersionFamily = '5.5' | '5.5.1' | '5.5.5' | '7.0' | '7.1';

/** What HEAD.GEDC.VERS says and what the engine makes of it. */
export interface GedcomVersionInfo {
  /** HEAD.GEDC.VERS exactly as written (trimmed), or null when absent. */
  readonly declared: string | null;
  /** The supported family the file belongs to, or null when unsupported/absent. */
  readonly family: GedcomVersionFamily | null;
  /** True for 7.x; selects 7.0 escape, CONC and whitespace rules. */
  readonly isV7: boolean;
  /** Set when the file has no supported version and the caller chose to read it as this one. */
  readonly assumed?: GedcomVersionFamily;
}

/** Byte encodings the engine can decode and encode. */
export type GedcomEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'ANSEL' | 'ASCII' | 'CP1252' | 'LATIN1' | 'LATIN9' | 'CP437' | 'CP850' | 'MACINTOSH';

export type ByteOrderMark = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | null;

export interface GedcomEncodingInfo {
  /** HEAD.CHAR as written (trimmed), null when there is none. */
  readonly declared: string | null;
  /** The encoding actually used to decode the bytes. */
  readonly used: GedcomEncoding;
  /** Byte order mark found at the start of the file. */
  readonly bom: ByteOrderMark;
  /** True when every byte of the file is 7-bit (after the BOM). */
  readonly asciiOnly: boolean;
}

/** Line terminators as found in files. `LFCR` is the rare LF followed by CR. */
export type LineTerminator = 'LF' | 'CRLF' | 'CR' | 'LFCR';

export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** One finding. `code` values are stable; see diagnostics.ts for the list. */
export interface GedcomDiagnostic {
  readonly code: string;
  readonly severity: DiagnosticSeverity;
  /** 1-based physical line number, 0 when the finding is about the whole file. */
  readonly line: number;
  readonly message: string;
}

/** One logical GEDCOM line (see the module comment for the folding rules). */
export interface GedcomNode {
  /** Tag as written (`INDI`, `_UID`, ...); `''` only for an unparseable line (see `raw`). */
  tag: string;
  /** Cross-reference identifier of this line, with `@` signs, or null. */
  xref: string | null;
  /** Pointer line value with `@` signs (`'@F1@'`, `'@VOID@'`), or null. */
  pointer: string | null;
  /** Logical payload: CONT joined as `\n`, CONC joined, escapes removed; `''` when none. */
  value: string;
  /** Substructures in file order. */
  children: GedcomNode[];
  /** 1-based physical line number in the source; 0 for nodes created in memory. */
  line: number;
  /** The line text of a line that could not be tokenized; written verbatim. */
  raw?: string;
}

/** Where an untouched record's bytes live in the parsed source. */
export interface RecordSpan {
  /** Offset of the first byte of the record's first line in the document's source bytes. */
  readonly start: number;
  /** Offset just past the record's last byte (terminators and blank lines included). */
  readonly end: number;
  /** 1-based physical line number of the record's first line. */
  readonly line: number;
}

/** Builds the node tree of a record from its span. Implemented by the document. */
export interface RecordMaterializer {
  /** A tree of plain nodes, built at once (for one use: read through and dropped). */
  materialize(span: RecordSpan): GedcomNode;
  /** The tree a record keeps: compact, its nodes made and values decoded as they are first read (see parse/record-table.ts). */
  retained(span: RecordSpan): GedcomNode;
}

/** Create a node; children and line default to empty / 0 (a node created in memory). */
export function createNode(tag: string, value = '', options: { xref?: string | null; pointer?: string | null; children?: GedcomNode[] } = {}): GedcomNode {
  return {
    tag,
    xref: options.xref ?? null,
    pointer: options.pointer ?? null,
    value,
    children: options.children ?? [],
    line: 0,
  };
}

/**
 * A top-level record. Cheap to hold: until {@link root} is read it is only a span and the
 * record's tag and xref.
 */
export class GedcomRecord {
  private rootNode: GedcomNode | null;
  private editedFlag: boolean;
  private readonly firstTag: string;
  private readonly firstXref: string | null;
  private derive: (() => GedcomNode) | null = null;

  private constructor(
    readonly span: RecordSpan | null,
    private readonly materializer: RecordMaterializer | null,
    tag: string,
    xref: string | null,
    root: GedcomNode | null,
  ) {
    this.firstTag = tag;
    this.firstXref = xref;
    this.rootNode = root;
    this.editedFlag = span === null;
  }

  /**
   * A record created in memory whose tree is computed from other records when it is needed
   * (an operation's output: a remapped or merged record). `build` must be pure and return a
   * fresh tree each time: writers build it per record and drop it, so an output document
   * does not hold a second copy of its inputs. Always written canonically.
   */
  static derived(tag: string, xref: string | null, build: () => GedcomNode): GedcomRecord {
    const rec = new GedcomRecord(null, null, tag, xref, null);
    rec.derive = build;
    return rec;
  }

  /** A record read from a source; its tree is built on demand. */
  static fromSpan(span: RecordSpan, materializer: RecordMaterializer, tag: string, xref: string | null): GedcomRecord {
    return new GedcomRecord(span, materializer, tag, xref, null);
  }

  /** A record created in memory; always written canonically. */
  static create(root: GedcomNode): GedcomRecord {
    return new GedcomRecord(null, null, root.tag, root.xref, root);
  }

  /** Record tag (`INDI`, `FAM`, `HEAD`, `_LOC`, ...). Reflects edits of the root node. */
  get tag(): string {
    return this.rootNode ? this.rootNode.tag : this.firstTag;
  }

  /** Record xref with `@` signs, or null. Reflects edits of the root node. */
  get xref(): string | null {
    return this.rootNode ? this.rootNode.xref : this.firstXref;
  }

  /** 1-based line number of the record in its source, 0 for created records. */
  get line(): number {
    return this.span ? this.span.line : 0;
  }

  /** The record's tree (level-0 line). Built from the source on first access (compact: its nodes made as they are read). */
  get root(): GedcomNode {
    if (this.rootNode === null) {
      if (this.derive !== null) this.rootNode = this.derive();
      else if (this.span === null || this.materializer === null) throw new Error('record has neither tree nor source');
      else this.rootNode = this.materializer.retained(this.span);
    }
    return this.rootNode;
  }

  /**
   * The record's tree for one use: the tree when it is built, else a fresh one from the source
   * or the derivation that is not kept on the record (reading never grows the document).
   */
  transientRoot(): GedcomNode {
    if (this.rootNode !== null) return this.rootNode;
    if (this.derive !== null) return this.derive();
    return this.sourceTree() ?? this.root;
  }

  /** Replace the tree; marks the record edited. */
  set root(node: GedcomNode) {
    this.rootNode = node;
    this.editedFlag = true;
  }

  /** True once the tree has been built (or set). */
  get materialized(): boolean {
    return this.rootNode !== null;
  }

  /** True when the record is written canonically rather than from its source bytes. */
  get edited(): boolean {
    return this.editedFlag;
  }

  /** Declare that the tree was changed; the writer will write it canonically. */
  markEdited(): void {
    if (this.rootNode === null) void this.root;
    this.editedFlag = true;
  }

  /** Whether this record was read from `materializer`'s source and its tree was never built nor set (so the source is all of it). */
  readsOnlyFrom(materializer: RecordMaterializer): boolean {
    return this.rootNode === null && this.derive === null && this.span !== null && this.materializer === materializer;
  }

  /** A fresh tree built from the source span (ignores edits); null for created records. */
  sourceTree(): GedcomNode | null {
    if (this.span === null || this.materializer === null) return null;
    return this.materializer.materialize(this.span);
  }
}

/**
 * Structural equality of two trees: tag, xref, pointer, value, raw and children in order.
 * Line numbers are ignored.
 */
export function nodesEqual(a: GedcomNode, b: GedcomNode): boolean {
  // iterative: a tree may be as deep as its input (no recursion depth tied to the file)
  const left: GedcomNode[] = [a];
  const right: GedcomNode[] = [b];
  for (let x = left.pop(); x !== undefined; x = left.pop()) {
    // cast: right is pushed and popped with left, so it holds an entry for every node popped from left
    const y = right.pop() as GedcomNode;
    if (x.tag !== y.tag || x.xref !== y.xref || x.pointer !== y.pointer || x.value !== y.value) return false;
    if ((x.raw ?? null) !== (y.raw ?? null)) return false;
    const n = x.children.length;
    if (n !== y.children.length) return false;
    for (let i = n - 1; i >= 0; i--) {
      // cast: 0 <= i < n = x.children.length
      left.push(x.children[i] as GedcomNode);
      // cast: 0 <= i < n = y.children.length (equal counts checked above)
      right.push(y.children[i] as GedcomNode);
    }
  }
  return true;
}

/** What any document (parsed or built in memory) offers to accessors and writers. */
export interface GedcomDocumentLike {
  readonly version: GedcomVersionInfo;
  readonly encoding: GedcomEncodingInfo;
  /** Terminator used for canonical writing (the file's dominant one). */
  readonly terminator: LineTerminator;
  readonly records: GedcomRecord[];
  readonly diagnostics: readonly GedcomDiagnostic[];
  /** Record by xref (as written, with `@`), first definition wins. */
  byXref(xref: string): GedcomRecord | undefined;
}
