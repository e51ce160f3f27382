import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readinessProof as clientProof } from '../../client/readiness-proof.js';
import { REFUSAL_STDERR_LINES, stderrTail } from '../../client/launcher.js';
import { readinessProof as sidecarProof } from '../../src/contract/readiness-proof.js';

describe('paired client launch', () => {
  it('recomputes the readiness proof exactly as the sidecar computes it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.stringMatching(/^[A-Za-z0-9._:+-]{1,32}$/), fc.stringMatching(/^[A-Za-z0-9._:+-]{1,32}$/), fc.integer({ min: 1, max: 65535 }), (bearer, appBuild, sidecarBuild, port) => {
        expect(clientProof(bearer, appBuild, sidecarBuild, port)).toBe(sidecarProof(bearer, appBuild, sidecarBuild, port));
      }),
    );
  });

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
