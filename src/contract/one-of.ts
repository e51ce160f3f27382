/**
 * Whether `value` is one of `values`: the type guard that replaces widening a literal tuple
 * (`(VALUES as readonly string[]).includes(value)`) and casting the value afterwards.
 */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}
