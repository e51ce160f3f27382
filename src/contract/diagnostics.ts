import { Type, type Static } from 'typebox';
import { SCHEMA_VERSION, SchemaVersion1 } from './api-version.js';

export const STARTUP_COMPONENTS = ['configuration', 'database', 'keyring', 'workspace'] as const;
export type StartupComponentName = (typeof STARTUP_COMPONENTS)[number];

/** Every code a component can report (contract.md section 6): `<component>.<reason>`. */
const STARTUP_CODES = {
  configuration: ['configuration.ok', 'configuration.defaults', 'configuration.invalid', 'configuration.workspace_not_absolute'],
  database: [
    'database.ok',
    'database.not_initialized',
    'database.key_missing',
    'database.key_unavailable',
    'database.key_rejected',
    'database.corrupt',
    'database.schema_newer',
    'database.read_only',
    'database.not_opened',
  ],
  keyring: ['keyring.ok', 'keyring.unavailable', 'keyring.locked', 'keyring.session_insecure'],
  workspace: ['workspace.ok', 'workspace.missing', 'workspace.not_writable', 'workspace.low_disk'],
} as const satisfies Record<StartupComponentName, readonly string[]>;

export type StartupCode = (typeof STARTUP_CODES)[StartupComponentName][number];

export const StartupPlatformResponse = Type.Object(
  {
    operating_system: Type.Union([Type.Literal('linux'), Type.Literal('macos'), Type.Literal('windows'), Type.Literal('unsupported')]),
    architecture: Type.Union([Type.Literal('arm64'), Type.Literal('x64'), Type.Literal('unsupported')]),
  },
  { additionalProperties: false },
);
export type StartupPlatformResponse = Static<typeof StartupPlatformResponse>;

const ComponentName = Type.Union([Type.Literal('configuration'), Type.Literal('database'), Type.Literal('keyring'), Type.Literal('workspace')]);

export const StartupDiagnosticComponentResponse = Type.Object(
  {
    component: ComponentName,
    status: Type.Union([Type.Literal('ready'), Type.Literal('warning'), Type.Literal('blocked')]),
    code: Type.String({ minLength: 1, maxLength: 96, pattern: '^[A-Za-z0-9._:-]+$', description: 'Stable code `<component>.<reason>`.' }),
    message: Type.String({ minLength: 1, maxLength: 512 }),
    remediation: Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()]),
    restart_required: Type.Boolean(),
    blocks_mutations: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type StartupDiagnosticComponentResponse = Static<typeof StartupDiagnosticComponentResponse>;

export const StartupDiagnosticReportResponse = Type.Object(
  {
    schema_version: Type.Optional(SchemaVersion1({ default: SCHEMA_VERSION })),
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    platform: StartupPlatformResponse,
    components: Type.Array(StartupDiagnosticComponentResponse, { minItems: 4, maxItems: 4 }),
  },
  { additionalProperties: false },
);
export type StartupDiagnosticReportResponse = Static<typeof StartupDiagnosticReportResponse>;

/** The report as this build may send it: the wire schema narrowed to the known codes. A report
 * that fails this check is never sent (the route answers 500 instead). */
export const KnownStartupReport = Type.Object(
  {
    schema_version: SchemaVersion1(),
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    platform: StartupPlatformResponse,
    components: Type.Array(
      Type.Object(
        {
          component: ComponentName,
          status: Type.Union([Type.Literal('ready'), Type.Literal('warning'), Type.Literal('blocked')]),
          code: Type.Union(
            Object.values(STARTUP_CODES)
              .flat()
              .map((code) => Type.Literal(code)),
          ),
          message: Type.String({ minLength: 1, maxLength: 512 }),
          remediation: Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()]),
          restart_required: Type.Boolean(),
          blocks_mutations: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { minItems: 4, maxItems: 4 },
    ),
  },
  { additionalProperties: false },
);
