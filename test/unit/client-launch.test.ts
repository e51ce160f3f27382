import { describe, expect, it } from 'vitest';
import { REFUSAL_STDERR_LINES, stderrTail } from '../../client/launcher.js';

describe('paired client launch', () => {
  it('keeps the last stderr lines of a refused launch, printable and without the bearer', () => {
    const bearer = 'b'.repeat(43);
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} \u001b[31m${i === 39 ? bearer : ''}`);
    const tail = stderrTail(lines.join('\n'), bearer);
    expect(tail).toHaveLength(REFUSAL_STDERR_LINES);
    expect(tail.at(-1)).toBe('line 39 [31m[redacted]');
    expect(tail.join('\n')).not.toContain(bearer);
    expect(tail.join('')).not.toContain('\u001b');
  });
});
