// The layers of docs/architecture.md as a lint rule: each folder of src/ may import only the
// folders below it. The rule resolves every relative import (static, re-export and dynamic) to
// the file it names and checks the pair of layers; a violation names the rule and the direction.
import { dirname, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

/**
 * Application modules that are ports (interfaces the outside implements, and the errors and
 * records that cross them): the only part of src/app that src/infra may import.
 */
export const APP_PORTS = new Set([
  'app/event-log.ts',
  'app/adapter-errors.ts',
  'app/providers/model-provider.ts',
  'app/gedcom/advisory.ts',
  'app/gedcom/artifact-registry.ts',
  'app/gedcom/gedcom-executor.ts',
  'app/jobs/job-ledger.ts',
  'app/jobs/job-work.ts',
  'app/providers/ports.ts',
  'app/providers/preflight.ts',
  'app/providers/store.ts',
  'app/secrets/keyring-store.ts',
  'app/settings/settings-store.ts',
]);

/** The engine's public surfaces: the facade, and the header scanner that reads a version without evaluating the engine. */
export const GEDCOM_FACADES = new Set(['gedcom/index.ts', 'gedcom/boundary.ts']);

/** Node modules that touch the world; the contract and the engine work on values and bytes handed to them. */
const WORLD_MODULES = [
  'node:fs',
  'node:fs/promises',
  'node:net',
  'node:http',
  'node:https',
  'node:dns',
  'node:os',
  'node:child_process',
  'node:worker_threads',
  'node:process',
];

/** What each layer may import, by kind of target; `main` (entry points and composition roots) may import anything. */
export const LAYER_RULES = {
  contract: { may: ['contract'], direction: 'contract imports nothing of ours' },
  gedcom: { may: ['contract', 'gedcom'], direction: 'gedcom imports only contract and its own files' },
  app: {
    may: ['contract', 'app', 'gedcom-facade'],
    direction: 'app imports contract, app and the gedcom facade (src/gedcom/index.ts, src/gedcom/boundary.ts)',
  },
  infra: {
    may: ['contract', 'infra', 'app-port', 'gedcom-facade'],
    direction: 'infra imports contract, app ports (APP_PORTS in eslint/layering-rule.js) and the gedcom facade',
  },
  http: { may: ['contract', 'http', 'app'], direction: 'http imports contract and app' },
};

/**
 * The layer of a file under src/: its first folder; files directly in src/ and under src/main/ are
 * entry points or composition roots. A provider's folder (src/providers/<id>/) holds both halves of
 * its descriptor: its catalogue files (`catalogue*.ts`) are contract, every other file (the wire
 * side) is infra (docs/providers.md, "One folder per provider").
 */
function layerOf(fromSrc) {
  const first = fromSrc.split('/')[0];
  if (first === 'providers') return /^catalogue[^/]*\.ts$/.test(fromSrc.split('/').at(-1)) ? 'contract' : 'infra';
  if (!fromSrc.includes('/') || first === 'main') return 'main';
  return first;
}

/** Every kind a target file counts as (a gedcom facade is also gedcom; an app port is also app). */
function kindsOf(fromSrc) {
  const layer = layerOf(fromSrc);
  const kinds = [layer];
  if (GEDCOM_FACADES.has(fromSrc)) kinds.push('gedcom-facade');
  if (APP_PORTS.has(fromSrc)) kinds.push('app-port');
  return kinds;
}

function toSrcPath(absolute) {
  const rel = relative(SRC, absolute);
  if (rel.startsWith('..')) return null;
  return rel.split(sep).join('/').replace(/\.js$/, '.ts');
}

/** @type {import('eslint').Rule.RuleModule} */
export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between the folders of src/ follow the layers of docs/architecture.md' },
    schema: [],
    messages: {
      crossing: 'layering: {{from}} may not import {{target}} ({{direction}})',
      outside: 'layering: src/ may not import {{target}} outside src/',
      world: 'layering: {{from}} may not import {{target}} ({{from}} works on values and bytes handed to it; I/O belongs to src/infra)',
    },
  },
  create(context) {
    const file = toSrcPath(context.filename);
    if (file === null) return {};
    const from = layerOf(file);
    const rule = LAYER_RULES[from];
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith('node:') || !specifier.startsWith('.')) {
        if (rule !== undefined && (from === 'contract' || from === 'gedcom') && WORLD_MODULES.includes(specifier)) {
          context.report({ node, messageId: 'world', data: { from, target: specifier } });
        }
        return;
      }
      const target = toSrcPath(resolve(dirname(context.filename), specifier));
      if (target === null) {
        context.report({ node, messageId: 'outside', data: { target: specifier } });
        return;
      }
      if (rule === undefined) return;
      if (kindsOf(target).some((kind) => rule.may.includes(kind))) return;
      context.report({ node, messageId: 'crossing', data: { from: `src/${from}`, target: `src/${target}`, direction: rule.direction } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
