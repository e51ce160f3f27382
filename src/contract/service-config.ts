import { Type, type Static } from 'typebox';

/** Capability modules the configuration can enable; `system` is always on. */
export const CONFIGURABLE_MODULES = ['diagnostics', 'settings', 'secrets', 'providers', 'consent', 'jobs', 'chat', 'gedcom'] as const;
export type ConfigurableModule = (typeof CONFIGURABLE_MODULES)[number];

const CONFIG_VERSION = 1;

/** The versioned configuration file, validated strictly at start. It holds no secret. */
export const ServiceConfigFile = Type.Object(
  {
    config_version: Type.Literal(CONFIG_VERSION),
    // Absolute by the host's own rules (`C:\\...` on Windows, `/...` elsewhere): checked by the
    // configuration reader through the injected platform, not by a pattern that knows one OS.
    workspace: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    modules: Type.Optional(
      Type.Object(Object.fromEntries(CONFIGURABLE_MODULES.map((id) => [id, Type.Optional(Type.Boolean())])), { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type ServiceConfigFile = Static<typeof ServiceConfigFile>;

/** Below this many free bytes the workspace is a warning. */
export const WORKSPACE_LOW_DISK_BYTES = 512 * 1024 * 1024;
