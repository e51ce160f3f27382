import type { ModuleDeclaration } from '../capabilities/module-registry.js';

export const PROVIDERS_MODULE: ModuleDeclaration = {
  moduleId: 'providers',
  name: 'Provider configuration',
  summary: 'Provider metadata, safe endpoint defaults, endpoint tests and named profiles; never a key value, never an execution.',
  actions: [
    { dispatchKey: 'providers.read', name: 'read', summary: 'Reads providers, profiles, consents, secret presence and both revisions.' },
    { dispatchKey: 'providers.validate_endpoint', name: 'validate_endpoint', summary: 'Tests one policy-bound endpoint and returns its destination identity.' },
    { dispatchKey: 'providers.create_profile', name: 'create_profile', summary: 'Creates a named profile against the profile revision and a tested identity.' },
  ],
};

export const CONSENT_MODULE: ModuleDeclaration = {
  moduleId: 'consent',
  name: 'Consent',
  summary: 'Named grants of one exact remote-data scope: preview, create from the exact preview, revoke.',
  actions: [
    { dispatchKey: 'consent.preview', name: 'preview', summary: 'Shows the complete requested scope, warnings and budget without changing state.' },
    { dispatchKey: 'consent.create', name: 'create', summary: 'Creates a grant only from the exact current preview and consent revision.' },
    { dispatchKey: 'consent.revoke', name: 'revoke', summary: 'Revokes a named grant explicitly and idempotently.' },
  ],
};
