import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared test corpus: `../shared/corpus` next to the repository, else /work/shared/corpus. */
export function corpusRoot(): string {
  const candidates = [resolve(repoRoot, '../shared/corpus'), '/work/shared/corpus'];
  for (const c of candidates) if (existsSync(c)) return c;
  throw new Error(`GEDCOM corpus not found; looked in ${candidates.join(' and ')}`);
}

/** Every .ged file of the GEDCOM corpus, as paths relative to corpus/gedcom, sorted. */
export function gedcomCorpusFiles(pattern: RegExp = /\.ged$/i): { rel: string; path: string }[] {
  const base = join(corpusRoot(), 'gedcom');
  const out: { rel: string; path: string }[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (pattern.test(name)) out.push({ rel: relative(base, p), path: p });
    }
  };
  walk(base);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

/** Every .ged file of the repository's own fixtures (test/fixtures/gedcom, issue 13), relative paths prefixed `fixtures/`. */
export function gedcomFixtureFiles(pattern: RegExp = /\.ged$/i): { rel: string; path: string }[] {
  const base = join(repoRoot, 'test', 'fixtures', 'gedcom');
  const out: { rel: string; path: string }[] = [];
  if (!existsSync(base)) return out;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (pattern.test(name)) out.push({ rel: `fixtures/${relative(base, p)}`, path: p });
    }
  };
  walk(base);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

/** The whole GEDCOM corpus: the shared corpus and the repository's fixtures. */
export function allGedcomFiles(): { rel: string; path: string }[] {
  return [...gedcomCorpusFiles(), ...gedcomFixtureFiles()];
}
