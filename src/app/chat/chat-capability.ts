import { ADVISORY_LABEL, CHAT_SCHEMA_VERSION, CHAT_STREAM_EVENT_KINDS, DISABLED_CHAT_CAPABILITIES, type ChatCapabilityResponse } from '../../contract/chat.js';
import { CHAT_LIMITS } from '../../contract/limits.js';

/** What chat offers and its bounds, as the capability route reports them. */
export function chatCapability(): ChatCapabilityResponse {
  return {
    schema_version: CHAT_SCHEMA_VERSION,
    limits: {
      max_sessions: CHAT_LIMITS.maxSessions,
      max_messages_per_session: CHAT_LIMITS.maxMessagesPerSession,
      max_message_characters: CHAT_LIMITS.maxMessageCharacters,
      max_context_characters: CHAT_LIMITS.maxContextCharacters,
      replay_buffer_bytes: CHAT_LIMITS.replayBufferBytes,
      max_output_tokens: CHAT_LIMITS.maxOutputTokens,
      min_temperature: CHAT_LIMITS.minTemperature,
      max_temperature: CHAT_LIMITS.maxTemperature,
      run_timeout_ms: CHAT_LIMITS.runTimeoutMs,
      idle_timeout_ms: CHAT_LIMITS.idleTimeoutMs,
      safe_retries: CHAT_LIMITS.safeRetries,
      retained_runs_per_session: CHAT_LIMITS.retainedRunsPerSession,
      subscribers_per_run: CHAT_LIMITS.subscribersPerRun,
      max_delta_characters: CHAT_LIMITS.maxDeltaCharacters,
    },
    disabled_capabilities: [...DISABLED_CHAT_CAPABILITIES],
    system_instruction: 'fixed',
    output_label: ADVISORY_LABEL,
    stream_event_kinds: [...CHAT_STREAM_EVENT_KINDS],
  };
}
