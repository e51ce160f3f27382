import type { ModuleDeclaration } from './module-registry.js';

export const DIAGNOSTICS_MODULE: ModuleDeclaration = {
  moduleId: 'diagnostics',
  name: 'Startup diagnostics',
  summary: 'Read-only report on configuration, encrypted database, OS keyring and workspace.',
  actions: [{ dispatchKey: 'diagnostics.read', name: 'read', summary: 'Reads the startup diagnostic report, frozen at start.' }],
};

export const SETTINGS_MODULE: ModuleDeclaration = {
  moduleId: 'settings',
  name: 'Settings',
  summary: 'The versioned catalog of non-secret settings with an optimistic revision.',
  actions: [
    { dispatchKey: 'settings.read', name: 'read', summary: 'Reads the complete settings catalog with its revision.' },
    { dispatchKey: 'settings.patch', name: 'patch', summary: 'Applies a set of changes atomically against the expected revision.' },
  ],
};

export const SECRETS_MODULE: ModuleDeclaration = {
  moduleId: 'secrets',
  name: 'Credentials',
  summary: 'Write-only credential management in the OS keyring, by allowlisted reference.',
  actions: [
    { dispatchKey: 'secrets.status', name: 'status', summary: 'Tells whether a credential is present, never its value.' },
    { dispatchKey: 'secrets.set', name: 'set', summary: 'Stores a credential in the OS keyring and verifies it.' },
    { dispatchKey: 'secrets.delete', name: 'delete', summary: 'Removes a credential and verifies it is absent.' },
  ],
};
