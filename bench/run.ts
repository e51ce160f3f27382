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
import { runMergeMissesBench } from './merge-misses.js';
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
  'merge-misses': runMergeMissesBench,
  soak: runSoakBench,
};

const FILE = 'docs/benchmarks.md';
/** Flags of a section that take a value (`--shape skewed`): the value is not a section name. */
const VALUE_FLAGS = new Set(['--shape', '--size', '--op']);
const args = process.argv.slice(2);
const requested = args.filter((name, i) => !name.startsWith('-') && !VALUE_FLAGS.has(args[i - 1] ?? ''));
for (const name of requested) if (!(name in SECTIONS)) throw new Error(`unknown benchmark section: ${name}`);
const names = requested.length > 0 ? requested : Object.keys(SECTIONS);

const stamp = `${new Date().toISOString().slice(0, 10)}, ${machine()}`;
const measured = new Map<string, string>();
for (const name of names) {
  process.stderr.write(`bench: ${name}\n`);
  const body = await (SECTIONS[name] as () => Promise<string>)();
  measured.set(name, `_Measured ${stamp}._\n\n${body.trim()}\n`);
}

const header = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts). Every section says when and on which machine it was
measured. The machines are shared and noisy: variants are interleaved in random order within one
run, warm-up rounds are discarded, and the figures to read are medians and ratios against a
baseline measured in the same run, not single absolute numbers.
`;

/**
 * Each measured section replaces only the text between its own markers (a new one is appended), so
 * the notes, profiles and decisions written around the sections survive a re-run. The file is read
 * after measuring because another run may have rewritten it meanwhile.
 */
function withSections(text: string, sections: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [name, body] of sections) {
    const block = `<!-- section:${name} -->\n${body}<!-- end:${name} -->\n`;
    const at = out.indexOf(`<!-- section:${name} -->\n`);
    const endMarker = `<!-- end:${name} -->\n`;
    const end = at < 0 ? -1 : out.indexOf(endMarker, at);
    out = at < 0 || end < 0 ? `${out.trimEnd()}\n\n${block}` : `${out.slice(0, at)}${block}${out.slice(end + endMarker.length)}`;
  }
  return out;
}

let previous = header;
try {
  previous = readFileSync(FILE, 'utf8');
} catch {
  // no file yet: the header starts it
}
writeFileSync(FILE, withSections(previous, measured));
process.stderr.write(`bench: wrote ${FILE}\n`);
