/** Characters as the schemas and the consent budgets count them: Unicode code points, not UTF-16 units. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
