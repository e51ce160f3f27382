import { ServiceError } from '../service-error.js';

/**
 * The startup verdict every capability consults (spec section 3, rules 1-3): while a
 * component blocks mutations, changes are refused; while degraded, provider access and
 * job submission are refused. It never repairs or initialises anything.
 */
export interface StartupGate {
  readonly degraded: boolean;
  readonly mutationsBlocked: boolean;
  /** Throws STARTUP_MUTATION_BLOCKED while any component blocks mutations. */
  assertMutationsAllowed(): void;
  /** Throws STARTUP_DEGRADED while startup is degraded. */
  assertNotDegraded(): void;
}

export function startupGate(degraded: boolean, mutationsBlocked: boolean): StartupGate {
  return {
    degraded,
    mutationsBlocked,
    assertMutationsAllowed() {
      if (mutationsBlocked) throw new ServiceError('STARTUP_MUTATION_BLOCKED');
    },
    assertNotDegraded() {
      if (degraded) throw new ServiceError('STARTUP_DEGRADED');
    },
  };
}
