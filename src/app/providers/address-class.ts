import { isIPv4, isIPv6 } from 'node:net';

/**
 * Classification of numeric addresses for the endpoint policy. Only `unicast` (global unicast)
 * may be the destination of a cloud name; IPv4-mapped IPv6 is unwrapped first.
 */
export type AddressClass = 'unicast' | 'private' | 'loopback' | 'link_local' | 'shared' | 'multicast' | 'unspecified' | 'reserved';

export interface ParsedAddress {
  readonly family: 4 | 6;
  /** Canonical text: dotted quad, or RFC 5952 compressed lowercase IPv6. */
  readonly canonical: string;
  readonly class: AddressClass;
}

const STRICT_OCTET = /^(0|[1-9][0-9]{0,2})$/;

/** Parses only the strict dotted-quad form (four decimal octets, no leading zeros). */
export function parseStrictIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!STRICT_OCTET.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/** Parses an IPv6 address (no zone) into eight 16-bit groups. */
export function parseIPv6(text: string): number[] | null {
  if (!isIPv6(text) || text.includes('%')) return null;
  let head = text;
  let tailV4: number[] = [];
  const lastColon = head.lastIndexOf(':');
  const last = head.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseStrictIPv4(last);
    if (!v4) return null;
    // cast: parseStrictIPv4 returns exactly four octets or null (refused above)
    tailV4 = [((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number)];
    head = head.slice(0, lastColon + 1) + '0';
  }
  const groupsWanted = 8 - tailV4.length;
  const halves = head.split('::');
  const parseGroups = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  let groups: number[];
  if (halves.length === 2) {
    // cast: halves.length === 2 here
    const left = parseGroups(halves[0] as string);
    // cast: halves.length === 2 here
    const right = parseGroups(halves[1] as string);
    if (tailV4.length > 0) right.pop();
    const fill = groupsWanted - left.length - right.length;
    if (fill < 0) return null;
    groups = [...left, ...new Array<number>(fill).fill(0), ...right];
  } else {
    groups = parseGroups(head);
    if (tailV4.length > 0) groups.pop();
  }
  if (groups.length !== groupsWanted || groups.some((group) => !Number.isInteger(group) || group < 0 || group > 0xffff)) return null;
  return [...groups, ...tailV4];
}

function inV4(octets: readonly number[], prefix: readonly number[], bits: number): boolean {
  // cast: every caller passes four octets (parseStrictIPv4's result or four built from two IPv6 groups)
  const value = (((octets[0] as number) << 24) | ((octets[1] as number) << 16) | ((octets[2] as number) << 8) | (octets[3] as number)) >>> 0;
  const base = (((prefix[0] ?? 0) << 24) | ((prefix[1] ?? 0) << 16) | ((prefix[2] ?? 0) << 8) | (prefix[3] ?? 0)) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
}

const V4_RANGES: readonly (readonly [readonly number[], number, AddressClass])[] = [
  [[0, 0, 0, 0], 32, 'unspecified'],
  [[0], 8, 'reserved'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link_local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

export function classifyIPv4(octets: readonly number[]): AddressClass {
  for (const [prefix, bits, kind] of V4_RANGES) if (inV4(octets, prefix, bits)) return kind;
  return 'unicast';
}

export function classifyIPv6(groups: readonly number[]): AddressClass {
  const g = (index: number): number => groups[index] ?? 0;
  const allZeroUpTo = (count: number): boolean => groups.slice(0, count).every((group) => group === 0);
  if (allZeroUpTo(8)) return 'unspecified';
  if (allZeroUpTo(7) && g(7) === 1) return 'loopback';
  if (allZeroUpTo(5) && g(5) === 0xffff) return classifyIPv4([g(6) >> 8, g(6) & 0xff, g(7) >> 8, g(7) & 0xff]);
  if (allZeroUpTo(6)) return 'reserved'; // IPv4-compatible (deprecated)
  if (g(0) === 0x64 && g(1) === 0xff9b) return 'reserved'; // NAT64
  if (g(0) === 0x100 && g(1) === 0 && g(2) === 0 && g(3) === 0) return 'reserved'; // discard
  if (g(0) === 0x2001 && g(1) < 0x200) return 'reserved'; // IETF protocol assignments, Teredo
  if (g(0) === 0x2001 && g(1) === 0xdb8) return 'reserved'; // documentation
  if (g(0) === 0x2002) return 'reserved'; // 6to4
  if ((g(0) & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((g(0) & 0xffc0) === 0xfe80) return 'link_local';
  if ((g(0) & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((g(0) & 0xff00) === 0xff00) return 'multicast';
  if ((g(0) & 0xe000) === 0x2000) return 'unicast';
  return 'reserved';
}

function compressIPv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Parses a numeric address as a resolver returns it (dotted quad or IPv6 text). */
export function parseAddress(text: string): ParsedAddress | null {
  if (isIPv4(text)) {
    const octets = parseStrictIPv4(text);
    if (!octets) return null;
    return { family: 4, canonical: octets.join('.'), class: classifyIPv4(octets) };
  }
  const groups = parseIPv6(text);
  if (!groups) return null;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    // cast: parseIPv6 returns exactly eight groups or null (refused above)
    const g6 = groups[6] as number;
    // cast: as for g6
    const g7 = groups[7] as number;
    const octets = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
    return { family: 4, canonical: octets.join('.'), class: classifyIPv4(octets) };
  }
  return { family: 6, canonical: compressIPv6(groups), class: classifyIPv6(groups) };
}
