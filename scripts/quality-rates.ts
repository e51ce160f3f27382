// The quality rules fired per 1,000 people on the whole GEDCOM corpus (shared corpus and
// test/fixtures/gedcom), for the table of docs/gedcom-engine.md ("Quality rules"). Run:
//   node --import tsx scripts/quality-rates.ts
// It prints that table's rows as Markdown: the findings with the default thresholds, and per 1,000
// people also with approx_years = 0 (ABT / CAL / EST read as the date they name, as before issue 33).
// A file without a supported version is read as 5.5.1 (as the corpus tests do); the clock is fixed
// (1 January 2026) so future_date and the living estimate give the same figures on any day.
import { readFileSync } from 'node:fs';
import { QUALITY_RULE_SEVERITIES, analyzeQuality } from '../src/gedcom/ops/quality.js';
import { julianDay } from '../src/gedcom/ops/living.js';
import { parseGedcomBytes } from '../src/gedcom/parse/parse.js';
import { allGedcomFiles } from '../test/support/corpus.js';

const living = { today: julianDay(2026, 1, 1), thresholdYears: 110 };
const fired = new Map<string, { count: number; files: number }>();
const exact = new Map<string, number>();
let people = 0;
let files = 0;
for (const file of allGedcomFiles()) {
  const doc = parseGedcomBytes(readFileSync(file.path), { assumeVersion: '5.5.1' });
  if (doc.version.family === null) continue;
  const report = analyzeQuality(doc, { living });
  files++;
  people += report.scope.individuals;
  for (const r of report.rules) {
    const entry = fired.get(r.rule) ?? { count: 0, files: 0 };
    entry.count += r.count;
    entry.files++;
    fired.set(r.rule, entry);
  }
  for (const r of analyzeQuality(doc, { living, thresholds: { approx_years: 0 } }).rules) exact.set(r.rule, (exact.get(r.rule) ?? 0) + r.count);
}
const rate = (n: number): string => ((n * 1000) / Math.max(1, people)).toFixed(2);
console.log(`${files} files, ${people} people (clock: 1 January 2026)\n`);
console.log('| rule | severity | findings | files | per 1,000 people | per 1,000 with approx_years 0 |');
console.log('|---|---|---:|---:|---:|---:|');
for (const [rule, severity] of Object.entries(QUALITY_RULE_SEVERITIES)) {
  const f = fired.get(rule) ?? { count: 0, files: 0 };
  console.log(`| \`${rule}\` | ${severity} | ${f.count} | ${f.files} | ${rate(f.count)} | ${rate(exact.get(rule) ?? 0)} |`);
}
