import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { lazyTypeBoxValidator } from '../../src/http/schema-compilers.js';

/**
 * Request validation: an empty object is accepted without compiling the validator only when the
 * schema's keywords alone say it is valid; every other value, and `{}` under any schema that could
 * refuse it, goes through TypeBox's compiled check.
 */
describe('request part validators', () => {
  const optionalOnly = Type.Object(
    { limit: Type.Optional(Type.Integer({ minimum: 1 })), cursor: Type.Optional(Type.String()) },
    { additionalProperties: false },
  );

  it('accepts {} for an object schema with nothing required, and still checks every other value', () => {
    const validate = lazyTypeBoxValidator(optionalOnly);
    expect(validate({})).toBeNull();
    expect(validate(Object.create(null))).toBeNull();
    expect(validate({ limit: 5 })).toBeNull();
    expect(validate({ limit: 0 })?.[0]?.instancePath).toBe('/limit');
    expect(validate({ other: 1 })).not.toBeNull();
    expect(validate(null)).not.toBeNull();
    expect(validate([])).not.toBeNull();
  });

  it('refuses {} when a property is required or another keyword could refuse it', () => {
    const required = Type.Object({ name: Type.String() });
    const atLeastOne = Type.Object({ name: Type.Optional(Type.String()) }, { minProperties: 1 });
    const notAnObject = Type.Union([Type.Object({ a: Type.Optional(Type.String()) }), Type.String()]);
    for (const schema of [required, atLeastOne]) expect(lazyTypeBoxValidator(schema)({})).not.toBeNull();
    expect(lazyTypeBoxValidator(notAnObject)({})).toBeNull();
    expect(lazyTypeBoxValidator(notAnObject)(5)).not.toBeNull();
  });
});
