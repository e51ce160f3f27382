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

/** How well a union variant fits a value without writing it: -1 not at all, higher is a closer fit. */
type Fit = (value: unknown) => number;

const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'const',
  'enum',
  'anyOf',
  'properties',
  'required',
  'patternProperties',
  'items',
  'additionalProperties',
]);
// Keywords that constrain or describe a value without changing which fields it has.
const ANNOTATIONS: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  '$id',
]);

/** Strings JSON writes as they are between quotes: printable ASCII other than `"` and `\\`. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string's JSON text: the common case without JSON.stringify's call (the frames of a job stream are written per event). */
function quote(value: string): string {
  return VERBATIM.test(value) ? `"${value}"` : JSON.stringify(value);
}

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
    return (value) => {
      let best = -1;
      for (const fit of fits) best = Math.max(best, fit(value));
      return best;
    };
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

/** The index of the union variant that fits a value best; -1 when none does. */
function chooser(variants: readonly SchemaNode[]): (value: unknown) => number {
  const fits = variants.map(fitOf);
  return (value) => {
    let best = -1;
    let bestFit = -1;
    for (const [index, variantFit] of fits.entries()) {
      const fit = variantFit(value);
      if (fit > bestFit) {
        bestFit = fit;
        best = index;
      }
    }
    return best;
  };
}

/** The required field whose constant tells every object variant of a union apart, if there is one. */
function discriminatorOf(variants: readonly SchemaNode[]): string | null {
  const first = variants[0];
  if (first === undefined || variants.some((variant) => typeOf(variant) !== 'object' || variant.anyOf !== undefined)) return null;
  for (const key of first.required ?? []) {
    const tags = variants.map((variant) => (variant.required?.includes(key) === true ? variant.properties?.[key]?.const : undefined));
    if (tags.every((tag) => typeof tag === 'string') && new Set(tags).size === tags.length) return key;
  }
  return null;
}

/** A union of constants (an enum written as anyOf): each member's JSON text, made once. */
function constantTexts(members: readonly unknown[]): ReadonlyMap<unknown, string> {
  return new Map(members.map((member) => [member, JSON.stringify(member)]));
}

/**
 * Generates the JavaScript of a schema's writer: one function per node, fields read by constant
 * keys (so that V8 sees one shape per object schema, as a hand-written serializer would), values
 * that the generated code cannot hold as literals (maps, patterns, choosers) passed in `x`.
 */
class WriterSource {
  private readonly functions: string[] = [];
  readonly externals: unknown[] = [];

  private external(value: unknown): string {
    this.externals.push(value);
    return `x[${this.externals.length - 1}]`;
  }

  private define(body: string): string {
    const name = `w${this.functions.length}`;
    this.functions.push(`function ${name}(v) {\n${body}\n}`);
    return name;
  }

  get source(): string {
    return this.functions.join('\n');
  }

  /** The name of the generated function writing `node`, whose JSON pointer is `at` (array items `*`). */
  writer(node: SchemaNode, at: string): string {
    checkKeywords(node);
    const fail = (expected: string): string => `return m(${JSON.stringify(at)}, ${JSON.stringify(expected)});`;
    if (node.anyOf !== undefined) return this.union(node.anyOf, at);
    if (node.const !== undefined || node.enum !== undefined) {
      const texts = this.external(constantTexts(node.const !== undefined ? [node.const] : (node.enum ?? [])));
      return this.define(`const t = ${texts}.get(v);\nif (t !== undefined) return t;\n${fail("one of the schema's constants")}`);
    }
    switch (typeOf(node)) {
      case 'string':
        return this.define(`if (typeof v === 'string') return q(v);\n${fail('a string')}`);
      case 'integer':
        return this.define(`if (Number.isInteger(v)) return '' + v;\n${fail('an integer')}`);
      case 'number':
        return this.define(`if (typeof v === 'number' && Number.isFinite(v)) return '' + v;\n${fail('a finite number')}`);
      case 'boolean':
        return this.define(`if (v === true) return 'true';\nif (v === false) return 'false';\n${fail('a boolean')}`);
      case 'null':
        return this.define(`if (v === null) return 'null';\n${fail('null')}`);
      case 'array': {
        const item = this.writer(node.items ?? {}, `${at}/*`);
        return this.define(
          `if (!Array.isArray(v)) ${fail('an array')}\nlet t = '';\nfor (let i = 0; i < v.length; i++) t += i === 0 ? ${item}(v[i]) : ',' + ${item}(v[i]);\nreturn '[' + t + ']';`,
        );
      }
      case 'object':
        return this.object(node, at);
      case undefined:
        // An unconstrained value (Type.Unknown): written as it is.
        return this.define(`const t = JSON.stringify(v);\nif (t !== undefined) return t;\n${fail('a JSON value')}`);
      default:
        throw new Error(`a response schema type the serializer does not project: ${String(node.type)}`);
    }
  }

  private union(variants: readonly SchemaNode[], at: string): string {
    if (variants.every((variant) => variant.const !== undefined && variant.anyOf === undefined)) {
      return this.writer({ enum: variants.map((variant) => variant.const) }, at);
    }
    // `X | null`, the commonest union of the contract: no fitting needed.
    const others = variants.filter((variant) => !(variant.type === 'null' && variant.anyOf === undefined));
    if (others.length === 1 && others[0] !== undefined) {
      const other = this.writer(others[0], at);
      return others.length < variants.length ? this.define(`return v === null ? 'null' : ${other}(v);`) : other;
    }
    const discriminator = discriminatorOf(variants);
    if (discriminator !== null) {
      // A tagged union (chat stream events by `kind`): the tag names the variant, nothing to fit.
      const cases = variants
        .map((variant) => `case ${JSON.stringify(variant.properties?.[discriminator]?.const)}: return ${this.writer(variant, at)}(v);`)
        .join('\n');
      return this.define(
        `if (typeof v === 'object' && v !== null) switch (v[${JSON.stringify(discriminator)}]) {\n${cases}\n}\nreturn m(${JSON.stringify(at)}, 'one of the union\\'s variants');`,
      );
    }
    const choose = this.external(chooser(variants));
    const cases = variants.map((variant, index) => `case ${index}: return ${this.writer(variant, at)}(v);`).join('\n');
    return this.define(`switch (${choose}(v)) {\n${cases}\n}\nreturn m(${JSON.stringify(at)}, 'one of the union\\'s variants');`);
  }

  private object(node: SchemaNode, at: string): string {
    const required = new Set(node.required ?? []);
    const lines = [`if (typeof v !== 'object' || v === null || Array.isArray(v)) return m(${JSON.stringify(at)}, 'an object');`, "let t = '';", 'let c;'];
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const write = this.writer(child, `${at}/${key}`);
      const name = JSON.stringify(key);
      lines.push(`c = v[${name}];`);
      const missing = required.has(key) ? `m(${JSON.stringify(`${at}/${key}`)}, 'a required field');` : '';
      lines.push(`if (c === undefined) {${missing}} else t += (t === '' ? ${JSON.stringify(`${name}:`)} : ${JSON.stringify(`,${name}:`)}) + ${write}(c);`);
    }
    const patterns = Object.entries(node.patternProperties ?? {});
    if (patterns.length > 0) {
      // A record's entries are its schema's too; any other key is not declared and is left out.
      const declared = this.external(new Set(Object.keys(node.properties ?? {})));
      const tests = patterns.map(([pattern, child]) => ({ test: this.external(new RegExp(pattern, 'u')), write: this.writer(child, `${at}/*`) }));
      lines.push(`for (const k of Object.keys(v)) {`, `c = v[k];`, `if (c === undefined || ${declared}.has(k)) continue;`);
      for (const { test, write } of tests) lines.push(`if (${test}.test(k)) { t += (t === '' ? '' : ',') + JSON.stringify(k) + ':' + ${write}(c); continue; }`);
      lines.push('}');
    }
    lines.push("return '{' + t + '}';");
    return this.define(lines.join('\n'));
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
  const source = new WriterSource();
  // cast: a TypeBox schema is a JSON Schema object; SchemaNode names the keywords read here
  const root = source.writer(schema as SchemaNode, '');
  // Generated from the schema alone (keys and pointers as JSON literals, no value of a request), like TypeBox's own compiled validators.
  const build = new Function('x', 'q', 'm', `'use strict';\n${source.source}\nreturn ${root};`);
  // cast: the generated function takes a value and returns its JSON text, or throws ResponseShapeError
  return build(source.externals, quote, mismatch) as Serializer<Static<S>>;
}

/** compileSerializer on first use, so that start-up compiles no route's serializer. */
export function lazySerializer<S extends TSchema>(schema: S): Serializer<Static<S>> {
  let compiled: Serializer<Static<S>> | undefined;
  return (value) => (compiled ??= compileSerializer(schema))(value);
}
