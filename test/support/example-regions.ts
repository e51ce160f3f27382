import { readFileSync } from 'node:fs';

/** The example shell's code regions (`// #region <name>` ... `// #endregion <name>`), each dedented, by name. */
export function exampleRegions(file: string): Map<string, string> {
  const regions = new Map<string, string>();
  const lines = readFileSync(file, 'utf8').split('\n');
  let name: string | null = null;
  let body: string[] = [];
  for (const line of lines) {
    const start = /^\s*\/\/ #region (\S+)$/.exec(line);
    const end = /^\s*\/\/ #endregion (\S+)$/.exec(line);
    if (start !== null) {
      name = start[1] ?? null;
      body = [];
    } else if (end !== null && end[1] === name) {
      const indent = Math.min(...body.filter((text) => text.trim() !== '').map((text) => /^ */.exec(text)?.[0].length ?? 0));
      regions.set(name, body.map((text) => text.slice(indent)).join('\n'));
      name = null;
    } else if (name !== null) body.push(line);
  }
  return regions;
}

/** The blocks of a page that show a region: `<!-- example: <name> -->` and the fenced block right after it. */
export function shownRegions(page: string): Map<string, string> {
  const shown = new Map<string, string>();
  for (const match of page.matchAll(/<!-- example: (\S+) -->\n```js\n([\s\S]*?)\n```/g)) shown.set(match[1] ?? '', match[2] ?? '');
  return shown;
}
