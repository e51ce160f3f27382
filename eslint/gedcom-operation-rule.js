// One place for each GEDCOM operation (issue 30): its name appears only in its descriptor
// (src/contract/gedcom-operations/<name>.ts), in the table that lists the descriptors
// (src/contract/gedcom-operations.ts) and in the engine (src/gedcom/, whose runner table is typed by
// the contract's table). Everything else (routes, named schemas, result sections, service, worker,
// manifest, client) derives what it needs from GEDCOM_OPERATION_TABLE, so adding an operation touches
// no other file. The names are the descriptor files' names: the rule needs no list of its own.
import { readdirSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DESCRIPTORS = 'src/contract/gedcom-operations';
const TABLE = 'src/contract/gedcom-operations.ts';
const ENGINE = 'src/gedcom/';

/** The operations: one descriptor file each. */
export function gedcomOperationNames(root = ROOT) {
  return readdirSync(resolve(root, DESCRIPTORS))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => basename(file, '.ts'));
}

/** The words of an identifier or a string: split at anything but letters and digits, and at camelCase humps. */
function wordsOf(text) {
  return text
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/**
 * A file whose path names GEDCOM (src/app/gedcom/, gedcom-routes.ts...): there, an identifier led by
 * an operation's name, or a string that is one, names it.
 */
function speaksGedcom(path) {
  return path.split('/').some((segment) => segment.startsWith('gedcom'));
}

/**
 * The operation an identifier names: anywhere `Gedcom<Name>...` (`GedcomMergeRequest`, `GEDCOM_SYNC`); in a
 * GEDCOM file also `<name>...` (`merge`, `inspectSection`, `QUALITY`), but not a later word (`readSync` is Node's).
 */
function namedByIdentifier(names, identifier, broad) {
  const words = wordsOf(identifier);
  return names.find((name) => words.some((word, i) => word === 'gedcom' && words[i + 1] === name) || (broad && words[0] === name));
}

/** The operation a string names: anywhere `gedcom.<name>` or `gedcom/<name>` (a job kind, a scope, a route); in a GEDCOM file also the bare name. */
function namedByString(names, text, broad) {
  return names.find((name) => new RegExp(`gedcom[./]${name}(?![A-Za-z0-9_])`, 'i').test(text) || (broad && text === name));
}

/** @type {import('eslint').Rule.RuleModule} */
export const gedcomOperationPlaceRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A GEDCOM operation is named only in its descriptor, the operation table and the engine' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      named:
        'operation place: `{{text}}` names the GEDCOM operation `{{name}}` outside its place (its descriptor {{descriptor}}, the table {{table}} and the engine src/gedcom/); derive it from GEDCOM_OPERATION_TABLE',
      descriptorName:
        'operation place: the descriptor in {{file}} must be named `{{expected}}` after its file (the file name is the operation name the lint and the table know)',
    },
  },
  create(context) {
    const path = relative(ROOT, context.filename).split(sep).join('/');
    if (path.startsWith('..') || path.startsWith(ENGINE) || path === TABLE) return {};
    const own = path.startsWith(`${DESCRIPTORS}/`) ? basename(path, '.ts') : null;
    const allowed = new Set([...(own === null ? [] : [own]), ...(context.options[0]?.allow?.[path] ?? [])]);
    const names = gedcomOperationNames().filter((name) => !allowed.has(name));
    const broad = speaksGedcom(path);

    const reported = new Set();
    const report = (node, text, name) => {
      if (name === undefined || reported.has(node.range[0])) return;
      reported.add(node.range[0]);
      context.report({ node, messageId: 'named', data: { text, name, descriptor: `${DESCRIPTORS}/${name}.ts`, table: TABLE } });
    };
    const identifier = (node) => report(node, node.name, namedByIdentifier(names, node.name, broad));
    const string = (node, text) => report(node, text, namedByString(names, text, broad));
    return {
      Identifier: identifier,
      PrivateIdentifier: identifier,
      Literal: (node) => {
        if (typeof node.value === 'string') string(node, node.value);
      },
      TemplateElement: (node) => string(node, node.value.cooked ?? node.value.raw),
      Property: (node) => {
        if (own === null || node.key.type !== 'Identifier' || node.key.name !== 'name' || node.value.type !== 'Literal' || typeof node.value.value !== 'string')
          return;
        if (node.parent.parent?.type === 'CallExpression' && node.value.value !== own)
          context.report({ node: node.value, messageId: 'descriptorName', data: { file: path, expected: own } });
      },
    };
  },
};
