import { PROVIDER_LIMITS } from '../../contract/limits.js';

/** Why a consent stopped holding while runs depended on it. */
export type WithdrawalCode = 'CONSENT_REVOKED' | 'CONSENT_BUDGET_EXHAUSTED';

/** Where a run registers for the withdrawal of its consent: `stop` is called once, at most. */
export interface ConsentWatch {
  watch(consent: string, stop: (code: WithdrawalCode) => void): () => void;
}

/**
 * The runs under way that depend on a consent: a chat run or an advisory review watches its
 * consent from its preflight to its end, and a revocation (or an exhausted budget) stops every one
 * of them at once, synchronously, in the same turn as the change that caused it.
 */
export class ConsentWithdrawals implements ConsentWatch {
  private readonly watchers = new Map<number, { readonly consent: string; readonly stop: (code: WithdrawalCode) => void }>();
  private next = 0;

  /** Calls `stop` once if `consent` is withdrawn before the returned function is called. */
  watch(consent: string, stop: (code: WithdrawalCode) => void): () => void {
    // Bounded by the runs that can be in flight; beyond it the run is refused rather than left unwatched.
    if (this.watchers.size >= PROVIDER_LIMITS.maxWatchedRuns) throw new Error('too many watched runs');
    const id = this.next++;
    this.watchers.set(id, { consent, stop });
    return () => void this.watchers.delete(id);
  }

  /** Stops every run that depends on `consent`. */
  withdraw(consent: string, code: WithdrawalCode): void {
    for (const [id, watcher] of [...this.watchers]) {
      if (watcher.consent !== consent) continue;
      this.watchers.delete(id);
      watcher.stop(code);
    }
  }
}
