/**
 * Characters as the schemas, the chat bounds and the consent budgets count them: Unicode code
 * points, not UTF-16 units (a surrogate pair is one; a lone surrogate counts as one too).
 */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || !isHighSurrogate(text.charCodeAt(i - 1))) count++;
  }
  return count;
}

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
