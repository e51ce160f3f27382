import type { Compile } from 'typebox/compile';
import {
  KnownStartupReport,
  STARTUP_COMPONENTS,
  type StartupCode,
  type StartupComponentName,
  type StartupDiagnosticComponentResponse,
  type StartupDiagnosticReportResponse,
  type StartupPlatformResponse,
} from '../../contract/diagnostics.js';
import { SCHEMA_VERSION } from '../../contract/api-version.js';
import { ERROR_CATALOGUE } from '../../contract/error-codes.js';
import { ServiceError } from '../service-error.js';
import { INSECURE_SESSION_REMEDIATION } from '../secrets/keyring-store.js';

type Status = StartupDiagnosticComponentResponse['status'];

interface CodeEntry {
  readonly status: Status;
  readonly message: string;
  readonly remediation: string | null;
}

/** Status, message and remediation of every code. No message names a path. */
const CODE_TEXT: Record<StartupCode, CodeEntry> = {
  'configuration.ok': { status: 'ready', message: 'The configuration file is valid.', remediation: null },
  'configuration.defaults': {
    status: 'warning',
    message: 'No configuration file was found; defaults are in use.',
    remediation: 'Create a configuration file to choose the workspace and the enabled modules.',
  },
  'configuration.invalid': {
    status: 'blocked',
    message: 'The configuration file is not valid.',
    remediation: 'Fix or remove the configuration file, then restart the service.',
  },
  'configuration.workspace_not_absolute': {
    status: 'blocked',
    message: 'The configuration names a workspace that is not an absolute path on this system; relative paths are refused.',
    remediation: 'Write the workspace as an absolute path (a drive or UNC path on Windows, a path from / elsewhere), then restart the service.',
  },
  'database.ok': { status: 'ready', message: 'The encrypted database is open.', remediation: null },
  'database.not_initialized': {
    status: 'blocked',
    message: 'The encrypted database has not been created.',
    remediation: 'Run the setup command, then restart the service.',
  },
  'database.key_missing': {
    status: 'blocked',
    message: 'The database key is not in the OS keyring.',
    remediation: 'Restore the database key into the keyring; the database cannot be opened without it.',
  },
  'database.key_unavailable': {
    status: 'blocked',
    message: 'The database key cannot be read because the OS keyring is not usable.',
    remediation: 'Make the OS keyring available and unlocked, then restart the service.',
  },
  'database.key_rejected': {
    status: 'blocked',
    message: 'The encrypted database does not accept the key from the OS keyring.',
    remediation: 'Restore the key that belongs to this database; the service never replaces it.',
  },
  'database.read_only': {
    status: 'blocked',
    message: 'The encrypted database file is read-only; changes could not be kept.',
    remediation: 'Make the database file writable by the service again, then restart the service.',
  },
  'database.corrupt': {
    status: 'blocked',
    message: 'The encrypted database is damaged.',
    remediation: 'Restore the database from a backup, then restart the service.',
  },
  'database.schema_newer': {
    status: 'blocked',
    message: 'The database was written by a newer version of the service.',
    remediation: 'Update the application to a version that knows this database.',
  },
  'database.not_opened': {
    status: 'blocked',
    message: 'The encrypted database was not opened because the configuration or the workspace is not usable.',
    remediation: 'Fix the configuration and the workspace first, then restart the service.',
  },
  'keyring.ok': { status: 'ready', message: 'The OS keyring is available and unlocked.', remediation: null },
  'keyring.unavailable': {
    status: 'blocked',
    message: 'No OS keyring (Secret Service) is available.',
    remediation: 'Start a Secret Service provider such as GNOME Keyring, then restart the service.',
  },
  'keyring.locked': {
    status: 'blocked',
    message: 'The OS keyring is locked.',
    remediation: 'Unlock the keyring, then restart the service.',
  },
  // The startup form of KEYRING_SESSION_INSECURE (codes here are `<component>.<reason>`, contract.md section 6).
  'keyring.session_insecure': {
    status: 'blocked',
    message: ERROR_CATALOGUE.KEYRING_SESSION_INSECURE.message,
    remediation: INSECURE_SESSION_REMEDIATION,
  },
  'workspace.ok': { status: 'ready', message: 'The workspace is present and writable.', remediation: null },
  'workspace.missing': {
    status: 'blocked',
    message: 'The workspace directory does not exist.',
    remediation: 'Run the setup command to create the workspace, then restart the service.',
  },
  'workspace.not_writable': {
    status: 'blocked',
    message: 'The workspace directory is not writable.',
    remediation: 'Give the service write access to its workspace, then restart the service.',
  },
  'workspace.low_disk': {
    status: 'warning',
    message: 'The disk that holds the workspace is almost full.',
    remediation: 'Free disk space.',
  },
};

export function platformOf(platform: string, architecture: string): StartupPlatformResponse {
  const operatingSystem = platform === 'linux' ? 'linux' : platform === 'darwin' ? 'macos' : platform === 'win32' ? 'windows' : 'unsupported';
  const arch = architecture === 'x64' ? 'x64' : architecture === 'arm64' ? 'arm64' : 'unsupported';
  return { operating_system: operatingSystem, architecture: arch };
}

/**
 * The startup report, evaluated once at start and frozen for the process. Any blocked
 * component makes the report degraded and blocks mutations.
 */
export class StartupReport {
  readonly report: StartupDiagnosticReportResponse;
  /** The report's schema, compiled on the first check. */
  private known: ReturnType<typeof Compile> | undefined;

  constructor(codes: Readonly<Record<StartupComponentName, StartupCode>>, platform: StartupPlatformResponse) {
    const components = STARTUP_COMPONENTS.map((component): StartupDiagnosticComponentResponse => {
      // An unknown code still yields a (blocked) component; checked() then refuses to send the report.
      const entry: CodeEntry = CODE_TEXT[codes[component]] ?? { status: 'blocked', message: 'Unknown state.', remediation: null };
      const blocked = entry.status === 'blocked';
      return {
        component,
        status: entry.status,
        code: codes[component],
        message: entry.message,
        remediation: entry.remediation,
        restart_required: blocked,
        blocks_mutations: blocked,
      };
    });
    this.report = Object.freeze({
      schema_version: SCHEMA_VERSION,
      status: components.some((component) => component.status === 'blocked') ? 'degraded' : 'ready',
      platform,
      components,
    });
  }

  get degraded(): boolean {
    return this.report.status === 'degraded';
  }

  get mutationsBlocked(): boolean {
    return this.report.components.some((component) => component.blocks_mutations);
  }

  /** The report checked against the known-codes schema; an invalid report is a failure, never a malformed answer. */
  async checked(): Promise<StartupDiagnosticReportResponse> {
    // TypeBox's compiler (and its format registry) loads with the first request that needs it, after readiness.
    this.known ??= (await import('typebox/compile')).Compile(KnownStartupReport);
    if (!this.known.Check(this.report)) throw new ServiceError('INTERNAL_FAILURE');
    return this.report;
  }
}
