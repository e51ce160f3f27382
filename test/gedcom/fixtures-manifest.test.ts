import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// test/fixtures/gedcom/MANIFEST.md lists every fixture file (per source folder, with its size and md5 prefix).
// This keeps the list and the files from drifting apart; scripts/fixtures-manifest.mjs regenerates the tables.
const root = fileURLToPath(new URL('../fixtures/gedcom/', import.meta.url));
const script = fileURLToPath(new URL('../../scripts/fixtures-manifest.mjs', import.meta.url));
const NOT_FIXTURES = new Set(['MANIFEST.md', '.gitattributes']);

function filesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const ent of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else out.push(relative(root, p).split(sep).join('/'));
    }
  };
  walk(root);
  return out.filter((f) => !NOT_FIXTURES.has(f)).sort();
}

interface Listed {
  bytes: number;
  md5: string;
}

/** Rows of every "| file | bytes | md5 ..." table, keyed by <folder>/<file>; the folder is the "## <folder>/" heading above. */
function listedInManifest(): { listed: Map<string, Listed>; twice: string[] } {
  const listed = new Map<string, Listed>();
  const twice: string[] = [];
  let folder: string | null = null;
  let inTable = false;
  for (const line of readFileSync(join(root, 'MANIFEST.md'), 'utf8').split('\n')) {
    const heading = /^## (\S+)\/\s*$/.exec(line);
    if (heading) {
      folder = heading[1] ?? null;
      inTable = false;
      continue;
    }
    if (line.startsWith('## ')) {
      folder = null;
      continue;
    }
    if (/^\| file \| bytes \| md5 \|/.test(line)) {
      inTable = true;
      continue;
    }
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    if (!inTable || !folder || /^\|[-:| ]+\|$/.test(line)) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\) \| /)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    const [file, bytes, md5] = cells;
    if (!file || !bytes || !md5) continue;
    const key = `${folder}/${file}`;
    if (listed.has(key)) twice.push(key);
    listed.set(key, { bytes: Number(bytes), md5 });
  }
  return { listed, twice };
}

describe('GEDCOM fixtures MANIFEST', () => {
  const onDisk = filesOnDisk();
  const { listed, twice } = listedInManifest();

  it('has fixtures at all', () => {
    expect(onDisk.length).toBeGreaterThanOrEqual(100);
  });

  it('lists every file under test/fixtures/gedcom/ with its size and md5 prefix', () => {
    const problems: string[] = [];
    for (const f of onDisk) {
      const row = listed.get(f);
      if (!row) {
        problems.push(`not listed: ${f}`);
        continue;
      }
      const buf = readFileSync(join(root, f));
      const md5 = createHash('md5').update(buf).digest('hex').slice(0, 8);
      if (row.bytes !== buf.length) problems.push(`${f}: MANIFEST says ${row.bytes} bytes, file has ${buf.length}`);
      if (row.md5 !== md5) problems.push(`${f}: MANIFEST says md5 ${row.md5}, file has ${md5}`);
    }
    expect(problems).toEqual([]);
  });

  it('lists no file twice', () => {
    expect(twice).toEqual([]);
  });

  it('lists no file that does not exist', () => {
    const missing = [...listed.keys()].filter((f) => !statSync(join(root, f), { throwIfNoEntry: false })?.isFile());
    expect(missing).toEqual([]);
  });

  it('has generated columns (version, CHAR, encoding, line ends, producer, counts) that match the bytes', () => {
    // --check exits 1 (and execFileSync throws with its message) when a regenerated table would differ.
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
