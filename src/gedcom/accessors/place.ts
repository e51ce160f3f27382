import type { GedcomNode } from '../model.js';
import { childValue, firstChild } from './node-query.js';

/** A PLAC structure: the jurisdiction list, its form, and coordinates. */
export class Place {
  constructor(readonly node: GedcomNode) {}

  /** The place as written ("Boston, Suffolk, Massachusetts, USA"). */
  get name(): string {
    return this.node.value;
  }

  /** Jurisdictions, smallest first, trimmed (empty ones kept as ''). */
  get parts(): string[] {
    return this.node.value === '' ? [] : this.node.value.split(',').map((p) => p.trim());
  }

  /** PLAC.FORM (5.x) or PLAC.FORM (7.0): the jurisdiction names. */
  get form(): string | null {
    return childValue(this.node, 'FORM');
  }

  /** Latitude in degrees from MAP.LATI (`N42.35` / `S3.1`), or null. */
  get latitude(): number | null {
    const map = firstChild(this.node, 'MAP');
    return map === undefined ? null : parseCoordinate(childValue(map, 'LATI'), 'N', 'S');
  }

  /** Longitude in degrees from MAP.LONG (`W71.06` / `E2.35`), or null. */
  get longitude(): number | null {
    const map = firstChild(this.node, 'MAP');
    return map === undefined ? null : parseCoordinate(childValue(map, 'LONG'), 'E', 'W');
  }
}

function parseCoordinate(text: string | null, positive: string, negative: string): number | null {
  if (text === null) return null;
  const m = /^([NSEW])?\s*(-?\d+(?:\.\d+)?)$/i.exec(text.trim());
  if (m === null) return null;
  const n = Number(m[2]);
  const hemi = m[1]?.toUpperCase();
  if (hemi === negative) return -n;
  if (hemi === undefined || hemi === positive) return n;
  return null;
}
