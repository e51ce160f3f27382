import type { ChatProviders, GenerationRequest } from '../../app/providers/model-provider.js';
import { boundedTimeouts, type GenerationTimeouts, type ProviderTransportOptions } from './upstream-http.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from './retry-policy.js';
import { WireChatProvider } from './wire-chat-provider.js';
import { byProvider, PROVIDER_WIRES } from './wire-table.js';

/** One adapter per provider of the wire table, over one transport (contract.md section 9). */
export function createChatProviders(
  transport: ProviderTransportOptions = {},
  timeouts?: Partial<GenerationTimeouts>,
  clock: RetryClock = SYSTEM_RETRY_CLOCK,
): ChatProviders {
  const bounded = boundedTimeouts(timeouts);
  return byProvider((format) => new WireChatProvider(format, transport, bounded, clock));
}

/**
 * The exact request body a generation would send to its provider, built by the same wire format
 * the adapter uses, byte for byte. The credential travels in a header, never in the body, and is
 * not given here.
 */
export function wirePayload(generation: Omit<GenerationRequest, 'credential' | 'signal'>): string {
  return PROVIDER_WIRES[generation.providerId].request({ ...generation, credential: null, signal: new AbortController().signal }).body;
}
