import type { GrowUint8 } from './growable.js';

/**
 * The open-addressing tables keyed by bytes (xref-table.ts, string-table.ts ByteMemo): FNV-1a
 * hashes, and slots of SLOT_FIELDS Int32 fields side by side (entry + 1, 0 when empty; hash; start of the
 * key's bytes in the table's pool; length), so that a probe reads one place of memory.
 */
export const SLOT_FIELDS = 4;
const SLOT = SLOT_FIELDS;

/** The slots twice as many, every entry placed again by its hash (linear probing). */
export function doubledSlots(old: Int32Array): Int32Array<ArrayBuffer> {
  const slots = new Int32Array(2 * old.length);
  const mask = slots.length / SLOT - 1;
  for (let s = 0; s < old.length; s += SLOT) {
    if (old[s] === 0) continue;
    // cast: s + 1 < old.length (slots are SLOT fields)
    let slot = (old[s + 1] as number) & mask;
    while (slots[SLOT * slot] !== 0) slot = (slot + 1) & mask;
    // cast: s + k < old.length (slots are SLOT fields)
    for (let k = 0; k < SLOT; k++) slots[SLOT * slot + k] = old[s + k] as number;
  }
  return slots;
}

/**
 * The slot of the key whose bytes are buf[start, end) and whose hash is `h`, or the empty slot
 * where it would go (its first field is then 0). `pool` holds the keys' bytes.
 */
export function probeBytes(slots: Int32Array, pool: GrowUint8, h: number, buf: Uint8Array, start: number, end: number): number {
  const mask = slots.length / SLOT - 1;
  const n = end - start;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const at = SLOT * slot;
    if (slots[at] === 0) return slot;
    // cast: at + 3 < slots.length (slot <= mask)
    if (slots[at + 1] === h && slots[at + 3] === n && pool.matches(slots[at + 2] as number, buf, start, n)) return slot;
  }
}
