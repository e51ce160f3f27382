/**
 * The probable version of a file that declares no supported one (no HEAD.GEDC.VERS, or 5.0 / 5.01 /
 * 4.0 / anything unknown), from evidence only: tags and structures one version has, CONC / CONT
 * use, the character set, the byte order mark, and the producing program. Inspect fills it; the
 * user then chooses an assumed version (engine `assumeVersion`, CLI `--assume-version`, API
 * `assume_version`). The answer is one of the assumable versions, or null when there is no evidence at
 * all (then nothing suggests a version, and inspect does not pretend one does).
 */

import type { AssumableVersion } from '../version.js';

/** One piece of evidence: what was seen, how often, and the version it points to. */
interface VersionEvidence {
  readonly kind: 'tag' | 'continuation' | 'charset' | 'encoding' | 'producer' | 'header';
  /** A tag, a charset name, `CONC`, a program name (letters, digits, `._- ` only, at most 40 characters). */
  readonly signal: string;
  readonly suggests: AssumableVersion;
  readonly count: number;
}

export interface ProbableVersion {
  readonly version: AssumableVersion;
  /** Share of the evidence weight for `version`, 0..1, scaled down while the evidence is thin. */
  readonly confidence: number;
  readonly evidence: readonly VersionEvidence[];
}

/** Evidence weight at which the confidence is the winner's share alone. */
const EVIDENCE_FOR_FULL_CONFIDENCE = 8;

/** Tags only one version defines (as a standard tag), with the weight of one occurrence. */
const TAG_MARKERS: ReadonlyMap<string, { version: AssumableVersion; weight: number }> = new Map([
  // 7.0 structures
  ['SNOTE', { version: '7.0', weight: 3 }],
  ['SCHMA', { version: '7.0', weight: 5 }],
  ['EXID', { version: '7.0', weight: 3 }],
  ['UID', { version: '7.0', weight: 2 }],
  ['CREA', { version: '7.0', weight: 3 }],
  ['TRAN', { version: '7.0', weight: 3 }],
  ['PHRASE', { version: '7.0', weight: 3 }],
  ['INIL', { version: '7.0', weight: 3 }],
  ['SDATE', { version: '7.0', weight: 3 }],
  ['MIME', { version: '7.0', weight: 3 }],
  ['NO', { version: '7.0', weight: 2 }],
  // added by 5.5.1
  ['EMAIL', { version: '5.5.1', weight: 2 }],
  ['FAX', { version: '5.5.1', weight: 2 }],
  ['WWW', { version: '5.5.1', weight: 2 }],
  ['FONE', { version: '5.5.1', weight: 2 }],
  ['ROMN', { version: '5.5.1', weight: 2 }],
  ['MAP', { version: '5.5.1', weight: 2 }],
  ['LATI', { version: '5.5.1', weight: 2 }],
  ['LONG', { version: '5.5.1', weight: 2 }],
  ['FACT', { version: '5.5.1', weight: 2 }],
  // removed after 5.5
  ['BLOB', { version: '5.5', weight: 3 }],
]);

/** Producing programs (HEAD.SOUR, upper case prefix) and the version their exports use. */
const PRODUCERS: readonly { readonly prefix: string; readonly version: AssumableVersion }[] = [
  { prefix: 'PAF', version: '5.5' },
  { prefix: 'FTW', version: '5.5' },
  { prefix: 'FAMILY_HISTORIAN', version: '5.5' },
  { prefix: 'LEGACY', version: '5.5' },
  { prefix: 'ANCESTRY', version: '5.5.1' },
  { prefix: 'FTM', version: '5.5.1' },
  { prefix: 'ROOTSMAGIC', version: '5.5.1' },
  { prefix: 'MYHERITAGE', version: '5.5.1' },
  { prefix: 'GRAMPS', version: '5.5.1' },
  { prefix: 'GENEWEB', version: '5.5.1' },
  { prefix: 'HEREDIS', version: '5.5.1' },
  { prefix: 'ANCESTRIS', version: '5.5.1' },
  { prefix: 'WEBTREES', version: '5.5.1' },
  { prefix: 'PHPGEDVIEW', version: '5.5.1' },
  { prefix: 'FAMILYSEARCH', version: '7.0' },
];

/** What the lines of a file showed, counted by the inspection's single pass. */
export interface LineEvidence {
  /** Lines with this tag as read: SNOTE at any level, the other markers below level 0. */
  readonly markerLines: (tag: string) => number;
  /** CONC lines below level 0. */
  readonly conc: number;
  /** Lines below level 0 whose payload is `@VOID@`. */
  readonly voidPointers: number;
}

/** Weigh the evidence of the lines with what HEAD and the bytes say; null when nothing points to a version. */
export function probableVersion(
  lines: LineEvidence,
  head: { char: string | null; producer: string | null; formVers: string | null; bom: string | null; unicode: boolean },
): ProbableVersion | null {
  const evidence: VersionEvidence[] = [];
  const weights = new Map<AssumableVersion, number>();
  const add = (e: VersionEvidence, weight: number): void => {
    evidence.push(e);
    weights.set(e.suggests, (weights.get(e.suggests) ?? 0) + weight);
  };
  const { conc, voidPointers } = lines;
  for (const [tag, m] of [...TAG_MARKERS].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const count = lines.markerLines(tag);
    if (count > 0) add({ kind: 'tag', signal: tag, suggests: m.version, count }, m.weight * Math.min(count, 5));
  }
  if (voidPointers > 0) add({ kind: 'tag', signal: '@VOID@', suggests: '7.0', count: voidPointers }, 5);
  if (conc > 0) add({ kind: 'continuation', signal: 'CONC', suggests: '5.5.1', count: conc }, 4);
  const char = head.char?.toUpperCase() ?? null;
  if (head.formVers !== null && /^5\.5\.5$/.test(head.formVers.trim()))
    add({ kind: 'header', signal: 'GEDC.FORM.VERS 5.5.5', suggests: '5.5.5', count: 1 }, 10);
  if (char === null) {
    // weak: 7.0 writes no CHAR, but neither do many 5.5.1 exporters of UTF-8 (PhpGedView), and this file has no GEDC.VERS either
    if (head.bom === 'UTF-8') add({ kind: 'charset', signal: 'UTF-8 BOM without CHAR', suggests: '7.0', count: 1 }, 1);
  } else if (char === 'UTF-8') add({ kind: 'charset', signal: 'UTF-8', suggests: '5.5.1', count: 1 }, 3);
  else if (char === 'UNICODE') add({ kind: 'charset', signal: 'UNICODE', suggests: head.bom !== null ? '5.5.5' : '5.5', count: 1 }, 2);
  else add({ kind: 'charset', signal: safe(char), suggests: '5.5', count: 1 }, 2);
  if (head.unicode && head.bom !== null && char !== null && conc === 0)
    add({ kind: 'encoding', signal: `${head.bom} with BOM`, suggests: '5.5.5', count: 1 }, 1);
  const producer = head.producer?.toUpperCase().replace(/\s+/g, '_') ?? '';
  const known = PRODUCERS.find((p) => producer.startsWith(p.prefix));
  if (known !== undefined) add({ kind: 'producer', signal: safe(head.producer ?? ''), suggests: known.version, count: 1 }, 2);
  if (evidence.length === 0) return null;
  let best: AssumableVersion = '5.5.1';
  let bestWeight = 0;
  let total = 0;
  for (const [v, w] of weights) {
    total += w;
    if (w > bestWeight) {
      best = v;
      bestWeight = w;
    }
  }
  // the share of the evidence for the winner, scaled down while the evidence is thin (under 8 points)
  const confidence = total === 0 ? 0 : (bestWeight / total) * Math.min(1, total / EVIDENCE_FOR_FULL_CONFIDENCE);
  return { version: best, confidence: Math.round(confidence * 100) / 100, evidence };
}

function safe(text: string): string {
  return text.replace(/[^A-Za-z0-9._ -]/g, '').slice(0, 40) || '?';
}
