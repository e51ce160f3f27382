import { describe, expect, it } from 'vitest';
import { KeyringError } from '../../src/app/secrets/keyring-store.js';
import { KeyringQueue } from '../../src/infra/keyring/keyring-queue.js';

/** An operation that starts when the queue runs it and ends when the test says so. */
function gate(): { readonly started: Promise<void>; operation: () => Promise<string>; finish(value: string): void; fail(error: Error): void } {
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let settle: { resolve(value: string): void; reject(error: Error): void } = { resolve: () => undefined, reject: () => undefined };
  const done = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  return {
    started,
    operation: () => {
      markStarted();
      return done;
    },
    finish: (value) => settle.resolve(value),
    fail: (error) => settle.reject(error),
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('KeyringQueue', () => {
  it('runs one operation at a time, in arrival order; a failure does not hold up the next', async () => {
    const queue = new KeyringQueue();
    const [first, second, third] = [gate(), gate(), gate()];
    const running: string[] = [];
    const results = [
      queue.run(() => (running.push('first'), first.operation())),
      queue.run(() => (running.push('second'), second.operation())),
      queue.run(() => (running.push('third'), third.operation())),
    ];
    await first.started;
    await turn();
    expect(running).toEqual(['first']);
    first.fail(new KeyringError('locked'));
    await second.started;
    await turn();
    expect(running).toEqual(['first', 'second']);
    second.finish('two');
    await third.started;
    third.finish('three');
    const settled = await Promise.allSettled(results);
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as KeyringError).failure))).toEqual([
      'locked',
      'two',
      'three',
    ]);
  });

  it('past its bound of waiting operations, refuses as unavailable without running the operation', async () => {
    const queue = new KeyringQueue(2);
    const blocker = gate();
    const running = queue.run(blocker.operation);
    await blocker.started;
    const results = [running, queue.run(async () => 'a'), queue.run(async () => 'b')];
    let ran = false;
    await expect(
      queue.run(async () => {
        ran = true;
        return 'c';
      }),
    ).rejects.toMatchObject({ name: 'KeyringError', failure: 'unavailable' });
    blocker.finish('blocker');
    expect(await Promise.all(results)).toEqual(['blocker', 'a', 'b']);
    expect(ran).toBe(false);
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
