// Two rules of the composition (issue 15): src/ holds no module-level mutable state, and the
// command entry points (src/main/*.ts) construct no infrastructure class themselves; only the
// composition roots (src/main/compositions/) know the concrete classes.
import { dirname, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

function srcPath(absolute) {
  const rel = relative(SRC, absolute);
  return rel.startsWith('..') ? null : rel.split(sep).join('/');
}

/** Constructors whose instances can be changed after construction, and their read-only type names. */
const MUTABLE_CONSTRUCTORS = new Map([
  ['Map', 'ReadonlyMap'],
  ['Set', 'ReadonlySet'],
  ['Array', 'ReadonlyArray'],
  ['WeakMap', null],
  ['WeakSet', null],
]);

/** Whether a type annotation promises that the value is not changed (ReadonlyMap, ReadonlySet, readonly T[]). */
function isReadonlyType(annotation) {
  const type = annotation?.typeAnnotation;
  if (type === undefined) return false;
  if (type.type === 'TSTypeOperator' && type.operator === 'readonly') return true;
  return (
    type.type === 'TSTypeReference' &&
    type.typeName.type === 'Identifier' &&
    ['ReadonlyMap', 'ReadonlySet', 'ReadonlyArray', 'Readonly'].includes(type.typeName.name)
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const noModuleStateRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No module-level mutable state in src/: state lives in instances the composition creates' },
    schema: [],
    messages: {
      binding: 'module state: a module-level `{{kind}}` is mutable state shared by every composition; keep it in an instance the composition creates',
      collection:
        'module state: a module-level `new {{constructor}}` can be changed by anyone; declare it {{readonly}} or keep it in an instance the composition creates',
      emptyArray:
        'module state: a module-level array without a readonly type can be changed; declare it `readonly T[]` or `as const`, or keep it in an instance',
    },
  },
  create(context) {
    if (srcPath(context.filename) === null) return {};
    const checkDeclaration = (declaration) => {
      if (declaration.kind !== 'const') {
        context.report({ node: declaration, messageId: 'binding', data: { kind: declaration.kind } });
        return;
      }
      for (const declarator of declaration.declarations) {
        const init = declarator.init;
        if (init === null || declarator.id.type !== 'Identifier') continue;
        if (
          init.type === 'NewExpression' &&
          init.callee.type === 'Identifier' &&
          MUTABLE_CONSTRUCTORS.has(init.callee.name) &&
          !isReadonlyType(declarator.id.typeAnnotation)
        ) {
          const readonlyName = MUTABLE_CONSTRUCTORS.get(init.callee.name);
          context.report({
            node: declarator,
            messageId: 'collection',
            data: { constructor: init.callee.name, readonly: readonlyName === null ? 'elsewhere (it has no read-only form)' : `\`${readonlyName}\`` },
          });
        }
        if (init.type === 'ArrayExpression' && !isReadonlyType(declarator.id.typeAnnotation)) context.report({ node: declarator, messageId: 'emptyArray' });
      }
    };
    return {
      'Program > VariableDeclaration': checkDeclaration,
      'Program > ExportNamedDeclaration > VariableDeclaration': checkDeclaration,
    };
  },
};

/** Whether a file is a command entry point: src/main/*.ts, not a composition root. */
function isEntryPoint(file) {
  return file.startsWith('main/') && !file.startsWith('main/compositions/');
}

/** @type {import('eslint').Rule.RuleModule} */
export const entryConstructsNothingRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Command entry points do not construct infrastructure classes; composition roots do' },
    schema: [],
    messages: {
      construct:
        'composition: the entry point {{file}} constructs {{name}} from src/{{source}}; build it in a composition root (src/main/compositions/) and call that',
    },
  },
  create(context) {
    const file = srcPath(context.filename);
    if (file === null || !isEntryPoint(file)) return {};
    const infraClasses = new Map();
    return {
      ImportDeclaration(node) {
        const specifier = node.source.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = srcPath(resolve(dirname(context.filename), specifier));
        if (target === null || !target.startsWith('infra/')) return;
        for (const binding of node.specifiers) infraClasses.set(binding.local.name, target.replace(/\.js$/, '.ts'));
      },
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || !infraClasses.has(node.callee.name)) return;
        context.report({ node, messageId: 'construct', data: { file: `src/${file}`, name: node.callee.name, source: infraClasses.get(node.callee.name) } });
      },
    };
  },
};
