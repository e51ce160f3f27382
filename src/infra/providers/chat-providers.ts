import type { ChatProviders, GenerationRequest } from '../../app/providers/model-provider.js';
import type { ProviderId } from '../../contract/providers.js';
import { ANTHROPIC_WIRE } from './anthropic-wire.js';
import { OLLAMA_WIRE } from './ollama-wire.js';
import { openAiWire } from './openai-wire.js';
import { boundedTimeouts, type GenerationTimeouts, type ProviderTransportOptions } from './upstream-http.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from './retry-policy.js';
import { WireChatProvider, type WireFormat } from './wire-chat-provider.js';

/** The wire format of each provider, shared by its adapter and its payload preview. */
const WIRE_FORMATS: Readonly<Record<ProviderId, WireFormat>> = {
  ollama: OLLAMA_WIRE,
  openai_compatible: openAiWire('openai_compatible'),
  openai: openAiWire('openai'),
  anthropic: ANTHROPIC_WIRE,
};

/** The four provider adapters over one transport (contract.md section 9). */
export function createChatProviders(transport: ProviderTransportOptions = {}, timeouts?: Partial<GenerationTimeouts>, clock: RetryClock = SYSTEM_RETRY_CLOCK): ChatProviders {
  const bounded = boundedTimeouts(timeouts);
  return {
    ollama: new WireChatProvider(WIRE_FORMATS.ollama, transport, bounded, clock),
    openai_compatible: new WireChatProvider(WIRE_FORMATS.openai_compatible, transport, bounded, clock),
    openai: new WireChatProvider(WIRE_FORMATS.openai, transport, bounded, clock),
    anthropic: new WireChatProvider(WIRE_FORMATS.anthropic, transport, bounded, clock),
  };
}

/**
 * The exact request body a generation would send to its provider, built by the same wire format
 * the adapter uses, byte for byte. The credential travels in a header, never in the body, and is
 * not given here.
 */
export function wirePayload(generation: Omit<GenerationRequest, 'credential' | 'signal'>): string {
  return WIRE_FORMATS[generation.providerId].request({ ...generation, credential: null, signal: new AbortController().signal }).body;
}
