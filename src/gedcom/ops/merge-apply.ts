import type { GedcomDocumentLike, RecordSpan } from '../model.js';
import { GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import type { RecordLineReader } from '../parse/record-lines.js';
import { outputLike } from './output.js';
import type { OutputDocument } from './output.js';
import type { CanonicalSource } from './output-document.js';
import { RemappedLines } from './output-lines.js';
import type { CanonicalOptions } from '../write/canonical.js';
import { holdsEveryCharacter, inRepresentableEncoding } from './output-encoding.js';
import { foldedTree, forEachReference, remappedTree } from './merge-fold.js';
import { withSchemas } from './merge-head.js';
import { recordKey } from './merge-record-key.js';
import { OutputXrefs } from './merge-xrefs.js';
import { transientTree } from './tree-index.js';
import { STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export interface AppliedMerge {
  readonly document: OutputDocument;
  readonly remapped: number;
  readonly shared: number;
  readonly alternates: number;
  /** INDI and FAM records written. */
  readonly individuals: number;
  readonly families: number;
}

/** Right xref -> left xref of the people and families the decision merged. */
interface MergeMaps {
  readonly personMap: ReadonlyMap<string, string>;
  readonly familyMap: ReadonlyMap<string, string>;
}

/**
 * Assemble the merged document: the left records in order (HEAD with the right SCHMA tags, each
 * record with the lines of the right records merged into it folded in), then the right records
 * that are new (xrefs remapped so they never collide; identical non-person records kept once),
 * then the left TRLR.
 */
export function applyMerge(left: GedcomDocumentLike, right: GedcomDocumentLike, maps: MergeMaps, monitor: WorkMonitor): AppliedMerge {
  // 'apply' counts the passes over the records: left keys, right xrefs, folds, left out, right out
  // (and the output's records when their characters are checked against an 8-bit encoding)
  const settle = holdsEveryCharacter(left.encoding.used) ? 0 : left.records.length + right.records.length;
  const total = 2 * left.records.length + 3 * right.records.length + settle;
  let done = 0;
  const tick = (): void => {
    if ((++done & STEP_MASK) === 0) monitor.step('apply', done, total);
  };
  monitor.step('apply', 0, total);
  const xrefs = new OutputXrefs(left);
  const leftKeys = leftRecordKeys(left, tick);
  for (const [r, l] of maps.personMap) xrefs.map.set(r, l);
  for (const [r, l] of maps.familyMap) xrefs.map.set(r, l);
  const rightRecords = right.records.filter((r) => r.tag !== 'HEAD' && r.tag !== 'TRLR');
  const shared = placeRightXrefs(left, rightRecords, leftKeys, xrefs, tick);
  const folded = foldTargets(rightRecords, maps, leftDuplicates(left, xrefs.leftDuplicated), xrefs, tick);
  const { out, trailer, alternates } = leftOutput(left, right, folded, xrefs, tick);
  const lines = new RemappedRightLines(right, xrefs.settled);
  const sharedAnonymous = appendNewRightRecords(out, left, right, rightRecords, maps, shared, xrefs, lines, tick);
  out.push(...trailer);
  xrefs.seal();
  const document = inRepresentableEncoding(outputLike(left, out, lines), tick);
  monitor.step('apply', total, total);
  const written = (tag: string): number => out.reduce((n, r) => n + (r.tag === tag ? 1 : 0), 0);
  return { document, remapped: xrefs.remapped, shared: shared.size + sharedAnonymous, alternates, individuals: written('INDI'), families: written('FAM') };
}

/** The left file's non-person records with an xref, by tag and text (identical ones are kept once). */
function leftRecordKeys(left: GedcomDocumentLike, tick: () => void): Map<string, string> {
  const leftKeys = new Map<string, string>();
  for (const r of left.records) {
    tick();
    if (r.xref === null || r.tag === 'INDI' || r.tag === 'FAM') continue;
    const k = `${r.tag}\n${recordKey(transientTree(r))}`;
    if (!leftKeys.has(k)) leftKeys.set(k, r.xref);
  }
  return leftKeys;
}

/**
 * Settle the xref of every right record not merged: an identical left record's (the one of the
 * same xref when it is identical too: two records of the same text in a file merged with itself
 * stay two), its own, or a fresh one. Returns the right xrefs that were shared (they name a left record).
 */
function placeRightXrefs(
  left: GedcomDocumentLike,
  rightRecords: readonly GedcomRecord[],
  leftKeys: ReadonlyMap<string, string>,
  xrefs: OutputXrefs,
  tick: () => void,
): Set<string> {
  const shared = new Set<string>();
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x === null || xrefs.map.has(x)) continue;
    if (r.tag !== 'INDI' && r.tag !== 'FAM') {
      const key = recordKey(transientTree(r));
      const same = leftKeys.get(`${r.tag}\n${key}`);
      if (same !== undefined) {
        const own = same === x ? undefined : left.byXref(x);
        xrefs.map.set(x, own !== undefined && own.tag === r.tag && recordKey(transientTree(own)) === key ? x : same);
        shared.add(x);
        continue;
      }
    }
    xrefs.place(x);
  }
  return shared;
}

/**
 * The text of each left INDI or FAM record that repeats an earlier record's xref (a duplicate), by
 * xref and text, with how many records have it. A right record merged into that xref with the same
 * text is already written as that record, so it is not folded in again (a file merged with itself).
 */
function leftDuplicates(left: GedcomDocumentLike, duplicated: ReadonlySet<string>): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  if (duplicated.size === 0) return out;
  for (const r of left.records) {
    const x = r.xref;
    if (x === null || (r.tag !== 'INDI' && r.tag !== 'FAM') || !duplicated.has(x) || left.byXref(x) === r) continue;
    let texts = out.get(x);
    if (texts === undefined) out.set(x, (texts = new Map()));
    const k = recordKey(transientTree(r));
    texts.set(k, (texts.get(k) ?? 0) + 1);
  }
  return out;
}

/**
 * The right records merged into each left record (by left xref). Output records made from right
 * records are derived (model.ts, GedcomRecord.derived): their trees are built when written and
 * dropped, so the output holds no copy of the inputs. Every xref they use is settled here first,
 * in the order the trees remap them (fresh xrefs for dangling pointers are numbered in that
 * order), so building them later only looks up the map. A right record with the text of a left
 * duplicate of its target (see {@link leftDuplicates}) is left out, once per such left record.
 */
function foldTargets(
  rightRecords: readonly GedcomRecord[],
  maps: MergeMaps,
  duplicates: ReadonlyMap<string, Map<string, number>>,
  xrefs: OutputXrefs,
  tick: () => void,
): Map<string, GedcomRecord[]> {
  const folded = new Map<string, GedcomRecord[]>();
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x === null) continue;
    const into = maps.personMap.get(x) ?? maps.familyMap.get(x);
    if (into === undefined) continue;
    const texts = duplicates.get(into);
    if (texts !== undefined) {
      const k = recordKey(transientTree(r));
      const n = texts.get(k) ?? 0;
      if (n > 0) {
        texts.set(k, n - 1);
        continue;
      }
    }
    let list = folded.get(into);
    if (list === undefined) folded.set(into, (list = []));
    list.push(r);
    forEachReference(transientTree(r), xrefs.remap);
  }
  return folded;
}

/**
 * The left records in order, right records folded in; the TRLR held back for the end. The right
 * records merged into a person or family are folded into the record the index read it from (the
 * first INDI or FAM of its xref); another left record of the same xref (a duplicate) is written
 * as it is.
 */
function leftOutput(
  left: GedcomDocumentLike,
  right: GedcomDocumentLike,
  folded: ReadonlyMap<string, readonly GedcomRecord[]>,
  xrefs: OutputXrefs,
  tick: () => void,
): { out: GedcomRecord[]; trailer: GedcomRecord[]; alternates: number } {
  let alternates = 0;
  const out: GedcomRecord[] = [];
  const trailer: GedcomRecord[] = [];
  const foldedInto = new Set<string>();
  for (const r of left.records) {
    tick();
    if (r.tag === 'TRLR') {
      trailer.push(r);
      continue;
    }
    if (r.tag === 'HEAD') {
      out.push(withSchemas(r, right));
      continue;
    }
    const x = r.xref;
    const extra = x === null || (r.tag !== 'INDI' && r.tag !== 'FAM') || foldedInto.has(x) ? undefined : folded.get(x);
    if (x === null || extra === undefined) {
      out.push(r);
      continue;
    }
    foldedInto.add(x);
    alternates += foldedTree(r, extra, xrefs.settled).alternates;
    out.push(GedcomRecord.derived(r.tag, r.xref, () => foldedTree(r, extra, xrefs.settled).tree));
  }
  return { out, trailer, alternates };
}

/**
 * Append the right records that are new to `out`, xrefs remapped; records without an xref
 * identical to one of the left file's are kept once (a file merged with itself). Returns how many
 * of those were shared.
 */
function appendNewRightRecords(
  out: GedcomRecord[],
  left: GedcomDocumentLike,
  right: GedcomDocumentLike,
  rightRecords: readonly GedcomRecord[],
  maps: MergeMaps,
  sharedXrefs: ReadonlySet<string>,
  xrefs: OutputXrefs,
  written: RemappedRightLines,
  tick: () => void,
): number {
  let shared = 0;
  const lines = right instanceof GedcomDocument ? right.lineReader() : null;
  const leftAnonymous = new Map<string, number>();
  for (const r of left.records) {
    if (r.xref !== null || r.tag === 'HEAD' || r.tag === 'TRLR') continue;
    const k = recordKey(transientTree(r), true);
    leftAnonymous.set(k, (leftAnonymous.get(k) ?? 0) + 1);
  }
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x !== null && (maps.personMap.has(x) || maps.familyMap.has(x))) continue;
    if (x === null && leftAnonymous.size > 0) {
      const k = recordKey(transientTree(r), true);
      const n = leftAnonymous.get(k) ?? 0;
      if (n > 0) {
        leftAnonymous.set(k, n - 1);
        shared++;
        continue;
      }
    }
    // a right record that became a left one (an identical record, or its own xref on the left) is written once
    if (x !== null && sharedXrefs.has(x)) continue;
    settleReferences(r, lines, xrefs);
    const derived = GedcomRecord.derived(r.tag, x === null ? null : xrefs.settled(x), () => remappedTree(r, xrefs.settled));
    written.add(derived, r);
    out.push(derived);
  }
  lines?.close();
  return shared;
}

/**
 * The new right records of the output, written from their source lines with their xrefs remapped
 * (output-lines.ts) rather than from a tree built, remapped and dropped per record; a record whose
 * lines need the tree is written from it (the derived record's own tree).
 */
class RemappedRightLines implements CanonicalSource {
  /** Output record -> the right record it is. */
  private readonly from = new Map<GedcomRecord, GedcomRecord>();
  private reader: RecordLineReader | null = null;
  private readonly lines: RemappedLines;

  constructor(
    private readonly right: GedcomDocumentLike,
    map: (x: string) => string,
  ) {
    this.lines = new RemappedLines(map);
  }

  add(output: GedcomRecord, source: GedcomRecord): void {
    if (this.right instanceof GedcomDocument && source.span !== null && !source.materialized) this.from.set(output, source);
  }

  text(rec: GedcomRecord, opts: CanonicalOptions): string | null {
    const source = this.from.get(rec);
    if (source === undefined || !(this.right instanceof GedcomDocument)) return null;
    this.reader ??= this.right.lineReader();
    return this.lines.text(this.reader, source, opts);
  }
}

/**
 * Settles every xref and pointer of a right record before its output tree is built (see
 * {@link foldTargets}). An untouched record is read from its source lines: when each of them is
 * settled already, the order in which they are met does not matter and no tree is built (most
 * records: the right file's xrefs were all placed). Otherwise (a dangling pointer gets a fresh
 * xref, numbered in the order the tree meets it) the record's tree is walked.
 */
function settleReferences(rec: GedcomRecord, lines: RecordLineReader | null, xrefs: OutputXrefs): void {
  const span = rec.span;
  if (lines === null || span === null || rec.materialized || !allSettled(span, rec.xref, lines, xrefs.map)) forEachReference(transientTree(rec), xrefs.remap);
}

/** Whether every xref and pointer on the record's source lines is settled in `map` (false on a line the reader cannot tell). */
function allSettled(span: RecordSpan, xref: string | null, lines: RecordLineReader, map: ReadonlyMap<string, string>): boolean {
  lines.open(span);
  while (lines.next()) {
    if (lines.malformed) return false;
    if (lines.hasXref && (lines.level !== 0 || xref === null || !map.has(xref))) return false;
    if (!lines.isPointer) continue;
    const pointer = lines.pointer();
    if (pointer !== '@VOID@' && !map.has(pointer)) return false;
  }
  return true;
}
