// Runs the benchmarks and writes docs/benchmarks.md (machine and date included).
// `npm run bench` runs every section; `npm run bench -- jobs chat` runs the named ones and
// keeps the other sections of the existing file. Flags (`--full`, `--shape skewed`) go to the sections.
import { readFileSync, writeFileSync } from 'node:fs';
import { runChatBench } from './chat.js';
import { runFoundationBench } from './foundation.js';
import { runGedcomParseBench } from './gedcom-parse.js';
import { runGedcomOpsBench } from './gedcom-ops.js';
import { runGedcomLoadBench } from './gedcom-load.js';
import { runGedcomShapesBench } from './gedcom-shapes.js';
import { runHttpLayerBench } from './http-layer.js';
import { runJobsBench } from './jobs.js';
import { runSerializerBench } from './serializer.js';
import { runLocalStateBench } from './local-state.js';
import { runMergeRealisticBench } from './merge-realistic.js';
import { runSoakBench } from './soak.js';
import { runStartupBench } from './startup.js';
import { machine } from './support.js';

const SECTIONS: Record<string, () => Promise<string>> = {
  foundation: runFoundationBench,
  'http-layer': runHttpLayerBench,
  startup: runStartupBench,
  'local-state': runLocalStateBench,
  jobs: runJobsBench,
  serializer: runSerializerBench,
  chat: runChatBench,
  'gedcom-parse': runGedcomParseBench,
  'gedcom-ops': runGedcomOpsBench,
  'gedcom-load': runGedcomLoadBench,
  'gedcom-shapes': runGedcomShapesBench,
  'merge-realistic': runMergeRealisticBench,
  soak: runSoakBench,
};

const FILE = 'docs/benchmarks.md';
/** Flags of a section that take a value (`--shape skewed`): the value is not a section name. */
const VALUE_FLAGS = new Set(['--shape', '--size', '--op']);
const args = process.argv.slice(2);
const requested = args.filter((name, i) => !name.startsWith('-') && !VALUE_FLAGS.has(args[i - 1] ?? ''));
for (const name of requested) if (!(name in SECTIONS)) throw new Error(`unknown benchmark section: ${name}`);
const names = requested.length > 0 ? requested : Object.keys(SECTIONS);

function previousSections(): Map<string, string> {
  const sections = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(FILE, 'utf8');
  } catch {
    return sections;
  }
  for (const match of text.matchAll(/<!-- section:([a-z-]+) -->\n([\s\S]*?)<!-- end:\1 -->/g)) sections.set(match[1] as string, match[2] as string);
  return sections;
}

const stamp = `${new Date().toISOString().slice(0, 10)}, ${machine()}`;
const measured = new Map<string, string>();
for (const name of names) {
  process.stderr.write(`bench: ${name}\n`);
  const body = await (SECTIONS[name] as () => Promise<string>)();
  measured.set(name, `_Measured ${stamp}._\n\n${body.trim()}\n`);
}
// Other sections as the file holds them now (another run may have rewritten one meanwhile).
const sections = previousSections();
for (const [name, text] of measured) sections.set(name, text);

const header = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts). Every section says when and on which machine it was
measured. The machines are shared and noisy: variants are interleaved in random order within one
run, warm-up rounds are discarded, and the figures to read are medians and ratios against a
baseline measured in the same run, not single absolute numbers.
`;
const body = Object.keys(SECTIONS)
  .filter((name) => sections.has(name))
  .map((name) => `<!-- section:${name} -->\n${sections.get(name)}<!-- end:${name} -->\n`)
  .join('\n');
writeFileSync(FILE, `${header}\n${body}`);
process.stderr.write(`bench: wrote ${FILE}\n`);
