import { Type, type Static } from 'typebox';
import { ApiVersion, BUILD_MAX_CHARACTERS, BUILD_PATTERN } from './api-version.js';

/** The stdin handshake line (contract.md section 1). */
const BEARER_PATTERN = '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$';
export const BEARER_REGEXP = new RegExp(BEARER_PATTERN);

export const Handshake = Type.Object(
  {
    bearer: Type.String({ pattern: BEARER_PATTERN }),
    app_build: Type.String({ minLength: 1, maxLength: BUILD_MAX_CHARACTERS, pattern: BUILD_PATTERN }),
  },
  { additionalProperties: false },
);
export type Handshake = Static<typeof Handshake>;

/** The one readiness line printed on stdout; token-free. */
export const ReadinessLine = Type.Object(
  {
    event: Type.Literal('service.ready'),
    base_url: Type.String({ pattern: '^http://127\\.0\\.0\\.1:[0-9]{1,5}$' }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    pid: Type.Integer({ minimum: 1 }),
    app_build: Type.String({ minLength: 1, maxLength: BUILD_MAX_CHARACTERS, pattern: BUILD_PATTERN }),
    sidecar_build: Type.String({ minLength: 1, maxLength: BUILD_MAX_CHARACTERS, pattern: BUILD_PATTERN }),
    api: ApiVersion,
  },
  { additionalProperties: false },
);
export type ReadinessLine = Static<typeof ReadinessLine>;

/**
 * The exit codes of `serve` before it is ready (contract.md sections 1 and 12); the launcher reads
 * them to tell the shell why a launch was refused. `workspaceInUse` is also `setup`'s refusal of a
 * workspace that another process holds (sysexits' EX_TEMPFAIL: try again once the holder is gone).
 */
export const SERVE_EXIT = {
  startupFailed: 1,
  handshakeRejected: 2,
  workspaceInUse: 75,
} as const;
