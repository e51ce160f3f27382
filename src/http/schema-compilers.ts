import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** At most this many violations are reported for one request part (bounded work on hostile input). */
export const MAX_REPORTED_VIOLATIONS = 16;

export interface SchemaViolation {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message: string;
  readonly params: Record<string, unknown>;
}

type ValidateFunction = ((data: unknown) => boolean) & { errors?: SchemaViolation[] };

/**
 * Request validation with TypeBox's compiler instead of Ajv: strict (no coercion, no removal,
 * no defaults), and compiled on first use so that start-up does not pay for every route.
 */
export const lazyTypeBoxValidator: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  // Fastify reads `.errors` from the function after a `false` answer, as with Ajv.
  let validator: ReturnType<typeof Compile> | undefined;
  const validate: ValidateFunction = (data: unknown) => {
    validator ??= Compile(schema);
    if (validator.Check(data)) return true;
    const violations: SchemaViolation[] = [];
    for (const error of validator.Errors(data)) {
      // TypeBox reports a refused additional property twice (as `false` schema and as the keyword).
      if (error.keyword === 'boolean') continue;
      violations.push({
        instancePath: error.instancePath,
        keyword: error.keyword,
        message: error.message,
        params: error.params as Record<string, unknown>,
      });
      if (violations.length >= MAX_REPORTED_VIOLATIONS) break;
    }
    validate.errors = violations;
    return false;
  };
  return validate as unknown as ReturnType<FastifySchemaCompiler<TSchema>>;
};

/** Responses are built from typed application results; they are serialized without per-route compilation. */
export const jsonSerializer: FastifySerializerCompiler<TSchema> = () => (data) => JSON.stringify(data);
