import { ChatService } from '../../app/chat/chat-service.js';
import type { ShutdownPreflight } from '../../app/jobs/active-work.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import type { SettingsService } from '../../app/settings/settings-service.js';
import { chatRoutes } from '../../http/routes/chat-routes.js';
import { createChatProviders } from '../../infra/providers/chat-providers.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';
import type { ProviderCapabilities } from './provider-capabilities.js';

/** Transient chat over the central preflight and the provider wire clients (same transport as the endpoint probe). */
export function composeChat(
  core: CoreServices,
  { providers }: ProviderCapabilities,
  credentials: CredentialService,
  settings: SettingsService,
  preflight: ShutdownPreflight,
): ComposedCapability {
  const { clock, retryClock } = core.dependencies;
  const chat = new ChatService({
    preflight: providers.preflight,
    consentRuns: providers.consentRuns,
    providers: createChatProviders(providers.transport, undefined, retryClock),
    credentials: { resolve: (reference) => credentials.resolve(reference) },
    startup: core.startup,
    defaultTemperature: () => settings.current('chat.temperature'),
    log: core.log,
    now: () => clock.now(),
    newId: (prefix) => `${prefix}_${clock.random(16).toString('hex')}`,
  });
  preflight.register(chat);
  return { routes: chatRoutes(chat), shutdown: () => chat.shutdown() };
}
