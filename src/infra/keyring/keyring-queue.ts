import { KeyringError } from '../../app/secrets/keyring-store.js';
import { KEYRING_LIMITS } from '../../contract/limits.js';

/**
 * Runs keyring operations one at a time, in arrival order (KEYRING_LIMITS explains why). A failed
 * operation does not hold up the ones behind it; an operation arriving with the queue full fails
 * as the keyring unavailable, without running.
 */
export class KeyringQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly maxQueued: number = KEYRING_LIMITS.maxQueuedOperations) {}

  run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxQueued) return Promise.reject(new KeyringError('unavailable'));
    this.waiting++;
    const result = this.tail.then(() => {
      this.waiting--;
      return operation();
    });
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
