/**
 * The shape of one provider's catalogue entry (docs/providers.md, "One folder per provider"). Each
 * provider declares its entry in `src/providers/<id>/catalogue.ts`; `provider-table.ts` lists them and
 * every enum and allow-list of the contract is derived from that list. Pure data and pure functions
 * over values handed to them: this file and the entries import nothing but the contract.
 */

export const PROVIDER_KINDS = ['local', 'cloud'] as const;
/** The consent class too: a `cloud` provider needs a named consent and has one fixed, reviewed URL. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Modules that execute providers: both re-enter the central preflight. */
export const EXECUTION_MODULES = ['chat', 'gedcom'] as const;
export type ExecutionModule = (typeof EXECUTION_MODULES)[number];

/** What a provider may be used for; mirrors the `ProviderCapabilities` schema of providers.ts. */
export interface CatalogueCapabilities {
  readonly streaming: boolean;
  readonly max_context_characters: number;
  readonly max_output_tokens: number;
  readonly modules: readonly ExecutionModule[];
  readonly tools: false;
}

/** A credential the provider reads: its allow-listed reference and the read-only environment fallback. */
interface CatalogueCredential {
  readonly reference: string;
  readonly environment: string;
  /** False: the provider also runs without one (a local server that may sit behind a key). */
  readonly required: boolean;
}

/** A JSON object of an answer, already parsed. */
export type AnswerObject = Readonly<Record<string, unknown>>;

/**
 * The explicit endpoint test: one GET without credential to the provider's own cheap path, whose
 * answer must have the provider's shape (a status alone proves nothing).
 */
export interface CatalogueProbe {
  /** Path, relative to the endpoint, of the test. */
  readonly path: string;
  /** Headers the provider documents for that path; never a credential. */
  readonly headers: readonly (readonly [string, string])[];
  /** The success shape of a complete answer. */
  isListing(answer: AnswerObject): boolean;
  /** How a body cut at the answer bound must open to count as a listing; null: a cut body never does. */
  readonly cutListingOpening: RegExp | null;
  /** The provider's own error shape answering 401/403 without a key; null: a 401/403 never identifies it. */
  readonly isAuthError: ((answer: AnswerObject) => boolean) | null;
  /** Remediations more precise than the general ones for this provider's rejections. */
  readonly remediations: {
    readonly unreachable?: string;
    readonly not_provider_api?: string;
  };
}

export interface ProviderCatalogueEntry {
  readonly id: string;
  readonly kind: ProviderKind;
  readonly displayName: string;
  /** Local: the safe default loopback endpoint. Cloud: the one fixed, reviewed URL. */
  readonly defaultEndpoint: string;
  readonly probe: CatalogueProbe;
  readonly credential: CatalogueCredential | null;
  readonly capabilities: CatalogueCapabilities;
}

/** Capabilities every provider of the catalogue has today. */
export const STREAMING_TEXT_CAPABILITIES: CatalogueCapabilities = {
  streaming: true,
  max_context_characters: 65_536,
  max_output_tokens: 4096,
  modules: EXECUTION_MODULES,
  tools: false,
};
