import type { GedcomSettings } from '../../app/gedcom/gedcom-service.js';
import { GedcomService } from '../../app/gedcom/gedcom-service.js';
import type { JobEngine } from '../../app/jobs/job-engine.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import type { SettingsService } from '../../app/settings/settings-service.js';
import { gedcomRoutes } from '../../http/routes/gedcom-routes.js';
import { FileArtifactRegistry } from '../../infra/artifacts/file-artifact-registry.js';
import { ProviderAdvisoryGenerator } from '../../infra/gedcom/provider-advisory.js';
import { GedcomWorkerPool } from '../../infra/gedcom/worker-pool.js';
import { createChatProviders, wirePayload } from '../../infra/providers/chat-providers.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';
import type { ProviderCapabilities } from './provider-capabilities.js';

/**
 * The GEDCOM service over the artifact store under `--artifact-root`, the worker pool of the
 * dependencies (sized from the machine by default), the job engine, the central preflight and the
 * chat wire clients.
 */
export async function composeGedcom(
  core: CoreServices,
  artifactRoot: string,
  { providers }: ProviderCapabilities,
  jobs: JobEngine,
  credentials: CredentialService,
  settings: SettingsService,
): Promise<ComposedCapability> {
  const { log } = core;
  const { clock, retryClock, gedcomWorkers } = core.dependencies;
  const artifacts = new FileArtifactRegistry(artifactRoot);
  await artifacts.prepare();
  const swept = await artifacts.sweepAbandoned();
  if (swept > 0) log.event('artifacts.swept', { partial_files: swept });
  const workers = new GedcomWorkerPool({
    script: gedcomWorkers.script,
    size: gedcomWorkers.size,
    maxOldGenerationMb: gedcomWorkers.maxOldGenerationMb,
    artifacts,
    checkpoints: gedcomWorkers.checkpoints,
    now: () => clock.monotonic(),
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
      createChatProviders(providers.transport, undefined, retryClock),
      { resolve: (reference) => credentials.resolve(reference) },
      () => settings.current('chat.temperature'),
      wirePayload,
    ),
    settings: gedcomSettings,
    now: () => new Date(clock.now()),
    log,
  });
  return { routes: gedcomRoutes(gedcom), shutdown: () => workers.close() };
}
