import { OPS_LIMITS } from './limits.js';
import type { SideFeatures } from './merge-features.js';
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

function blockKeys(side: SideFeatures, p: number): string[] {
  const group = side.male(p) ? 'M' : 'O';
  const codes = new Set(side.namesOf(p).map((n) => n.surnameCode));
  if (codes.size === 0) codes.add('Z000');
  const keys = [...codes].map((c) => `${group}:${c}`);
  // secondary keys that do not read the surname (married names, patronymics): the person's first
  // given name with the father's, and with each spouse's
  const own = givenCodes(side, p);
  if (own.length === 0) return keys;
  const relatives = new Set<string>();
  for (const n of side.parentNames(p, true) ?? []) for (const t of n.tokens.slice(0, 1)) relatives.add(`F${t.code}`);
  for (const names of side.spouses(p)) for (const n of names) for (const t of n.tokens.slice(0, 1)) relatives.add(`S${t.code}`);
  for (const g of own) for (const r of relatives) keys.push(`${group}:${g}:${r}`);
  return keys;
}

function addToBlock(blocks: Map<string, number[]>, key: string, i: number): void {
  let list = blocks.get(key);
  if (list === undefined) blocks.set(key, (list = []));
  list.push(i);
}

const givenCodes = (side: SideFeatures, p: number): string[] => [...new Set(side.namesOf(p).flatMap((n) => n.tokens.slice(0, 1).map((t) => t.code)))];

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
  left: SideFeatures,
  right: SideFeatures,
  state: CandidateScan,
  visit: (i: number, j: number) => void,
  monitor: WorkMonitor,
): void {
  const rb = new Map<string, number[]>();
  const lsize = new Map<string, number>();
  for (let j = 0; j < right.count; j++) for (const k of blockKeys(right, j)) addToBlock(rb, k, j);
  for (let i = 0; i < left.count; i++) for (const k of blockKeys(left, i)) lsize.set(k, (lsize.get(k) ?? 0) + 1);
  // sub-blocks of the large blocks: `${given}|${decade}` and `${given}|-`, `${given}|*`
  const split = new Map<string, Map<string, number[]>>();
  for (const [key, rs] of rb) {
    if ((lsize.get(key) ?? 0) * rs.length <= OPS_LIMITS.pairsPerBlock) continue;
    const sub = new Map<string, number[]>();
    for (const j of rs) {
      const decade = right.birthDecade(j);
      for (const g of givenCodes(right, j)) {
        addToBlock(sub, `${g}|${decade ?? '-'}`, j);
        if (decade !== null) addToBlock(sub, `${g}|*`, j);
      }
    }
    split.set(key, sub);
  }
  // seenBy[j] === i + 1: pair (i, j) was already emitted for this left person
  const seenBy = new Int32Array(right.count);
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
      if ((++emitted & STEP_MASK) === 0) monitor.step('match', i, left.count);
      if (state.full || (checkExact && exact.has(i * state.width + j))) continue;
      if (vetoedByDates(left, i, right, j)) state.vetoed++;
      else visit(i, j);
    }
  };
  for (i = 0; i < left.count; i++) {
    if ((i & STEP_MASK) === 0) monitor.step('match', i, left.count);
    const decade = left.birthDecade(i);
    for (const key of blockKeys(left, i)) {
      const sub = split.get(key);
      if (sub === undefined) {
        emitAll(rb.get(key));
        continue;
      }
      for (const g of givenCodes(left, i)) {
        if (decade === null) {
          emitAll(sub.get(`${g}|*`));
          emitAll(sub.get(`${g}|-`));
        } else {
          for (let d = -1; d <= 1; d++) emitAll(sub.get(`${g}|${decade + d}`));
          emitAll(sub.get(`${g}|-`));
        }
      }
    }
  }
}
