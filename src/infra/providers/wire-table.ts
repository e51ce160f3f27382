import type { ProviderId } from '../../contract/providers.js';
import { ANTHROPIC_WIRE } from '../../providers/anthropic/wire.js';
import { OLLAMA_WIRE } from '../../providers/ollama/wire.js';
import { OPENAI_WIRE } from '../../providers/openai/wire.js';
import { OPENAI_COMPATIBLE_WIRE } from '../../providers/openai_compatible/wire.js';
import { entriesOf } from '../../contract/typed-keys.js';
import type { RetryPolicy } from './retry-policy.js';
import type { WireFormat } from './wire-chat-provider.js';

/**
 * The wire side of the provider table (src/contract/provider-table.ts lists the catalogue side):
 * one line per provider. The record type makes a provider of the catalogue without its wire a
 * compile error.
 */
export const PROVIDER_WIRES: Readonly<Record<ProviderId, WireFormat>> = {
  ollama: OLLAMA_WIRE,
  openai_compatible: OPENAI_COMPATIBLE_WIRE,
  openai: OPENAI_WIRE,
  anthropic: ANTHROPIC_WIRE,
};

/** One value per provider, picked from its wire side. */
export function byProvider<T>(pick: (format: WireFormat) => T): Readonly<Record<ProviderId, T>> {
  const picked: Partial<Record<ProviderId, T>> = {};
  for (const [id, format] of entriesOf(PROVIDER_WIRES)) picked[id] = pick(format);
  // cast: every key of PROVIDER_WIRES, a Record over every ProviderId, was filled above
  return picked as Readonly<Record<ProviderId, T>>;
}

/** Each provider's one retry policy. */
export const RETRY_POLICIES: Readonly<Record<ProviderId, RetryPolicy>> = byProvider((format) => format.retry);
