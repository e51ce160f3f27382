import type { ModuleDeclaration } from './module-registry.js';

/** The always-enabled foundation module: health and capability discovery. */
export const SYSTEM_MODULE: ModuleDeclaration = {
  moduleId: 'system',
  name: 'System',
  summary: 'Health with the readiness proof, and discovery of the enabled capabilities.',
  actions: [
    { dispatchKey: 'system.health', name: 'health', summary: 'Confirms the bearer, contract, paired build and readiness proof.' },
    { dispatchKey: 'system.capabilities', name: 'capabilities', summary: 'Lists the enabled module actions that have a registered handler.' },
  ],
};
