import type { ChatProviders } from '../../app/chat/chat-provider.js';
import { ANTHROPIC_WIRE } from './anthropic-wire.js';
import { OLLAMA_WIRE } from './ollama-wire.js';
import { openAiWire } from './openai-wire.js';
import { boundedTimeouts, type GenerationTimeouts, type ProviderTransportOptions } from './upstream-http.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from './retry-policy.js';
import { WireChatProvider } from './wire-chat-provider.js';

/** The four provider adapters over one transport (contract.md section 9). */
export function createChatProviders(transport: ProviderTransportOptions = {}, timeouts?: Partial<GenerationTimeouts>, clock: RetryClock = SYSTEM_RETRY_CLOCK): ChatProviders {
  const bounded = boundedTimeouts(timeouts);
  return {
    ollama: new WireChatProvider(OLLAMA_WIRE, transport, bounded, clock),
    openai_compatible: new WireChatProvider(openAiWire('openai_compatible'), transport, bounded, clock),
    openai: new WireChatProvider(openAiWire('openai'), transport, bounded, clock),
    anthropic: new WireChatProvider(ANTHROPIC_WIRE, transport, bounded, clock),
  };
}
