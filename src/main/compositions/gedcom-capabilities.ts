import type { GedcomSettings } from '../../app/gedcom/gedcom-service.js';
import { GedcomService } from '../../app/gedcom/gedcom-service.js';
import type { JobEngine } from '../../app/jobs/job-engine.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import type { SettingsService } from '../../app/settings/settings-service.js';
import { GEDCOM_WORKER_LIMITS } from '../../contract/limits.js';
import { gedcomRoutes } from '../../http/routes/gedcom-routes.js';
import { FileArtifactRegistry } from '../../infra/artifacts/file-artifact-registry.js';
import { ProviderAdvisoryGenerator } from '../../infra/gedcom/provider-advisory.js';
import { defaultPoolSize, GedcomWorkerPool } from '../../infra/gedcom/worker-pool.js';
import { createChatProviders, wirePayload } from '../../infra/providers/chat-providers.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';
import type { ProviderCapabilities } from './provider-capabilities.js';

/**
 * The GEDCOM service over the artifact store under `--artifact-root`, the worker pool sized from
 * the machine (a test composition may hold tasks or lower the heap ceiling), the job engine, the
 * central preflight and the chat wire clients.
 */
export async function composeGedcom(
  core: CoreServices,
  artifactRoot: string,
  { providers, providerClock }: ProviderCapabilities,
  jobs: JobEngine,
  credentials: CredentialService,
  settings: SettingsService,
): Promise<ComposedCapability> {
  const { options, log } = core;
  if (options.gedcomWorker === undefined) throw new Error('the GEDCOM worker script is needed with an artifact root');
  const artifacts = new FileArtifactRegistry(artifactRoot);
  await artifacts.prepare();
  const swept = await artifacts.sweepAbandoned();
  if (swept > 0) log.event('artifacts.swept', { partial_files: swept });
  const override = core.extensions.find((extension) => extension.gedcomWorker !== undefined)?.gedcomWorker ?? null;
  const workers = new GedcomWorkerPool({
    script: options.gedcomWorker,
    size: override?.size ?? defaultPoolSize(),
    maxOldGenerationMb: override?.maxOldGenerationMb ?? GEDCOM_WORKER_LIMITS.maxOldGenerationMb,
    artifacts,
    checkpoints: override?.checkpoints ?? null,
    now: () => performance.now(),
    // cast: the worker pool clears only handles these timers' setTimeout returned, which are NodeJS.Timeout
    timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    log,
  });
  const gedcomSettings: GedcomSettings = {
    exportVersion: () => settings.current('gedcom.export_version'),
    livingThresholdYears: () => settings.current('privacy.living_threshold_years'),
  };
  const gedcom = new GedcomService({
    registry: artifacts,
    executor: workers,
    jobs,
    preflight: providers.preflight,
    consentRuns: providers.consentRuns,
    advisory: new ProviderAdvisoryGenerator(
      createChatProviders(providers.transport, undefined, providerClock),
      { resolve: (reference) => credentials.resolve(reference) },
      () => settings.current('chat.temperature'),
      wirePayload,
    ),
    settings: gedcomSettings,
    now: () => new Date(),
    log,
  });
  return { routes: gedcomRoutes(gedcom), shutdown: () => workers.close() };
}
