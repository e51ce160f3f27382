import { ModuleRegistry } from '../../app/capabilities/module-registry.js';
import { SYSTEM_MODULE } from '../../app/capabilities/system-module.js';
import type { EventLog } from '../../app/event-log.js';
import { ReadinessReport } from '../../app/health/readiness.js';
import { SIDECAR_BUILD } from '../../contract/build-info.js';
import { RequestGate } from '../../http/request-gate.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import { systemRoutes } from '../../http/routes/system-routes.js';
import { buildHttpAdapter, type HttpAdapter } from '../../http/server.js';
import { DIAGNOSTICS_MODULE, SECRETS_MODULE, SETTINGS_MODULE } from '../../app/capabilities/local-state-modules.js';
import { platformOf, StartupReport } from '../../app/diagnostics/startup-report.js';
import { CredentialService } from '../../app/secrets/credential-service.js';
import { SettingsService } from '../../app/settings/settings-service.js';
import { startupGate, type StartupGate } from '../../app/startup/startup-gate.js';
import { CREDENTIAL_REFERENCES, DATABASE_KEY_ACCOUNT, type CredentialReference } from '../../contract/secrets.js';
import { SqliteSettingsStore } from '../../infra/database/sqlite-settings-store.js';
import type { Database } from '../../infra/database/encrypted-database.js';
import { OsKeyring } from '../../infra/keyring/os-keyring.js';
import type { HostPlatform } from '../../infra/platform/host-platform.js';
import { hostPlatform } from './host.js';
import { StderrEventLog } from '../../infra/stderr-event-log.js';
import { openLocalState, readDatabaseKey } from '../../infra/local-state/local-state.js';
import { diagnosticsRoutes, secretRoutes, settingsRoutes } from '../../http/routes/local-state-routes.js';
import { CONSENT_MODULE, PROVIDERS_MODULE } from '../../app/providers/provider-modules.js';
import { providerServices, type ProviderNetwork, type ProviderServices } from '../../app/providers/provider-services.js';
import { consentRoutes, providerRoutes } from '../../http/routes/provider-routes.js';
import { SqliteProviderStore } from '../../infra/database/sqlite-provider-store.js';
import { DnsHostResolver } from '../../infra/endpoint-probe/dns-host-resolver.js';
import { NodeEndpointProber } from '../../infra/endpoint-probe/node-endpoint-prober.js';
import { randomBytes } from 'node:crypto';
import { ShutdownPreflight } from '../../app/jobs/active-work.js';
import { JobEngine } from '../../app/jobs/job-engine.js';
import { InMemoryJobLedger, type JobLedger } from '../../app/jobs/job-ledger.js';
import { JOBS_MODULE } from '../../app/jobs/jobs-module.js';
import { PageCursorCodec } from '../../app/jobs/page-cursor.js';
import type { Capability, CompositionExtension, GedcomWorkerOverride } from './extensions.js';
import { jobRoutes } from '../../http/routes/job-routes.js';
import { SqliteJobLedger } from '../../infra/database/sqlite-job-ledger.js';
import { CHAT_MODULE } from '../../app/chat/chat-module.js';
import { ChatService } from '../../app/chat/chat-service.js';
import { chatRoutes } from '../../http/routes/chat-routes.js';
import { createChatProviders } from '../../infra/providers/chat-providers.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from '../../infra/providers/retry-policy.js';
import { GEDCOM_MODULE } from '../../app/gedcom/gedcom-module.js';
import { GedcomService, type GedcomSettings } from '../../app/gedcom/gedcom-service.js';
import type { ArtifactRegistry } from '../../app/gedcom/artifact-registry.js';
import { gedcomRoutes } from '../../http/routes/gedcom-routes.js';
import { FileArtifactRegistry } from '../../infra/artifacts/file-artifact-registry.js';
import { ProviderAdvisoryGenerator } from '../../infra/gedcom/provider-advisory.js';
import { defaultPoolSize, GedcomWorkerPool, type WorkerScript } from '../../infra/gedcom/worker-pool.js';
import type { GedcomExecutor } from '../../app/gedcom/gedcom-executor.js';
import { GEDCOM_WORKER_LIMITS } from '../../contract/limits.js';

export interface LaunchIdentity {
  readonly bearer: string;
  readonly appBuild: string;
}

export interface ServeOptions {
  readonly configPath?: string;
  readonly workspace?: string;
  readonly artifactRoot?: string;
  readonly credentialsFromEnv?: boolean;
  /** The GEDCOM worker's code (dist/gedcom-worker.cjs next to the sidecar bundle); needed with `artifactRoot`. */
  readonly gedcomWorker?: WorkerScript;
}

export interface ComposedService {
  readonly http: HttpAdapter;
  readonly routes: readonly RouteDefinition[];
  /** Called once the listener is bound: the Host rule and the readiness proof need the port. */
  bindPort(port: number): void;
  /** Releases what the composition opened (after the HTTP server closed). */
  close(): Promise<void>;
}


/** Modules that are part of every composition, whatever the configuration enables. */
const CORE_MODULES: readonly string[] = [SYSTEM_MODULE.moduleId];

function exposeRoutes(registry: ModuleRegistry, capabilities: readonly Capability[]): RouteDefinition[] {
  for (const capability of capabilities) registry.declare(capability.module);
  for (const capability of capabilities) for (const route of capability.routes) registry.registerHandler(route.dispatchKey);
  return capabilities.flatMap((capability) => capability.routes).filter((route) => registry.isActionExposed(route.dispatchKey));
}

/** The application services every capability's routes translate to. */
interface AppServices {
  readonly readiness: ReadinessReport;
  readonly registry: ModuleRegistry;
  readonly startupReport: StartupReport;
  readonly startup: StartupGate;
  readonly settings: SettingsService;
  readonly credentials: CredentialService;
  readonly database: Database | null;
  readonly providers: ProviderServices;
  readonly jobs: JobEngine;
  readonly preflight: ShutdownPreflight;
  readonly chat: ChatService;
  /** Present only when the composition supplies the GEDCOM artifact registry (`--artifact-root`). */
  readonly gedcom: GedcomService | null;
}

/** Every capability of the full composition, each with its module and routes. */
function capabilities(services: AppServices): Capability[] {
  return [
    { module: SYSTEM_MODULE, routes: systemRoutes(services.readiness, services.registry) },
    { module: DIAGNOSTICS_MODULE, routes: diagnosticsRoutes(services.startupReport) },
    { module: SETTINGS_MODULE, routes: settingsRoutes(services.settings) },
    { module: SECRETS_MODULE, routes: secretRoutes(services.credentials) },
    { module: PROVIDERS_MODULE, routes: providerRoutes(services.providers.configuration) },
    { module: CONSENT_MODULE, routes: consentRoutes(services.providers.consents) },
    { module: JOBS_MODULE, routes: jobRoutes(services.jobs, services.preflight) },
    { module: CHAT_MODULE, routes: chatRoutes(services.chat) },
    ...(services.gedcom === null ? [] : [{ module: GEDCOM_MODULE, routes: gedcomRoutes(services.gedcom) }]),
  ];
}

/** The GEDCOM service over an artifact registry, the job engine, the central preflight and the chat wire clients. */
function gedcomService(
  registry: ArtifactRegistry,
  executor: GedcomExecutor,
  jobs: JobEngine,
  providers: ProviderServices,
  credentials: CredentialService,
  settings: SettingsService,
  log: EventLog,
  providerClock: RetryClock,
): GedcomService {
  const gedcomSettings: GedcomSettings = {
    exportVersion: () => settings.current('gedcom.export_version'),
    livingThresholdYears: () => settings.current('privacy.living_threshold_years'),
  };
  const temperature = (): number => settings.current('chat.temperature');
  return new GedcomService({
    registry,
    executor,
    jobs,
    preflight: providers.preflight,
    advisory: new ProviderAdvisoryGenerator(createChatProviders(providers.transport, undefined, providerClock), { resolve: (reference) => credentials.resolve(reference) }, temperature),
    settings: gedcomSettings,
    now: () => new Date(),
    log,
  });
}

/** Names that are credentials and can never be patched as settings. */
const SENSITIVE_SETTING_KEYS: ReadonlySet<string> = new Set([...Object.keys(CREDENTIAL_REFERENCES), DATABASE_KEY_ACCOUNT]);

/** Read-only environment credentials, composed only behind the explicit headless flag. */
function environmentCredentials(enabled: boolean, env: NodeJS.ProcessEnv): Map<CredentialReference, string> {
  const values = new Map<CredentialReference, string>();
  if (!enabled) return values;
  for (const [reference, variable] of Object.entries(CREDENTIAL_REFERENCES) as Array<[CredentialReference, string]>) {
    const value = env[variable];
    if (value !== undefined && value.length > 0) values.set(reference, value);
  }
  return values;
}

/** The job engine over the given ledger; the durable one whenever the encrypted database is open. */
function jobEngine(ledger: JobLedger, startup: StartupGate, log: EventLog): JobEngine {
  return new JobEngine({
    ledger,
    cursors: new PageCursorCodec(randomBytes(32), 'jobs.list'),
    startup,
    log,
    now: () => Date.now(),
    newJobId: () => `job_${randomBytes(16).toString('hex')}`,
  });
}

/** Transient chat over the central preflight and the provider wire clients (same transport as the endpoint probe). */
function chatService(providers: ProviderServices, credentials: CredentialService, settings: SettingsService, startup: StartupGate, log: EventLog, providerClock: RetryClock): ChatService {
  return new ChatService({
    preflight: providers.preflight,
    providers: createChatProviders(providers.transport, undefined, providerClock),
    credentials: { resolve: (reference) => credentials.resolve(reference) },
    startup,
    defaultTemperature: () => settings.current('chat.temperature'),
    log,
    now: () => Date.now(),
    newId: (prefix) => `${prefix}_${randomBytes(16).toString('hex')}`,
  });
}

/** The GEDCOM worker pool over the artifact store, sized from the machine; a test composition may hold tasks or lower the heap ceiling. */
function gedcomWorkerPool(artifacts: FileArtifactRegistry, script: WorkerScript, override: GedcomWorkerOverride | null, log: EventLog): GedcomWorkerPool {
  return new GedcomWorkerPool({
    script,
    size: override?.size ?? defaultPoolSize(),
    maxOldGenerationMb: override?.maxOldGenerationMb ?? GEDCOM_WORKER_LIMITS.maxOldGenerationMb,
    artifacts,
    checkpoints: override?.checkpoints ?? null,
    now: () => performance.now(),
    timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    log,
  });
}

/**
 * Work that needs neither the bearer nor any change on disk, started before the handshake
 * arrives: the read of the database key from the OS keyring (a D-Bus round trip).
 */
export interface EarlyStart {
  readonly keyring: OsKeyring;
  readonly databaseKey: ReturnType<typeof readDatabaseKey>;
  readonly startedAt: number;
  readonly platform: HostPlatform;
}

/** The event log of a serving process: one JSON line per event on stderr. */
export function launchLog(): EventLog {
  return new StderrEventLog();
}

export function startEarly(): EarlyStart {
  const platform = hostPlatform();
  const keyring = new OsKeyring(platform);
  return { keyring, databaseKey: readDatabaseKey(keyring), startedAt: performance.now(), platform };
}

/** The composition root: the only place that knows every concrete class. */
export async function composeService(
  launch: LaunchIdentity,
  options: ServeOptions,
  log: EventLog,
  extensions: readonly CompositionExtension[],
  early: EarlyStart = startEarly(),
): Promise<ComposedService> {
  const { keyring } = early;
  const evaluationStarted = early.startedAt;
  const state = await openLocalState({ configPath: options.configPath, workspace: options.workspace, platform: early.platform }, keyring, early.databaseKey, (reason) =>
    log.event('database.file_lost', { reason }),
  );
  const guard = state.databaseGuard ?? undefined;
  const startupReport = new StartupReport(state.codes, platformOf(early.platform.os, process.arch));
  const startup = startupGate(startupReport.degraded, startupReport.mutationsBlocked);
  log.event('startup.evaluated', { status: startupReport.report.status, ...state.codes, duration_ms: Math.round(performance.now() - evaluationStarted) });
  // An invalid configuration file enables nothing it names, but the spec's fully shaped routes stay
  // exposed: settings and credential changes then answer 409 STARTUP_MUTATION_BLOCKED (rule 10), not 404.
  const enabledModules = state.config.state === 'invalid' ? [DIAGNOSTICS_MODULE.moduleId, SETTINGS_MODULE.moduleId, SECRETS_MODULE.moduleId] : state.config.enabledModules;
  const readiness = new ReadinessReport(launch.bearer, launch.appBuild, SIDECAR_BUILD);
  const gate = new RequestGate({ bearer: launch.bearer, appBuild: launch.appBuild });
  // Without the encrypted database (blocked startup) jobs cannot be submitted; the ledger stays empty.
  const jobs = jobEngine(state.database ? new SqliteJobLedger(state.database, guard) : new InMemoryJobLedger(), startup, log);
  jobs.start();
  const preflight = new ShutdownPreflight();
  preflight.register(jobs);
  const extended = extensions.flatMap((extension) => extension.capabilities({ jobs, registerActiveWork: (source) => preflight.register(source) }));
  const registry = new ModuleRegistry([...CORE_MODULES, ...enabledModules, ...extended.map((capability) => capability.module.moduleId)]);
  const credentials = new CredentialService(keyring, startup, environmentCredentials(options.credentialsFromEnv === true, process.env));
  // A test composition may replace name resolution, TLS trust and the cloud URLs; the default uses none of it.
  const networkOverride = extensions.find((extension) => extension.providerNetwork !== undefined)?.providerNetwork;
  const providerTransport = networkOverride?.transport ?? {};
  const providerNetwork: ProviderNetwork = {
    resolver: networkOverride?.resolver ?? new DnsHostResolver(),
    prober: new NodeEndpointProber(providerTransport),
    transport: providerTransport,
    cloudUrls: networkOverride?.cloudUrls,
  };
  // Retry pauses and deadlines of the provider wire clients; a test composition may shorten the pauses.
  const providerClock = extensions.find((extension) => extension.providerClock !== undefined)?.providerClock ?? SYSTEM_RETRY_CLOCK;
  const settings = new SettingsService(state.database ? new SqliteSettingsStore(state.database, guard) : null, startup, SENSITIVE_SETTING_KEYS);
  const providers = providerServices({
    network: providerNetwork,
    store: state.database ? new SqliteProviderStore(state.database, guard) : null,
    credentials: { status: (reference) => credentials.presence(reference) },
    gate: startup,
  });
  const chat = chatService(providers, credentials, settings, startup, log, providerClock);
  preflight.register(chat);
  let gedcom: GedcomService | null = null;
  let gedcomWorkers: GedcomWorkerPool | null = null;
  if (options.artifactRoot !== undefined) {
    if (options.gedcomWorker === undefined) throw new Error('the GEDCOM worker script is needed with an artifact root');
    const artifacts = new FileArtifactRegistry(options.artifactRoot);
    await artifacts.prepare();
    const override = extensions.find((extension) => extension.gedcomWorker !== undefined)?.gedcomWorker ?? null;
    gedcomWorkers = gedcomWorkerPool(artifacts, options.gedcomWorker, override, log);
    gedcom = gedcomService(artifacts, gedcomWorkers, jobs, providers, credentials, settings, log, providerClock);
  }
  const services: AppServices = {
    readiness,
    registry,
    startupReport,
    startup,
    settings,
    credentials,
    database: state.database,
    providers,
    jobs,
    preflight,
    chat,
    gedcom,
  };
  const routes = exposeRoutes(registry, [...capabilities(services), ...extended]);
  const http = buildHttpAdapter({ gate, routes, log });
  // Graceful shutdown interrupts running jobs (their terminal events reach open streams) before connections close.
  http.onClosing(async () => {
    jobs.shutdown();
    chat.shutdown();
    await gedcomWorkers?.close();
    await new Promise((resolve) => setImmediate(resolve));
  });
  return {
    http,
    routes,
    bindPort(port) {
      gate.bindPort(port);
      readiness.bindPort(port);
    },
    async close() {
      state.database?.close();
      state.databaseGuard?.close();
    },
  };
}
