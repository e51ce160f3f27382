import type { Static, TSchema } from 'typebox';

/** Writes a value as the JSON text of its schema's projection. */
export type Serializer<T> = (value: T) => string;

/**
 * A value that does not have its schema's shape (a required field missing, a wrong type): a
 * defect of the service, answered as INTERNAL_FAILURE; `code` names it in the event log.
 */
export class ResponseShapeError extends Error {
  readonly code = 'RESPONSE_SHAPE_MISMATCH';

  constructor(at: string, expected: string) {
    super(`the response does not match its schema at ${at === '' ? '/' : at}: expected ${expected}`);
  }
}

/** The JSON Schema keywords a response schema is built from (TypeBox writes plain JSON Schema). */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly patternProperties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
}

/** One compiled step: writes `value` (at JSON pointer `at`, for the error) as JSON text. */
type Writer = (value: unknown, at: string) => string;

/** How well a union variant fits a value without writing it: -1 not at all, higher is a closer fit. */
type Fit = (value: unknown) => number;

const KNOWN_KEYWORDS: ReadonlySet<string> = new Set(['type', 'const', 'enum', 'anyOf', 'properties', 'required', 'patternProperties', 'items', 'additionalProperties']);
// Keywords that constrain or describe a value without changing which fields it has.
const ANNOTATIONS: ReadonlySet<string> = new Set([
  'description', 'title', 'default', 'examples', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', '$id',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(node: SchemaNode): string | undefined {
  if (Array.isArray(node.type)) throw new Error('a response schema names one type per node (use a union)');
  // cast: a non-array `type` is the single type name JSON Schema allows there
  return node.type as string | undefined;
}

function checkKeywords(node: SchemaNode): void {
  for (const key of Object.keys(node)) {
    // TypeBox's own markers (`~kind`, `~optional`), enumerable when the service configures them so.
    if (key.startsWith('~')) continue;
    if (!KNOWN_KEYWORDS.has(key) && !ANNOTATIONS.has(key)) throw new Error(`a response schema keyword the serializer does not project: ${key}`);
  }
}

function mismatch(at: string, expected: string): never {
  throw new ResponseShapeError(at, expected);
}

function fitOf(node: SchemaNode): Fit {
  if (node.const !== undefined) return (value) => (value === node.const ? 1 : -1);
  if (node.enum !== undefined) {
    const members = node.enum;
    return (value) => (members.includes(value) ? 1 : -1);
  }
  if (node.anyOf !== undefined) {
    const fits = node.anyOf.map(fitOf);
    return (value) => Math.max(...fits.map((fit) => fit(value)));
  }
  switch (typeOf(node)) {
    case 'string':
      return (value) => (typeof value === 'string' ? 0 : -1);
    case 'integer':
      return (value) => (Number.isInteger(value) ? 0 : -1);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? 0 : -1);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? 0 : -1);
    case 'null':
      return (value) => (value === null ? 0 : -1);
    case 'array':
      return (value) => (Array.isArray(value) ? 0 : -1);
    case 'object': {
      // An object variant fits when its required fields are present and its constant fields (a
      // discriminator such as `kind`) hold; among several, the one that names more of them wins.
      const required = node.required ?? [];
      const constants = Object.entries(node.properties ?? {}).filter(([, child]) => child.const !== undefined);
      return (value) => {
        if (!isRecord(value)) return -1;
        for (const key of required) if (value[key] === undefined) return -1;
        for (const [key, child] of constants) if (value[key] !== child.const) return -1;
        return required.length + constants.length;
      };
    }
    case undefined:
      return () => 0;
    default:
      throw new Error(`a response schema type the serializer does not project: ${String(node.type)}`);
  }
}

function unionWriter(variants: readonly SchemaNode[]): Writer {
  const compiled = variants.map((variant) => ({ fit: fitOf(variant), write: writerOf(variant) }));
  return (value, at) => {
    let best: Writer | null = null;
    let bestFit = -1;
    for (const variant of compiled) {
      const fit = variant.fit(value);
      if (fit > bestFit) {
        bestFit = fit;
        best = variant.write;
      }
    }
    return best === null ? mismatch(at, 'one of the union\'s variants') : best(value, at);
  };
}

function objectWriter(node: SchemaNode): Writer {
  const required = new Set(node.required ?? []);
  const fields = Object.entries(node.properties ?? {}).map(([key, child]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    required: required.has(key),
    write: writerOf(child),
  }));
  const declared = new Set(fields.map((field) => field.key));
  const patterns = Object.entries(node.patternProperties ?? {}).map(([pattern, child]) => ({ pattern: new RegExp(pattern, 'u'), write: writerOf(child) }));
  return (value, at) => {
    if (!isRecord(value)) return mismatch(at, 'an object');
    let text = '';
    for (const field of fields) {
      const member = value[field.key];
      if (member === undefined) {
        if (field.required) mismatch(`${at}/${field.key}`, 'a required field');
        continue;
      }
      text += `${text === '' ? '' : ','}${field.prefix}${field.write(member, `${at}/${field.key}`)}`;
    }
    // A record's entries are its schema's too; any other key is not declared and is left out.
    if (patterns.length > 0) {
      for (const [key, member] of Object.entries(value)) {
        if (declared.has(key) || member === undefined) continue;
        const entry = patterns.find((candidate) => candidate.pattern.test(key));
        if (entry !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${entry.write(member, `${at}/${key}`)}`;
      }
    }
    return `{${text}}`;
  };
}

function writerOf(node: SchemaNode): Writer {
  checkKeywords(node);
  if (node.anyOf !== undefined) return unionWriter(node.anyOf);
  if (node.const !== undefined || node.enum !== undefined) {
    const fit = fitOf(node);
    const members = node.const !== undefined ? [node.const] : (node.enum ?? []);
    return (value, at) => (fit(value) >= 0 ? JSON.stringify(value) : mismatch(at, `one of ${JSON.stringify(members)}`));
  }
  switch (typeOf(node)) {
    case 'string':
      return (value, at) => (typeof value === 'string' ? JSON.stringify(value) : mismatch(at, 'a string'));
    case 'integer':
      return (value, at) => (Number.isInteger(value) ? String(value) : mismatch(at, 'an integer'));
    case 'number':
      return (value, at) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : mismatch(at, 'a finite number'));
    case 'boolean':
      return (value, at) => (value === true ? 'true' : value === false ? 'false' : mismatch(at, 'a boolean'));
    case 'null':
      return (value, at) => (value === null ? 'null' : mismatch(at, 'null'));
    case 'array': {
      const item = node.items === undefined ? writerOf({}) : writerOf(node.items);
      return (value, at) => {
        if (!Array.isArray(value)) return mismatch(at, 'an array');
        let text = '';
        for (let index = 0; index < value.length; index++) text += `${index === 0 ? '' : ','}${item(value[index], `${at}/${index}`)}`;
        return `[${text}]`;
      };
    }
    case 'object':
      return objectWriter(node);
    case undefined:
      // An unconstrained value (Type.Unknown): written as it is.
      return (value, at) => JSON.stringify(value) ?? mismatch(at, 'a JSON value');
    default:
      throw new Error(`a response schema type the serializer does not project: ${String(node.type)}`);
  }
}

/**
 * Compiles a response schema into a writer of its projection: the fields the schema declares, in
 * its order, and nothing else (contract.md section 12), so a field a handler adds by mistake never
 * leaves the service. A value whose declared fields do not have their schema's shape throws
 * ResponseShapeError. A union is written by the variant that fits the value best (its required
 * and constant fields). Compiling throws for a keyword that would change the projection and is
 * not handled here, so every route's schema is known to compile (the contract test compiles all).
 */
export function compileSerializer<S extends TSchema>(schema: S): Serializer<Static<S>> {
  // cast: a TypeBox schema is a JSON Schema object; SchemaNode names the keywords read here
  const write = writerOf(schema as SchemaNode);
  return (value) => write(value, '');
}

/** compileSerializer on first use, so that start-up compiles no route's serializer. */
export function lazySerializer<S extends TSchema>(schema: S): Serializer<Static<S>> {
  let compiled: Serializer<Static<S>> | undefined;
  return (value) => (compiled ??= compileSerializer(schema))(value);
}
