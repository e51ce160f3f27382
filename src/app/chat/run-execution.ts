import { codePoints } from '../../contract/code-points.js';
import type { ChatRunRequest } from '../../contract/chat.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { ProviderCredentialReference } from '../../contract/providers.js';
import type { RunConsent, WithdrawalCode } from '../providers/consent-runs.js';
import { ProviderFailure, type ChatProviders, type GenerationResult } from '../providers/model-provider.js';
import type { ExecutionBinding, PreflightRequest } from '../providers/preflight.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { ActiveRun, PreparedRun } from './chat-session.js';
import { CHAT_SYSTEM_INSTRUCTION } from './system-instruction.js';

/** What chat needs from the provider services: the central preflight, nothing else. */
interface ExecutionPreflight {
  check(request: PreflightRequest): Promise<ExecutionBinding>;
}

/** Credential values for one execution binding; never for an answer. */
interface ExecutionCredentials {
  resolve(reference: ProviderCredentialReference): Promise<string | null>;
}

export interface RunExecutionDeps {
  readonly preflight: ExecutionPreflight;
  /** A run with a consent is stopped the moment the consent is revoked (or its budget used up). */
  readonly consentRuns: RunConsent;
  readonly providers: ChatProviders;
  readonly credentials: ExecutionCredentials;
  readonly startup: StartupGate;
  /** The `chat.temperature` setting, read at each run. */
  readonly defaultTemperature: () => number;
}

/** What one run executes with: the preflight's binding and the credential value it names. */
export interface Execution {
  readonly binding: ExecutionBinding;
  readonly credential: string | null;
}

/** The provider side of a chat run: its preflight, its consent watch and charges, and the generation. */
export class RunExecution {
  constructor(private readonly deps: RunExecutionDeps) {}

  /**
   * Re-reads consent and re-enters the central preflight for this run (charged to a consent
   * budget), then reads the credential the binding names. Both fail before any provider access.
   */
  async prepare(prepared: PreparedRun, withdraw: (run: ActiveRun, code: WithdrawalCode) => void): Promise<Execution> {
    const { session, run, userCharacters } = prepared;
    const binding = await this.deps.preflight.check({
      profile: session.profile,
      model: session.model,
      module: 'chat',
      purpose: session.purpose,
      dataClasses: session.dataClasses,
      consent: session.consent,
      requires: { streaming: true, contextCharacters: session.contextCharacters + userCharacters },
      chargeRun: true,
    });
    // Watched from the turn its preflight passed: a revocation from now on stops the run. The
    // request is charged to the consent's character budget before anything is sent.
    if (session.consent !== null) {
      run.unwatch = this.deps.consentRuns.watch(session.consent, (code) => withdraw(run, code));
      this.deps.consentRuns.chargeSent(session.consent, codePoints(CHAT_SYSTEM_INSTRUCTION) + session.contextCharacters + userCharacters);
    }
    this.deps.startup.assertNotDegraded();
    const credential = binding.credentialReference === null ? null : await this.deps.credentials.resolve(binding.credentialReference);
    return { binding, credential };
  }

  /** Calls the provider with the session's history and the turn, within the output and context bounds. */
  async generate(prepared: PreparedRun, request: ChatRunRequest, onText: (text: string) => void, execution: Execution): Promise<GenerationResult> {
    const { session, run, userMessage, userCharacters } = prepared;
    const { binding, credential } = execution;
    if (run.stopReason !== null) throw new ProviderFailure('PROVIDER_FAILED', false, false, true);
    const temperature = Math.min(CHAT_LIMITS.maxTemperature, Math.max(CHAT_LIMITS.minTemperature, request.temperature ?? this.deps.defaultTemperature()));
    const maxOutputTokens = Math.min(
      request.max_output_tokens ?? CHAT_LIMITS.maxOutputTokens,
      CHAT_LIMITS.maxOutputTokens,
      binding.capabilities.max_output_tokens,
    );
    const room = Math.min(CHAT_LIMITS.maxMessageCharacters, CHAT_LIMITS.maxContextCharacters - session.contextCharacters - userCharacters);
    return this.deps.providers[binding.providerId].generate(
      {
        providerId: binding.providerId,
        model: binding.model,
        endpoint: binding.endpoint,
        credential,
        system: CHAT_SYSTEM_INSTRUCTION,
        messages: [...session.messages, userMessage],
        maxOutputTokens,
        temperature,
        maxOutputCharacters: room,
        signal: run.controller.signal,
      },
      { text: onText },
    );
  }

  /** Text arrived for the run: charged to its consent; false when the run was stopped (withdrawn, or this text reached the budget). */
  received(prepared: PreparedRun, text: string): boolean {
    const { session, run } = prepared;
    if (run.withdrawn !== null) return false;
    if (session.consent !== null && !this.deps.consentRuns.chargeReceived(session.consent, codePoints(text))) return false;
    return run.withdrawn === null;
  }

  /** Tokens the provider reported for a finished run, charged to its consent (after the turn is committed: they were spent). */
  chargeTokens(prepared: PreparedRun, result: GenerationResult): void {
    if (prepared.session.consent !== null) this.deps.consentRuns.chargeTokens(prepared.session.consent, result.usage);
  }
}
