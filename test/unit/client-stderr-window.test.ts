import { describe, expect, it } from 'vitest';
import { LaunchRefused, launchSidecar } from '../../client/launcher.js';
import { STDERR_KEPT_BYTES, StderrWindow } from '../../client/stderr-window.js';

/**
 * The launcher keeps the last 64 KiB of the sidecar's stderr (a crash report needs the last lines,
 * not the first), and a refusal says how much came before them and was dropped.
 */

describe('the stderr window', () => {
  it('keeps everything up to the limit, then the last bytes, counting what it dropped', () => {
    const window = new StderrWindow(10);
    window.push(Buffer.from('abcdef'));
    expect([window.text(), window.dropped]).toEqual(['abcdef', 0]);
    window.push(Buffer.from('ghijkl'));
    expect([window.text(), window.dropped]).toEqual(['cdefghijkl', 2]);
    window.push(Buffer.from('0123456789xyz'));
    expect([window.text(), window.dropped]).toEqual(['3456789xyz', 15]);
  });

  it('never starts inside a UTF-8 character', () => {
    const window = new StderrWindow(5);
    window.push(Buffer.from('aé€x')); // 1 + 2 + 3 + 1 bytes
    expect(window.text()).toBe('€x');
    expect(window.dropped).toBe(3);
  });
});

describe('a launch refused after a long stderr', () => {
  it('carries the last lines and says how many bytes were dropped before them', async () => {
    // A child that writes about 200 KiB of numbered lines on stderr, then its last words, and exits.
    const script =
      "for (let i = 0; i < 20000; i++) process.stderr.write('line ' + i + ' of a long session\\n'); process.stderr.write('the last line before the crash\\n', () => process.exit(3));";
    const error: unknown = await launchSidecar({ entry: null, execArgv: ['-e', script], appBuild: '1.0.0-test', readyTimeoutMs: 10_000 }).catch(
      (reason: unknown) => reason,
    );
    if (!(error instanceof LaunchRefused)) throw new Error('expected a refusal');
    expect(error.reason).toBe('exited_before_ready');
    expect(error.stderrTail.at(-1)).toBe('the last line before the crash');
    expect(error.stderrTail.at(-2)).toBe('line 19999 of a long session');
    const written = Array.from({ length: 20000 }, (_, i) => `line ${i} of a long session\n`).join('').length + 'the last line before the crash\n'.length;
    expect(error.stderrDroppedBytes).toBe(written - STDERR_KEPT_BYTES);
    expect(error.message).toContain(`the first ${written - STDERR_KEPT_BYTES} bytes dropped`);
  });
});
