import type { GedcomDocumentLike, GedcomRecord, RecordSpan } from '../model.js';
import { GedcomDocument } from '../document.js';

/**
 * The records of a file that a sync compares (all but HEAD and TRLR), in file order, each with
 * its key: the xref, or for a record without one its tag and occurrence number (`_LOC#3`); a key
 * met again is made distinct with `#dup` and the record's position.
 */
export interface KeyedRecords {
  readonly keys: readonly string[];
  readonly records: readonly GedcomRecord[];
  /** True when every record of the file is listed once, in its order (no record object twice). */
  readonly eachRecordOnce: boolean;
}

/**
 * Whether the parse vouches that the records' xrefs are distinct: it found no xref defined twice,
 * and every record is still one of its own, unedited, in source order (so none was added, edited
 * or listed twice since). Then no set of the keys seen is needed: parsed xrefs start and end with
 * `@`, and a key made from a tag ends with a digit.
 */
function parsedXrefsDistinct(doc: GedcomDocumentLike): boolean {
  if (!(doc instanceof GedcomDocument) || doc.diagnosticSummary().some((d) => d.code === 'XREF_DUPLICATE')) return false;
  let last = -1;
  for (const r of doc.records) {
    if (!r.readsOnlyFrom(doc)) return false;
    // cast: readsOnlyFrom holds only for a record with a span
    const start = (r.span as RecordSpan).start;
    if (start <= last) return false;
    last = start;
  }
  return true;
}

export function keyedRecords(doc: GedcomDocumentLike, tick: () => void): KeyedRecords {
  const distinct = parsedXrefsDistinct(doc);
  const seen = distinct ? null : new Set<string>();
  const occurrences = new Map<string, number>();
  const keys: string[] = [];
  const records: GedcomRecord[] = [];
  for (const r of doc.records) {
    tick();
    const tag = r.tag;
    if (tag === 'HEAD' || tag === 'TRLR') continue;
    let key = r.xref;
    if (key === null) {
      const n = occurrences.get(tag) ?? 0;
      occurrences.set(tag, n + 1);
      key = `${tag}#${n}`;
    }
    if (seen !== null) {
      if (seen.has(key)) key = `${key}#dup${keys.length}`;
      seen.add(key);
    }
    keys.push(key);
    records.push(r);
  }
  return { keys, records, eachRecordOnce: distinct };
}

/**
 * Finds keys in a list of distinct keys. The files of a sync mostly hold their records in the same
 * order, so the slot after the last key found is tried first; a map of every key is built only at
 * the first key not found there.
 */
export class KeyFinder {
  private next = 0;
  private index: Map<string, number> | null = null;

  constructor(private readonly keys: readonly string[]) {}

  /** The key's position in the list, or -1. */
  find(key: string): number {
    const keys = this.keys;
    const guess = this.next;
    if (guess < keys.length && keys[guess] === key) {
      this.next = guess + 1;
      return guess;
    }
    const at = (this.index ??= this.indexKeys()).get(key);
    if (at === undefined) return -1;
    this.next = at + 1;
    return at;
  }

  private indexKeys(): Map<string, number> {
    const index = new Map<string, number>();
    const keys = this.keys;
    // cast: i < keys.length
    for (let i = 0; i < keys.length; i++) index.set(keys[i] as string, i);
    return index;
  }
}
