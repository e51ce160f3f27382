// Casts in src/ (issue 19): an `as` cast (or `<T>x` assertion) tells the compiler to trust us, so
// each one carries a `// cast: <why it holds>` comment on its line or directly above its statement;
// everywhere else a type guard, a schema check or a typed helper does the job. `as const` is not a
// cast. An `as unknown as` double cast throws away the check that a single cast still makes, so it
// needs a `// double cast: <why a single cast cannot do>` comment even where a `cast:` comment stands.
import { relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

function inSrc(absolute) {
  const rel = relative(SRC, absolute);
  return !rel.startsWith('..') && rel.split(sep)[0] !== '..';
}

/** Whether a cast node is `x as const` or `<const>x`. */
function isConstAssertion(node) {
  const type = node.typeAnnotation;
  return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'const';
}

function isCast(node) {
  return node.type === 'TSAsExpression' || node.type === 'TSTypeAssertion';
}

/** Whether a cast goes through `unknown` (or `any`): the inner step of a double cast. */
function isWidening(node) {
  return isCast(node) && (node.typeAnnotation.type === 'TSUnknownKeyword' || node.typeAnnotation.type === 'TSAnyKeyword');
}

/** The node at which the comment above counts: the cast and its ancestors up to the statement, class member or property that holds it. */
function anchors(node) {
  const result = [];
  for (let current = node; current !== null && current !== undefined; current = current.parent) {
    result.push(current);
    if (
      /Statement$|Declaration$/.test(current.type) ||
      current.type === 'Property' ||
      current.type === 'PropertyDefinition' ||
      current.type === 'MethodDefinition' ||
      current.type === 'TSPropertySignature' ||
      current.type === 'Program'
    )
      break;
  }
  return result;
}

/** @type {import('eslint').Rule.RuleModule} */
export const justifiedCastsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Every `as` cast in src/ has a `// cast:` comment saying why it holds; no unexplained `as unknown as`' },
    schema: [],
    messages: {
      unjustified: 'cast: an `as` cast needs a `// cast: <why it holds>` comment, or a type guard / schema check instead',
      double: 'cast: an `as unknown as` double cast needs a `// double cast: <why a single cast cannot do>` comment, or a type guard / typed helper instead',
    },
  },
  create(context) {
    if (!inSrc(context.filename)) return {};
    const source = context.sourceCode;
    const comments = source.getAllComments();
    /** Comments ending on each line. */
    const endingOn = new Map();
    for (const comment of comments) {
      const line = comment.loc.end.line;
      if (!endingOn.has(line)) endingOn.set(line, []);
      endingOn.get(line).push(comment);
    }
    const matches = (comment, marker) => comment.value.includes(marker);
    /** Whether a comment with `marker` is on a line of the cast or in the block of comments directly above one of its anchors. */
    const justified = (node, marker) => {
      const { start, end } = node.loc;
      for (const comment of comments) {
        if (comment.loc.start.line <= end.line && comment.loc.end.line >= start.line && matches(comment, marker)) return true;
      }
      for (const anchor of anchors(node)) {
        let line = anchor.loc.start.line - 1;
        for (;;) {
          const above = endingOn.get(line);
          if (above === undefined) break;
          if (above.some((comment) => matches(comment, marker))) return true;
          line = Math.min(...above.map((comment) => comment.loc.start.line)) - 1;
        }
      }
      return false;
    };
    const check = (node) => {
      if (isConstAssertion(node)) return;
      if (isWidening(node) && isCast(node.parent) && node.parent.expression === node) return; // reported as part of the double cast
      if (isWidening(node.expression)) {
        if (!justified(node, 'double cast:')) context.report({ node, messageId: 'double' });
        return;
      }
      if (!justified(node, 'cast:')) context.report({ node, messageId: 'unjustified' });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};
