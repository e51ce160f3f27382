import { PROVIDER_LIMITS } from '../../contract/limits.js';
import { ServiceError } from '../service-error.js';
import type { TokenUsage } from './model-provider.js';
import type { ProviderConfigurationStore } from './store.js';

/** Why a consent stopped holding while runs depended on it. */
export type WithdrawalCode = 'CONSENT_REVOKED' | 'CONSENT_BUDGET_EXHAUSTED';

/** What a run does with its consent: watch it for a withdrawal (`stop` is called once, at most) and charge its budget. */
export interface RunConsent {
  watch(consent: string, stop: (code: WithdrawalCode) => void): () => void;
  /** Before anything is sent: refuses with CONSENT_BUDGET_EXHAUSTED (nothing charged) when the request would pass the sent bound, charges it otherwise. */
  chargeSent(consent: string, characters: number): void;
  /** As the answer arrives: charges it; when the received bound is reached every run under the consent is stopped, and this answers false. */
  chargeReceived(consent: string, characters: number): boolean;
  /** When a run's answer reported its tokens: charges them; reaching the token bound stops every other run under the consent and refuses the next ones. */
  chargeTokens(consent: string, usage: TokenUsage | undefined): void;
}

/**
 * The runs under way that depend on a consent: a chat run or an advisory review watches its
 * consent from its preflight to its end, and a revocation (or an exhausted budget) stops every one
 * of them at once, synchronously, in the same turn as the change that caused it. The characters
 * a run sends and receives are charged to the consent durably as they pass.
 */
export class ConsentRuns implements RunConsent {
  private readonly watchers = new Map<number, { readonly consent: string; readonly stop: (code: WithdrawalCode) => void }>();
  /**
   * The received-characters account of each consent with a run under way (read once from the store,
   * then kept here: only this process writes it): its bound, what is written, what is not yet.
   */
  private readonly receiving = new Map<string, { readonly bound: number | null; written: number; unwritten: number }>();
  private next = 0;

  constructor(private readonly store: ProviderConfigurationStore | null) {}

  chargeSent(consent: string, characters: number): void {
    const current = this.store?.findConsent(consent) ?? null;
    if (current === null) return;
    const bound = current.scope.budget?.max_characters_sent ?? null;
    if (bound !== null && current.usedCharactersSent + characters > bound)
      throw new ServiceError('CONSENT_BUDGET_EXHAUSTED', [{ name: 'budget', value: 'characters_sent' }]);
    this.store?.addConsentUsage(consent, { sent: characters });
  }

  /**
   * Received text is written in batches of PROVIDER_LIMITS.receivedChargeBatchCharacters (and when
   * a run ends): a durable write per streamed delta would put a synchronous fsync on the event loop
   * for every piece of an answer. The bound is checked against what is written plus what is not.
   */
  chargeReceived(consent: string, characters: number): boolean {
    const account = this.receivedAccount(consent);
    if (account === null) return true;
    account.unwritten += characters;
    const reached = account.bound !== null && account.written + account.unwritten >= account.bound;
    if (reached || account.unwritten >= PROVIDER_LIMITS.receivedChargeBatchCharacters) this.write(consent);
    if (!reached) return true;
    this.withdraw(consent, 'CONSENT_BUDGET_EXHAUSTED');
    return false;
  }

  private receivedAccount(consent: string): { readonly bound: number | null; written: number; unwritten: number } | null {
    const known = this.receiving.get(consent);
    if (known !== undefined) return known;
    const stored = this.store?.findConsent(consent) ?? null;
    if (stored === null) return null;
    const account = { bound: stored.scope.budget?.max_characters_received ?? null, written: stored.usedCharactersReceived, unwritten: 0 };
    this.receiving.set(consent, account);
    return account;
  }

  /** Writes the received characters charged to `consent` and not yet written. */
  private write(consent: string): void {
    const account = this.receiving.get(consent);
    if (account === undefined || account.unwritten === 0) return;
    this.store?.addConsentUsage(consent, { received: account.unwritten });
    account.written += account.unwritten;
    account.unwritten = 0;
  }

  chargeTokens(consent: string, usage: TokenUsage | undefined): void {
    const tokens = (usage?.input ?? 0) + (usage?.output ?? 0);
    if (tokens === 0) return;
    const charged = this.store?.addConsentUsage(consent, { tokens }) ?? null;
    const bound = charged?.scope.budget?.max_tokens ?? null;
    if (charged !== null && bound !== null && charged.usedTokens >= bound) this.withdraw(consent, 'CONSENT_BUDGET_EXHAUSTED');
  }

  /** Calls `stop` once if `consent` is withdrawn before the returned function is called. */
  watch(consent: string, stop: (code: WithdrawalCode) => void): () => void {
    // Bounded by the runs that can be in flight; beyond it the run is refused rather than left unwatched.
    if (this.watchers.size >= PROVIDER_LIMITS.maxWatchedRuns) throw new Error('too many watched runs');
    const id = this.next++;
    this.watchers.set(id, { consent, stop });
    return () => {
      // The run ended: what it received is written now; the account goes with the consent's last run.
      this.watchers.delete(id);
      this.write(consent);
      if (![...this.watchers.values()].some((watcher) => watcher.consent === consent)) this.receiving.delete(consent);
    };
  }

  /** Stops every run that depends on `consent`. */
  withdraw(consent: string, code: WithdrawalCode): void {
    this.write(consent);
    for (const [id, watcher] of [...this.watchers]) {
      if (watcher.consent !== consent) continue;
      this.watchers.delete(id);
      watcher.stop(code);
    }
  }
}
