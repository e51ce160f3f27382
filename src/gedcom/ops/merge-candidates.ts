import { OPS_LIMITS } from './limits.js';
import type { DateVetoes, PersonFeature } from './merge-features.js';
import { vetoedByDates } from './merge-features.js';
import { STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * Candidate pairs of a merge (Gramps' blocking: sex group and the Soundex of each surname). A
 * block whose pairs would exceed OPS_LIMITS.pairsPerBlock is split: its pairs must also share
 * the Soundex of a given name and a birth decade (±1), or the given-name code alone when either
 * side has no dated birth. Pairs are generated per left person and de-duplicated there, so memory
 * stays proportional to one person's candidates; pairs that a sex or date veto ends are counted
 * here on typed arrays and never reach the scorer.
 */

function blockKeys(f: PersonFeature): string[] {
  const group = f.male ? 'M' : 'O';
  const codes = new Set(f.names.map((n) => n.surnameCode));
  if (codes.size === 0) codes.add('Z000');
  return [...codes].map((c) => `${group}:${c}`);
}

function addToBlock(blocks: Map<string, number[]>, key: string, i: number): void {
  let list = blocks.get(key);
  if (list === undefined) blocks.set(key, (list = []));
  list.push(i);
}

const givenCodes = (f: PersonFeature): string[] => [...new Set(f.names.flatMap((n) => n.tokens.slice(0, 1).map((t) => t.code)))];

export interface CandidateScan {
  /** Set once no more pairs are wanted (the candidate bound is reached): the rest are skipped uncounted. */
  full: boolean;
  /** Pairs (i * width + j) already paired as identical records: skipped uncounted. */
  readonly exact: ReadonlySet<number>;
  readonly width: number;
  /** Pairs ended by a sex or date veto. */
  vetoed: number;
}

/** Calls `visit(i, j)` for every candidate pair that no sex or date veto ends, in a fixed order. */
export function candidatePairs(
  left: readonly PersonFeature[],
  right: readonly PersonFeature[],
  lv: DateVetoes,
  rv: DateVetoes,
  state: CandidateScan,
  visit: (i: number, j: number) => void,
  monitor: WorkMonitor,
): void {
  const rb = new Map<string, number[]>();
  const lsize = new Map<string, number>();
  right.forEach((f, j) => blockKeys(f).forEach((k) => addToBlock(rb, k, j)));
  left.forEach((f) => blockKeys(f).forEach((k) => lsize.set(k, (lsize.get(k) ?? 0) + 1)));
  // sub-blocks of the large blocks: `${given}|${decade}` and `${given}|-`, `${given}|*`
  const split = new Map<string, Map<string, number[]>>();
  for (const [key, rs] of rb) {
    if ((lsize.get(key) ?? 0) * rs.length <= OPS_LIMITS.pairsPerBlock) continue;
    const sub = new Map<string, number[]>();
    for (const j of rs) {
      // cast: the right blocks hold indexes into right
      const f = right[j] as PersonFeature;
      for (const g of givenCodes(f)) {
        addToBlock(sub, `${g}|${f.birthDecade ?? '-'}`, j);
        if (f.birthDecade !== null) addToBlock(sub, `${g}|*`, j);
      }
    }
    split.set(key, sub);
  }
  // seenBy[j] === i + 1: pair (i, j) was already emitted for this left person
  const seenBy = new Int32Array(right.length);
  const exact = state.exact;
  const checkExact = exact.size > 0;
  let emitted = 0;
  let i = 0;
  const emitAll = (list: readonly number[] | undefined): void => {
    if (list === undefined) return;
    const stamp = i + 1;
    for (let k = 0; k < list.length; k++) {
      // cast: k < list.length
      const j = list[k] as number;
      if (seenBy[j] === stamp) continue;
      seenBy[j] = stamp;
      if ((++emitted & STEP_MASK) === 0) monitor.step('match', i, left.length);
      if (state.full || (checkExact && exact.has(i * state.width + j))) continue;
      if (vetoedByDates(lv, i, rv, j)) state.vetoed++;
      else visit(i, j);
    }
  };
  for (i = 0; i < left.length; i++) {
    // cast: i < left.length
    const f = left[i] as PersonFeature;
    if ((i & STEP_MASK) === 0) monitor.step('match', i, left.length);
    for (const key of blockKeys(f)) {
      const sub = split.get(key);
      if (sub === undefined) {
        emitAll(rb.get(key));
        continue;
      }
      for (const g of givenCodes(f)) {
        if (f.birthDecade === null) {
          emitAll(sub.get(`${g}|*`));
          emitAll(sub.get(`${g}|-`));
        } else {
          for (let d = -1; d <= 1; d++) emitAll(sub.get(`${g}|${f.birthDecade + d}`));
          emitAll(sub.get(`${g}|-`));
        }
      }
    }
  }
}
