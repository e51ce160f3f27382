import type { CatalogueProbe } from '../../contract/provider-entry.js';
import { PROVIDER_CATALOGUE } from '../../contract/provider-table.js';
import type {
  CloudProviderId,
  ProviderCapabilities,
  ProviderCredentialReference,
  ProviderDescriptor,
  ProviderId,
  ProviderKind,
} from '../../contract/providers.js';
import { PROVIDER_IDS } from '../../contract/providers.js';
import { isOneOf } from '../../contract/one-of.js';

/** One provider of the catalog (contract.md section 9), as the provider table declares it. */
export interface ProviderEntry {
  readonly id: ProviderId;
  readonly kind: ProviderKind;
  readonly displayName: string;
  /** Local: the safe default loopback endpoint. Cloud: the one fixed, reviewed URL. */
  readonly endpoint: string;
  /** The explicit endpoint test: path, headers and how its answer is read (endpoint-answer.ts). */
  readonly probe: CatalogueProbe;
  readonly credentialReference: ProviderCredentialReference | null;
  readonly credentialRequired: boolean;
  readonly capabilities: ProviderCapabilities;
}

export interface CatalogOptions {
  /** Replaces the reviewed cloud URLs: only a test composition does (loopback fakes). */
  readonly cloudUrls?: Partial<Record<CloudProviderId, string>>;
  /** Replaces capabilities of a provider (tests of the capability refusal). */
  readonly capabilities?: Partial<Record<ProviderId, ProviderCapabilities>>;
}

function isCloud(id: ProviderId): id is CloudProviderId {
  return PROVIDER_CATALOGUE.some((entry) => entry.id === id && entry.kind === 'cloud');
}

export class ProviderCatalog {
  private readonly entries: ReadonlyMap<ProviderId, ProviderEntry>;

  constructor(options: CatalogOptions = {}) {
    this.entries = new Map(
      PROVIDER_CATALOGUE.map((declared): [ProviderId, ProviderEntry] => {
        const capabilities = options.capabilities?.[declared.id] ?? declared.capabilities;
        const replacedUrl = isCloud(declared.id) ? options.cloudUrls?.[declared.id] : undefined;
        return [
          declared.id,
          {
            id: declared.id,
            kind: declared.kind,
            displayName: declared.displayName,
            endpoint: replacedUrl ?? declared.defaultEndpoint,
            probe: declared.probe,
            credentialReference: declared.credential?.reference ?? null,
            credentialRequired: declared.credential?.required ?? false,
            capabilities: { ...capabilities, modules: [...capabilities.modules] },
          },
        ];
      }),
    );
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
