import type { CompositionExtension } from '../../src/main/compositions/extensions.js';

/** Set to 1 in the environment of the test entry: the capability compositions wait for SIGUSR2. */
export const HOLD_CAPABILITIES_VARIABLE = 'SIDECAR_TEST_HOLD_CAPABILITIES';

/**
 * Holds the composition of the capability services after readiness until the process receives
 * SIGUSR2, so that a test can send requests while their capability is still loading.
 */
export function capabilityHoldExtension(env: NodeJS.ProcessEnv = process.env): CompositionExtension {
  if (env[HOLD_CAPABILITIES_VARIABLE] !== '1') return { name: 'capability-hold', capabilities: [] };
  return { name: 'capability-hold', capabilities: [], capabilitiesHeld: new Promise((resolve) => process.once('SIGUSR2', () => resolve())) };
}
