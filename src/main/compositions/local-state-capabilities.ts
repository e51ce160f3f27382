import { CredentialService } from '../../app/secrets/credential-service.js';
import { SettingsService } from '../../app/settings/settings-service.js';
import { CREDENTIAL_REFERENCES, type CredentialReference } from '../../contract/secrets.js';
import { DATABASE_KEY_ACCOUNT } from '../../infra/local-state/database-key.js';
import { secretRoutes, settingsRoutes } from '../../http/routes/local-state-routes.js';
import { SqliteSettingsStore } from '../../infra/database/sqlite-settings-store.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';
import { entriesOf } from '../../contract/typed-keys.js';

/** Names that are credentials and can never be patched as settings. */
const SENSITIVE_SETTING_KEYS: ReadonlySet<string> = new Set([...Object.keys(CREDENTIAL_REFERENCES), DATABASE_KEY_ACCOUNT]);

/** Read-only environment credentials, composed only behind the explicit headless flag. */
function environmentCredentials(enabled: boolean, env: Readonly<Record<string, string | undefined>>): Map<CredentialReference, string> {
  const values = new Map<CredentialReference, string>();
  if (!enabled) return values;
  for (const [reference, variable] of entriesOf(CREDENTIAL_REFERENCES)) {
    const value = env[variable];
    if (value !== undefined && value.length > 0) values.set(reference, value);
  }
  return values;
}

export interface LocalStateCapabilities extends ComposedCapability {
  readonly settings: SettingsService;
  readonly credentials: CredentialService;
}

/** Settings over the encrypted database and credentials in the OS keyring. */
export function composeLocalState(core: CoreServices): LocalStateCapabilities {
  const { state, startup } = core;
  const settings = new SettingsService(
    state.database ? new SqliteSettingsStore(state.database, state.databaseGuard ?? undefined) : null,
    startup,
    SENSITIVE_SETTING_KEYS,
  );
  const credentials = new CredentialService(
    core.dependencies.keyring,
    startup,
    environmentCredentials(core.options.credentialsFromEnv === true, core.dependencies.platform.env),
  );
  return { settings, credentials, routes: [...settingsRoutes(settings), ...secretRoutes(credentials)] };
}
