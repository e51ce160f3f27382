// Fails when the modules of src/ or client/ import each other in a circle (type-only imports
// included: a circle of types is still two files that cannot be read or changed one at a time).
// Usage: node scripts/import-cycles.mjs [folder ...]   (default: src client)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export function sourceFiles(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** Relative imports (static, re-exports, dynamic) of one file, resolved to files of the set. */
function importsOf(file, known) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'))
    .filter((target) => known.has(target));
}

/** Strongly connected components of more than one module (Tarjan, iterative). */
export function importCycles(files) {
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  for (const start of files) {
    if (order.has(start)) continue;
    const work = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (next === 0) {
        order.set(node, counter);
        low.set(node, counter);
        counter++;
        stack.push(node);
        onStack.add(node);
      }
      const edges = graph.get(node);
      if (next < edges.length) {
        frame[1] = next + 1;
        const target = edges[next];
        if (!order.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node), order.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node).includes(node)) cycles.push(component);
      }
    }
  }
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'client'];
  const files = folders.filter((folder) => existsSync(folder)).flatMap((folder) => sourceFiles(resolve(folder)));
  const cycles = importCycles(files);
  for (const cycle of cycles) console.error(`import circle: ${cycle.map((file) => relative(process.cwd(), file)).join(' <-> ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import circle(s); break each by moving what both sides need into a module of its own`);
    process.exit(1);
  }
  console.log(`no import circle among ${files.length} modules of ${folders.join(', ')}`);
}
