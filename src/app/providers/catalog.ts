import type { ProviderCapabilities, ProviderCredentialReference, ProviderDescriptor, ProviderId, ProviderKind } from '../../contract/providers.js';
import { PROVIDER_IDS } from '../../contract/providers.js';
import { isOneOf } from '../../contract/one-of.js';

/** One provider of the catalog (contract.md section 9). */
export interface ProviderEntry {
  readonly id: ProviderId;
  readonly kind: ProviderKind;
  readonly displayName: string;
  /** Local: the safe default loopback endpoint. Cloud: the one fixed, reviewed URL. */
  readonly endpoint: string;
  /** Path, relative to the endpoint, of the explicit endpoint test (a GET that needs no credential). */
  readonly testPath: string;
  readonly credentialReference: ProviderCredentialReference | null;
  readonly credentialRequired: boolean;
  readonly capabilities: ProviderCapabilities;
}

export type CloudProviderId = Extract<ProviderId, 'openai' | 'anthropic'>;

/** Reviewed cloud URLs. Only a composition may replace them (tests point them at loopback fakes). */
const REVIEWED_CLOUD_URLS: Readonly<Record<CloudProviderId, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

export interface CatalogOptions {
  /** Replaces the reviewed cloud URLs: only a test composition does (loopback fakes). */
  readonly cloudUrls?: Partial<Record<CloudProviderId, string>>;
  /** Replaces capabilities of a provider (tests of the capability refusal). */
  readonly capabilities?: Partial<Record<ProviderId, ProviderCapabilities>>;
}

const bothModules = (): ProviderCapabilities['modules'] => ['chat', 'gedcom'];

export class ProviderCatalog {
  private readonly entries: ReadonlyMap<ProviderId, ProviderEntry>;

  constructor(options: CatalogOptions = {}) {
    const urls = { ...REVIEWED_CLOUD_URLS, ...options.cloudUrls };
    const list: ProviderEntry[] = [
      {
        id: 'ollama',
        kind: 'local',
        displayName: 'Ollama (local)',
        endpoint: 'http://127.0.0.1:11434',
        testPath: '/api/version',
        credentialReference: null,
        credentialRequired: false,
        capabilities: { streaming: true, max_context_characters: 65_536, max_output_tokens: 4096, modules: bothModules(), tools: false },
      },
      {
        id: 'openai_compatible',
        kind: 'local',
        displayName: 'OpenAI-compatible local server (llama.cpp, LM Studio, vLLM)',
        endpoint: 'http://127.0.0.1:8080/v1',
        testPath: '/models',
        credentialReference: 'openai_compatible.api_key',
        credentialRequired: false,
        capabilities: { streaming: true, max_context_characters: 65_536, max_output_tokens: 4096, modules: bothModules(), tools: false },
      },
      {
        id: 'openai',
        kind: 'cloud',
        displayName: 'OpenAI',
        endpoint: urls.openai,
        testPath: '/models',
        credentialReference: 'openai.api_key',
        credentialRequired: true,
        capabilities: { streaming: true, max_context_characters: 65_536, max_output_tokens: 4096, modules: bothModules(), tools: false },
      },
      {
        id: 'anthropic',
        kind: 'cloud',
        displayName: 'Anthropic',
        endpoint: urls.anthropic,
        testPath: '/v1/models',
        credentialReference: 'anthropic.api_key',
        credentialRequired: true,
        capabilities: { streaming: true, max_context_characters: 65_536, max_output_tokens: 4096, modules: bothModules(), tools: false },
      },
    ];
    this.entries = new Map(list.map((entry) => [entry.id, { ...entry, capabilities: options.capabilities?.[entry.id] ?? entry.capabilities }]));
  }

  get(id: ProviderId): ProviderEntry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`provider not in catalog: ${id}`);
    return entry;
  }

  /** Exact match against a provider identifier; direct identifiers are never profile names. */
  isProviderId(value: string): value is ProviderId {
    return isOneOf(PROVIDER_IDS, value);
  }

  all(): readonly ProviderEntry[] {
    return [...this.entries.values()];
  }

  describe(entry: ProviderEntry): ProviderDescriptor {
    return {
      provider_id: entry.id,
      kind: entry.kind,
      display_name: entry.displayName,
      endpoint_policy: entry.kind === 'local' ? 'explicit_loopback' : 'fixed_reviewed_url',
      default_endpoint: entry.endpoint,
      credential_reference: entry.credentialReference,
      credential_required: entry.credentialRequired,
      consent_required: entry.kind === 'cloud',
      capabilities: { ...entry.capabilities, modules: [...entry.capabilities.modules] },
    };
  }
}
