// Generated from openapi-v1.json by scripts/contract.ts. Do not edit.
export interface paths {
    "/api/v1/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capability manifest
         * @description Lists only the actions of enabled modules that have a registered handler, with the pagination and request-size policies.
         */
        get: operations["getInternalCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/capability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat limits and disabled capabilities
         * @description The exact schema-v1 limits of transient chat and the capabilities no chat run has (tools, files, databases, shells, plugins, external services).
         */
        get: operations["getInternalChatCapability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a chat session
         * @description Preflights one exact named provider profile, its exact model, a purpose, a data-class set and an optional named consent (required for cloud providers) through the central provider preflight, then opens an in-memory session owned by the `X-Service-Session-Owner` header. Refused with STARTUP_DEGRADED before any provider access while startup is degraded; at most 32 live sessions (409 CHAT_SESSION_LIMIT). A missing or malformed owner header is 422 (header validation of the request that names the owner; no session exists yet to hide). On every route under a session an absent or wrong owner is 404 CHAT_SESSION_NOT_FOUND instead, exactly like an unknown session, so owners cannot probe each other. An unknown profile or consent named in the body is 409 (PROFILE_NOT_FOUND, CONSENT_REQUIRED): 404 is kept for what the path addresses.
         */
        post: operations["createInternalChatSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat session summary
         * @description A path-free summary without message content: profile, provider, model, purpose, data classes, consent name, counts and the active run.
         */
        get: operations["getInternalChatSession"];
        put?: never;
        post?: never;
        /**
         * Discard a chat session
         * @description Discards the session and every in-memory message and stream run it owns. A run in progress is stopped (its stream ends `interrupted`).
         */
        delete: operations["deleteInternalChatSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions/{session_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One synchronous chat run
         * @description One bounded generation under the fixed system instruction. Every run re-reads consent and re-enters the central provider preflight; one run at a time per session (409 CHAT_RUN_ACTIVE); at most 32 messages (409 CHAT_MESSAGE_LIMIT) and 65536 context characters (409 CHAT_CONTEXT_LIMIT). History is committed only for a completed or truncated answer (fields outcome and finish_reason); a refusal is 409 PROVIDER_REFUSED and an answer larger than the model's context 409 PROVIDER_CONTEXT_EXCEEDED; any other provider failure is a sanitized PROVIDER_* code with a remediation (docs/chat-outcomes.md); neither changes the history. The reply is labelled advisory, not evidence.
         */
        post: operations["runInternalChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions/{session_id}/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a streaming chat run
         * @description Admits one owner-scoped streaming run after the same checks and preflight as a synchronous run (errors are answered here, before any event) and returns its run id; the generation proceeds at once and its events are read from the events route.
         */
        post: operations["startInternalChatStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions/{session_id}/streams/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a streaming chat run
         * @description Idempotent for that exact session-owned run. An active run emits `cancelling` once, its provider call is aborted and it ends `interrupted` with history unchanged (`disposition: cancelling`); repeated calls add no event. A run that already ended answers `disposition: terminal` with its outcome.
         */
        post: operations["cancelInternalChatStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/sessions/{session_id}/streams/{run_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat stream events (SSE)
         * @description Server-sent events of one run: `id` is the run's monotonic sequence from 1, `event` the kind (`active`, `first-token`, `delta`, `cancelling`, then exactly one of `completed`, `interrupted`, `failed`), `data` one strict ChatStreamEvent. The last 256 KiB of events are retained; `Last-Event-ID` resumes after that id. Refused before any event: an absent or wrong owner or unknown session (404 CHAT_SESSION_NOT_FOUND), an unknown run (404 CHAT_RUN_NOT_FOUND), a malformed or future cursor and any query string (400 CHAT_STREAM_CURSOR_INVALID), a cursor before the retained window (410 CHAT_STREAM_REPLAY_GAP). A reader that falls behind the window is disconnected, never skipped forward. Comment heartbeat every 15 s; the stream closes after the terminal event.
         */
        get: operations["streamInternalChatEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a consent
         * @description Creates the named grant only from the exact current preview (digest and scope) against the current consent revision. 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations; a profile named in the scope that does not exist is 409 PROFILE_NOT_FOUND (a conflict with current state; 404 is kept for what the path addresses).
         */
        post: operations["createInternalConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/consents/{name}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a consent
         * @description Revokes the named grant. Idempotent: revoking a revoked grant answers it unchanged; a change bumps the consent revision. The consent addressed by the path that does not exist is 404 CONSENT_NOT_FOUND.
         */
        post: operations["revokeInternalConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/consents/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a consent
         * @description Returns the complete requested scope (provider, profile, model, modules, purposes, data classes, retention, living-person and remote-retention warnings, optional budget), the consent revision and a digest. Changes nothing, so a blocked startup component does not refuse it; it reads profiles from the encrypted database, and while that is not open it answers 409 STARTUP_DEGRADED (as settings GET). A profile named in the body that does not exist is 409 PROFILE_NOT_FOUND: 404 is kept for what the path addresses.
         */
        post: operations["previewInternalConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inspect a GEDCOM artifact
         * @description Deterministic inspection: version, encodings, terminators, record counts, xref integrity, finding codes, extension tags; for a GEDZIP archive, its dataset and its media. Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID). Any GEDCOM text is accepted whatever its version: inspection is how a user learns what a file is, so a missing or unsupported HEAD.GEDC.VERS is reported in the result (`version.supported: false`, with the probable version and its evidence in `version.probable`), never refused. `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call. The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.
         */
        post: operations["submitInternalGedcomInspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/jobs/{job_id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Result of a GEDCOM job
         * @description The completed, bounded, path-free and content-free result while this process holds it. A job still queued or running answers 409 GEDCOM_JOB_RESULT_PENDING; a failed, cancelled or interrupted job 409 GEDCOM_JOB_RESULT_NONE (details: state, error_code); a completed job whose result is no longer in memory (after a restart) 410 GEDCOM_JOB_RESULT_UNAVAILABLE; an unknown job 404 JOB_NOT_FOUND.
         */
        get: operations["getInternalGedcomJobResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge two GEDCOM artifacts
         * @description Loss-minimal merge of `right` into `left`: duplicates by blocking and scoring, every line of both kept, xrefs remapped, families of merged couples unified; the output is a new artifact unless `dry_run`. Review-band pairs are reported by xref only. Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID). Every input whose HEAD.GEDC.VERS is missing or not a supported version is refused before the job starts (400 GEDCOM_VERSION_UNSUPPORTED, naming the input), unless the request names `assume_version`; an input with a supported version is always read as declared. `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call. The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.
         */
        post: operations["submitInternalGedcomMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/quality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyse data quality
         * @description Gramps Verify person and family rules over day ranges (year-only dates included, ABT / CAL / EST widened), checks beyond Gramps (posthumous births, siblings born too close, overlapping marriages, marriages of siblings or of parent and child, impossible and future dates, quick remarriage, duplicate families, living siblings of one given name), missing sources on vital events, dangling and duplicate xrefs, circular ancestry, invalid dates, possible duplicates (the merge scorer inside the file, pairs by xref) and probably-living counts; thresholds overridable; whole file or rooted. Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID). Every input whose HEAD.GEDC.VERS is missing or not a supported version is refused before the job starts (400 GEDCOM_VERSION_UNSUPPORTED, naming the input), unless the request names `assume_version`; an input with a supported version is always read as declared. `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call. The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.
         */
        post: operations["submitInternalGedcomQuality"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/subtree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract a rooted subtree
         * @description Ancestors, descendants or both of `root` within `generations`, optionally with spouses, with the referential closure of sources, repositories, notes, media and submitters; no dangling pointer; output in `output_version` or the `gedcom.export_version` setting. Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID). Every input whose HEAD.GEDC.VERS is missing or not a supported version is refused before the job starts (400 GEDCOM_VERSION_UNSUPPORTED, naming the input), unless the request names `assume_version`; an input with a supported version is always read as declared. `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call. The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.
         */
        post: operations["submitInternalGedcomSubtree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gedcom/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synchronise changes
         * @description The typed record-level change set base -> edited (field paths, no values) applied to target into a new artifact; records the target changed differently are conflicts, reported and not overwritten. Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID). Every input whose HEAD.GEDC.VERS is missing or not a supported version is refused before the job starts (400 GEDCOM_VERSION_UNSUPPORTED, naming the input), unless the request names `assume_version`; an input with a supported version is always read as declared. `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call. The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.
         */
        post: operations["submitInternalGedcomSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health and readiness proof
         * @description Confirms the bearer, the API contract, the paired app build and the token-derived readiness proof.
         */
        get: operations["getInternalHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job snapshots
         * @description Bounded schema-v1 snapshots, newest first. `cursor` is the opaque, tamper-evident `next_cursor` of the previous page (valid for the life of the process; a forged or foreign one is 400 JOB_CURSOR_INVALID). Pages stay stable while new jobs are added; a listing walks at most 1000 snapshots in total. While the encrypted database is not open (degraded startup) the jobs of its ledger are unknown: 409 STARTUP_DEGRADED.
         */
        get: operations["listInternalJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One job snapshot
         * @description The current schema-v1 snapshot of one job; 404 JOB_NOT_FOUND when the job is not known. While the encrypted database is not open (degraded startup) the jobs of its ledger are unknown: 409 STARTUP_DEGRADED.
         */
        get: operations["getInternalJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request cooperative cancellation
         * @description Idempotent. `pending_safe_point`: cancellation is recorded (one `cancel-requested` event) and the job stops at its next safe point; repeated calls answer the same without new events. `terminal`: the job has ended (a queued job is cancelled at once); the snapshot tells how. While the encrypted database is not open (degraded startup) the jobs of its ledger are unknown: 409 STARTUP_DEGRADED.
         */
        post: operations["cancelInternalJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job event stream (SSE)
         * @description Server-sent events: `id` is the per-job sequence, `event` the kind, `data` one JobEvent. At most 256 events are retained per job; `Last-Event-ID` resumes after that id, an id before the retained window is 410 JOB_EVENT_REPLAY_EXPIRED (fetch a fresh snapshot), a malformed or future id is 400 JOB_EVENT_CURSOR_INVALID, all before any event is sent. At most 32 subscribers per job (409 JOB_SUBSCRIBER_LIMIT); a subscriber more than 64 events behind is closed alone and resumes by id. A comment heartbeat every 15 s; the stream closes after the terminal event. While the encrypted database is not open (degraded startup) the jobs of its ledger are unknown: 409 STARTUP_DEGRADED.
         */
        get: operations["streamInternalJobEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/shutdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Safe-quit preflight
         * @description Waits for active work (jobs, and chat streams once they exist) up to `wait_ms` (at most 10000 ms, the default). Answers `ready` when nothing is active; otherwise 409 SHUTDOWN_BLOCKED_ACTIVE_WORK with the counts per source in `details`, including work pending a cancellation-safe point. The body is optional: a request without one (no Content-Length, or 0) waits the default; a body, when sent, is a JSON ShutdownPreflightRequest. Changes no state; not blocked by degraded startup (spec section 3, rule 3).
         */
        post: operations["preflightInternalShutdown"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provider-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Provider configuration
         * @description Provider metadata with safe endpoint defaults and capabilities, profile and consent summaries, credential presence (never a value) and the profile and consent revisions. Profiles, consents and revisions live in the encrypted database: while it is not open (degraded startup) the answer is 409 STARTUP_DEGRADED.
         */
        get: operations["getInternalProviderConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provider-endpoints/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test one endpoint
         * @description Applies the endpoint policy (explicit loopback for local providers, the fixed reviewed URL for cloud providers), resolves a name twice, connects directly to the validated numeric address without any proxy, verifies TLS against the name and refuses a redirect. Answers a redacted destination and its SHA-256 identity; a refusal is ENDPOINT_REJECTED with a stable `reason` detail.
         */
        post: operations["validateInternalProviderEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provider-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a provider profile
         * @description Creates a named profile (provider, endpoint, exact model) against the current profile revision and the identity of a recent endpoint test; the endpoint is tested again at save and must keep that identity. 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations; 503 DATABASE_FILE_LOST when the database file is no longer the one at the workspace path.
         */
        post: operations["createInternalProviderProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a credential
         * @description Removes the credential from the OS keyring and verifies that it is absent. Same order of refusals as set: 404 SECRET_REFERENCE_UNKNOWN, then 409 STARTUP_MUTATION_BLOCKED or CREDENTIAL_ENV_MANAGED, then 503 for an unavailable or locked keyring.
         */
        post: operations["deleteInternalSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a credential
         * @description Stores the write-only value in the OS keyring and reads it back. The response carries only reference and status. The reference is judged first (404 SECRET_REFERENCE_UNKNOWN off the allowlist, whatever the startup state), then the state: 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations, 409 CREDENTIAL_ENV_MANAGED for an environment-managed reference, 503 when the keyring is unavailable or locked.
         */
        post: operations["setInternalSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets/{reference}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credential status
         * @description Tells whether the allowlisted credential is `present` or `missing`; never reveals a value. A reference off the allowlist is 404 SECRET_REFERENCE_UNKNOWN (422 when it breaks the pattern). An unavailable or locked keyring fails closed with 503 CREDENTIAL_STORE_UNAVAILABLE or CREDENTIAL_STORE_LOCKED (spec rule 9): this route never answers `status: unavailable`, a value the schema keeps for listings (provider configuration reports a failing keyring that way).
         */
        get: operations["getInternalSecretStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read settings
         * @description The complete catalog of five non-secret settings with the current revision. The values live in the encrypted database: while it is not open (degraded startup) the answer is 409 STARTUP_DEGRADED.
         */
        get: operations["getInternalSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Patch settings
         * @description Applies all changes atomically or none. Refused with 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations (an invalid configuration file included), before any key is judged. Fails for an unknown key, a sensitive key, an invalid value or a stale expected_revision, naming each failing key in details. Acknowledged only once committed to the database file that is at the workspace path now: a file removed, replaced or made read-only underneath the service answers 503 DATABASE_FILE_LOST and nothing changes.
         */
        patch: operations["patchInternalSettings"];
        trace?: never;
    };
    "/api/v1/startup-diagnostics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Startup diagnostics
         * @description Read-only report with exactly four components in a fixed order; no paths, no side effects. Evaluated once at start.
         */
        get: operations["getInternalStartupDiagnostics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActiveWorkCounts: {
            source: string;
            active: number;
            /** @description Of the active ones, those cancelled but not yet at a safe point. */
            pending_cancellation: number;
        };
        /** @description The model's review is advisory, never evidence; its text is an output artifact (role `advisory`), never part of this result. `living_redacted`: people withheld from the prompt as probably living (both sides of a merge pair when either is); `restricted_redacted` (optional): people withheld for RESN privacy or confidential. */
        AdvisoryReview: {
            /** @constant */
            label: "advisory";
            /**
             * @description `previewed`: the request was built and returned in `payload`, nothing was sent (only with `advisory_preview`); `completed`: the review ended with the model's own end; `truncated`: an output bound or the context window cut it (the artifact holds the part received, see `finish_reason`); `refused`: the provider declined and no review was kept; `failed`: see `error_code`.
             * @enum {unknown}
             */
            status: "not_requested" | "not_applicable" | "previewed" | "completed" | "truncated" | "refused" | "failed";
            /** @enum {unknown} */
            mode: "offline" | "local" | "cloud";
            error_code: string | null;
            /** @description How a completed or truncated review ended; null otherwise. */
            finish_reason: ("stop" | "length" | "context_window") | null;
            items_reviewed: number;
            living_redacted: number;
            restricted_redacted?: number;
            payload?: {
                /** @description SHA-256 (hex) of the whole request body; name it as `execution.advisory_payload_digest` to send exactly this. */
                digest: string;
                characters: number;
                /**
                 * @description A provider of the catalog.
                 * @enum {unknown}
                 */
                provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
                /** @description The exact model identifier. */
                model: string;
                /** @constant */
                content_type: "application/json";
                /** @description The request body exactly as the provider would receive it (system instruction, redacted content, model parameters). */
                body: string;
                /** @description true when `body` is cut at the preview bound; the digest and `characters` still cover the whole body. */
                body_truncated: boolean;
            };
        };
        ApiVersion: {
            /**
             * @default service.internal-api/1
             * @constant
             */
            contract: "service.internal-api/1";
            /**
             * @default service.application/0.3
             * @constant
             */
            application_contract: "service.application/0.3";
            /**
             * @default /api/v1
             * @constant
             */
            namespace: "/api/v1";
        };
        CapabilityAction: {
            dispatch_key: string;
            name: string;
            summary: string;
        };
        CapabilityManifest: {
            api?: {
                /**
                 * @default service.internal-api/1
                 * @constant
                 */
                contract: "service.internal-api/1";
                /**
                 * @default service.application/0.3
                 * @constant
                 */
                application_contract: "service.application/0.3";
                /**
                 * @default /api/v1
                 * @constant
                 */
                namespace: "/api/v1";
            };
            /** @default [] */
            modules: components["schemas"]["CapabilityModule"][];
            pagination?: {
                /** @default 25 */
                default_limit: number;
                /** @default 100 */
                maximum_limit: number;
                /** @default 256 */
                maximum_cursor_characters: number;
            };
            request_policy?: {
                /** @default 1048576 */
                max_body_bytes: number;
                /** @default 1000 */
                max_collection_items: number;
                /** @default 16 */
                max_json_depth: number;
                /** @default 65536 */
                max_string_characters: number;
            };
        };
        CapabilityModule: {
            module_id: string;
            name: string;
            summary: string;
            actions: components["schemas"]["CapabilityAction"][];
        };
        ChatCapabilityResponse: {
            /** @constant */
            schema_version: 1;
            limits: components["schemas"]["ChatLimits"];
            disabled_capabilities: ("tools" | "files" | "databases" | "shells" | "plugins" | "external_services")[];
            /**
             * @description The system instruction is fixed by the service; a request cannot change it.
             * @constant
             */
            system_instruction: "fixed";
            /**
             * @description Generated text is advisory, never evidence.
             * @constant
             */
            output_label: "advisory_not_evidence";
            stream_event_kinds: ("active" | "first-token" | "delta" | "cancelling" | "completed" | "interrupted" | "failed")[];
        };
        ChatLimits: {
            /** @constant */
            max_sessions: 32;
            /** @constant */
            max_messages_per_session: 32;
            /** @constant */
            max_message_characters: 16384;
            /** @constant */
            max_context_characters: 65536;
            /** @constant */
            replay_buffer_bytes: 262144;
            /** @constant */
            max_output_tokens: 2048;
            /** @constant */
            min_temperature: 0;
            /** @constant */
            max_temperature: 1;
            /** @constant */
            run_timeout_ms: 120000;
            /** @constant */
            idle_timeout_ms: 30000;
            /** @constant */
            safe_retries: 2;
            /** @constant */
            retained_runs_per_session: 4;
            /** @constant */
            subscribers_per_run: 8;
            /** @constant */
            max_delta_characters: 4096;
        };
        ChatRunRequest: {
            /** @description The user message: untrusted data for the model. */
            message: string;
            /** @description Defaults to the `chat.temperature` setting. */
            temperature?: number;
            max_output_tokens?: number;
        };
        ChatRunResponse: {
            /** @constant */
            schema_version: 1;
            /** @description `chs_` and 32 lowercase hex digits. */
            session_id: string;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            reply: {
                /** @constant */
                role: "assistant";
                content: string;
                /**
                 * @description Generated text is advisory, never evidence.
                 * @constant
                 */
                label: "advisory_not_evidence";
            };
            /**
             * @description `completed`: finish reason `stop`; `truncated`: finish reason `length` or `context_window`. Both are kept in the history.
             * @enum {unknown}
             */
            outcome: "completed" | "truncated";
            /**
             * @description `stop`: the model ended its answer; `length`: an output bound (the provider's token bound or the service's character bound) cut it; `context_window`: the model's context window filled up.
             * @enum {unknown}
             */
            finish_reason: "stop" | "length" | "context_window";
            message_count: number;
            context_characters: number;
        };
        ChatSessionCreateRequest: {
            /** @description A profile name; never `none` or a provider identifier. */
            profile: string;
            /** @description The exact model identifier. */
            model: string;
            /** @enum {unknown} */
            purpose: "research_chat" | "record_summary" | "translation" | "quality_review" | "merge_review";
            data_classes: ("user_text" | "person_names" | "life_events" | "relationships" | "notes_and_sources")[];
            consent?: string | null;
        };
        ChatSessionDeleteResponse: {
            /** @constant */
            schema_version: 1;
            /** @description `chs_` and 32 lowercase hex digits. */
            session_id: string;
            /**
             * @description The session and every message and stream run it owned are gone.
             * @constant
             */
            state: "deleted";
        };
        ChatSessionSummary: {
            /** @constant */
            schema_version: 1;
            /** @description `chs_` and 32 lowercase hex digits. */
            session_id: string;
            /** @description A profile name; never `none` or a provider identifier. */
            profile: string;
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            /** @enum {unknown} */
            provider_kind: "local" | "cloud";
            /** @description The exact model identifier. */
            model: string;
            /** @enum {unknown} */
            purpose: "research_chat" | "record_summary" | "translation" | "quality_review" | "merge_review";
            data_classes: ("user_text" | "person_names" | "life_events" | "relationships" | "notes_and_sources")[];
            consent: string | null;
            message_count: number;
            context_characters: number;
            /** @description The run in progress, if any; a session runs one at a time. */
            active_run_id: string | null;
            runs_completed: number;
            /** @description UTC instant, ISO 8601. */
            created_at: string;
            /** @description UTC instant, ISO 8601. */
            last_activity_at: string;
        };
        ChatStreamCancelResponse: {
            /** @constant */
            schema_version: 1;
            /** @description `chs_` and 32 lowercase hex digits. */
            session_id: string;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /**
             * @description `cancelling`: the run stops and ends `interrupted`; `terminal`: it had already ended.
             * @enum {unknown}
             */
            disposition: "cancelling" | "terminal";
            /** @enum {unknown} */
            state: "active" | "cancelling" | "completed" | "interrupted" | "failed";
        };
        /** @description One schema-v1 chat stream event; exactly one terminal event (`completed`, `interrupted`, `failed`) ends each run. */
        ChatStreamEvent: {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "active";
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "first-token";
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "delta";
            text: string;
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "cancelling";
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "completed";
            /**
             * @description `completed`: finish reason `stop`; `truncated`: finish reason `length` or `context_window`. Both are kept in the history.
             * @enum {unknown}
             */
            outcome: "completed" | "truncated";
            /**
             * @description `stop`: the model ended its answer; `length`: an output bound (the provider's token bound or the service's character bound) cut it; `context_window`: the model's context window filled up.
             * @enum {unknown}
             */
            finish_reason: "stop" | "length" | "context_window";
            message_count: number;
            output_characters: number;
            /**
             * @description Generated text is advisory, never evidence.
             * @constant
             */
            label: "advisory_not_evidence";
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "interrupted";
            /** @enum {unknown} */
            reason: "cancelled" | "shutdown";
        } | {
            /** @constant */
            schema_version: 1;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @description Monotonic per run; equal to the SSE `id`. */
            sequence: number;
            /** @constant */
            kind: "failed";
            /**
             * @description `refused`: the provider declined (code PROVIDER_REFUSED); `failed`: any other failure, with its code.
             * @enum {unknown}
             */
            outcome: "failed" | "refused";
            /** @enum {unknown} */
            code: "PROVIDER_UNAVAILABLE" | "PROVIDER_FAILED" | "PROVIDER_TIMEOUT" | "PROVIDER_ANSWER_INCOMPLETE" | "PROVIDER_CONTEXT_EXCEEDED" | "PROVIDER_MODEL_NOT_FOUND" | "PROVIDER_AUTH_REJECTED" | "PROVIDER_RATE_LIMITED" | "PROVIDER_ENDPOINT_MISMATCH" | "PROVIDER_REFUSED" | "CREDENTIAL_STORE_UNAVAILABLE" | "CONSENT_REVOKED" | "CONSENT_BUDGET_EXHAUSTED" | "INTERNAL_FAILURE";
            /** @description What the user can do, written by the service; never provider text. */
            remediation: string | null;
        };
        ChatStreamStartResponse: {
            /** @constant */
            schema_version: 1;
            /** @description `chs_` and 32 lowercase hex digits. */
            session_id: string;
            /** @description `chr_` and 32 lowercase hex digits. */
            run_id: string;
            /** @constant */
            state: "active";
        };
        ConsentBudget: {
            max_runs: number;
            /** @description Characters the runs under this consent may send to the model in all (system instruction and messages, counted as code points before sending); a run whose request would go past it is refused before anything is sent. Absent or null: no bound. */
            max_characters_sent?: number | null;
            /** @description Characters the runs under this consent may receive from the model in all, charged while the answer streams; reaching it ends every run under way with CONSENT_BUDGET_EXHAUSTED, keeping nothing of the unfinished answer. Absent or null: no bound. */
            max_characters_received?: number | null;
            /** @description Tokens (input and output together) the runs under this consent may use in all, as the provider reports them; charged when a run's answer reports its usage (an answer without a usage report charges no tokens); once reached, further runs are refused with CONSENT_BUDGET_EXHAUSTED. Absent or null: no bound. */
            max_tokens?: number | null;
        };
        ConsentCreateRequest: {
            expected_revision: number;
            /** @description Digest of one preview, issued by this process. */
            digest: string;
            scope: components["schemas"]["ConsentScope"];
        };
        ConsentPreviewRequest: {
            name: string;
            /** @description A profile name; never `none` or a provider identifier. */
            profile: string;
            /** @description The exact model identifier. */
            model: string;
            modules: ("chat" | "gedcom")[];
            purposes: ("research_chat" | "record_summary" | "translation" | "quality_review" | "merge_review")[];
            data_classes: ("user_text" | "person_names" | "life_events" | "relationships" | "notes_and_sources")[];
            /** @enum {unknown} */
            retention: "transient" | "provider_policy";
            budget?: components["schemas"]["ConsentBudget"] | null;
        };
        ConsentPreviewResponse: {
            consent_revision: number;
            /** @description Digest of one preview, issued by this process. */
            digest: string;
            scope: components["schemas"]["ConsentScope"];
            /** @description For each data class of the scope, a made-up sample of what it lets leave the machine, in the shape the service sends it. */
            data_class_samples?: {
                /** @enum {unknown} */
                data_class: "user_text" | "person_names" | "life_events" | "relationships" | "notes_and_sources";
                sample: string;
            }[];
        };
        ConsentResponse: {
            consent_revision: number;
            consent: components["schemas"]["ConsentSummary"];
        };
        ConsentScope: {
            name: string;
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            /** @enum {unknown} */
            provider_kind: "local" | "cloud";
            /** @description A profile name; never `none` or a provider identifier. */
            profile: string;
            /** @description The exact model identifier. */
            model: string;
            destination: string;
            /** @description SHA-256 destination identity, 64 lowercase hex. */
            destination_identity: string;
            modules: ("chat" | "gedcom")[];
            purposes: ("research_chat" | "record_summary" | "translation" | "quality_review" | "merge_review")[];
            data_classes: ("user_text" | "person_names" | "life_events" | "relationships" | "notes_and_sources")[];
            /** @enum {unknown} */
            retention: "transient" | "provider_policy";
            living_person_warning: string | null;
            remote_retention_warning: string | null;
            budget: components["schemas"]["ConsentBudget"] | null;
        };
        ConsentSummary: {
            name: string;
            /** @enum {unknown} */
            state: "active" | "revoked";
            scope: components["schemas"]["ConsentScope"];
            used_runs: number;
            /** @description Characters sent to the model under this consent so far (durable). */
            used_characters_sent?: number;
            /** @description Characters received from the model under this consent so far (durable). */
            used_characters_received?: number;
            /** @description Tokens the provider reported for the runs under this consent so far (durable). */
            used_tokens?: number;
            /** @description Null when the consent has no budget. */
            remaining?: {
                runs: number;
                characters_sent: number | null;
                characters_received: number | null;
                tokens?: number | null;
            } | null;
            created_revision: number;
            /** @description UTC instant, ISO 8601. */
            created_at: string;
            revoked_at: string | null;
        };
        EndpointValidationRequest: {
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            endpoint: string;
        };
        EndpointValidationResponse: {
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            endpoint: string;
            destination: string;
            /** @description SHA-256 destination identity, 64 lowercase hex. */
            destination_identity: string;
            tls: boolean;
            /** @description UTC instant, ISO 8601. */
            tested_at: string;
        };
        ErrorEnvelope: {
            code: string;
            message: string;
            correlation_ref: string;
            /** @default [] */
            details: components["schemas"]["FailureDetail"][];
            remediation?: string | null;
        };
        /** @description Where the optional advisory review runs. Deterministic results never depend on it. */
        ExecutionSelection: {
            /**
             * @description `offline`: deterministic only, no provider field allowed. `local`: profile and model of a local provider. `cloud`: profile, model and consent.
             * @enum {unknown}
             */
            mode: "offline" | "local" | "cloud";
            /** @description A profile name; never `none` or a provider identifier. */
            profile?: string;
            /** @description The exact model identifier. */
            model?: string;
            consent?: string;
            /** @description true: run the deterministic part and build the advisory request exactly as it would be sent, but send nothing; the result's `advisory.payload` holds it (not for `offline`). No consent run is charged. */
            advisory_preview?: boolean;
            /** @description The `advisory.payload.digest` of a preview: the review is sent only if its request is that payload byte for byte, otherwise it fails with ADVISORY_PAYLOAD_STALE and nothing is sent (not for `offline`). */
            advisory_payload_digest?: string;
        };
        FailureDetail: {
            name: string;
            value: string | number | boolean | null;
        };
        GedcomInspectRequest: {
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            source: string;
            execution: components["schemas"]["ExecutionSelection"];
        };
        /** @description Structure of a file: versions, encodings, counts, finding codes; no record content. */
        GedcomInspectSummary: {
            bytes: number;
            version: {
                declared: string | null;
                family: string | null;
                supported: boolean;
                /** @description For an input without a supported version: the version to assume (`assume_version`), with its evidence; null otherwise, and null when nothing in the input is evidence of a version (an input that is not GEDCOM included). */
                probable: {
                    /** @enum {unknown} */
                    version: "5.5" | "5.5.1" | "5.5.5" | "7.0";
                    confidence: number;
                    evidence: {
                        /** @enum {unknown} */
                        kind: "tag" | "continuation" | "charset" | "encoding" | "producer" | "header";
                        /** @description A tag, a charset, `CONC`, a producing program: never record content. */
                        signal: string;
                        /** @enum {unknown} */
                        suggests: "5.5" | "5.5.1" | "5.5.5" | "7.0";
                        count: number;
                    }[];
                } | null;
            };
            encoding: {
                declared: string | null;
                detected: string;
                bom: string | null;
                ascii_only: boolean;
            };
            lines: {
                count: number;
                max_level: number;
                max_line_length: number;
            };
            records: {
                total: number;
                by_type: {
                    tag: string;
                    count: number;
                }[];
            };
            xrefs: {
                defined: number;
                duplicate: number;
                dangling: number;
                unreferenced: number;
                void_pointers: number;
            };
            findings: {
                code: string;
                /** @enum {unknown} */
                severity: "error" | "warning" | "info";
                count: number;
                first_line: number;
            }[];
            extension_tags: {
                tag: string;
                count: number;
            }[];
            /** @description For a GEDZIP input (a zip archive with `gedcom.ged` at its root, whose dataset the other fields describe): its files beside the dataset, the distinct ones FILE structures reference and it holds, the distinct local references it lacks (percent-encoded names decoded as GEDCOM 7.0 says), the files nothing references, and the FILE structures naming a URL outside it. Counts only, never names. Null for a GEDCOM file. */
            media: {
                members: number;
                referenced_present: number;
                referenced_missing: number;
                unreferenced: number;
                external: number;
            } | null;
        };
        /** @description The submitted job; follow it through the job routes and read the result when it succeeded. */
        GedcomJobAccepted: {
            /** @constant */
            schema_version: 1;
            /** @description `job_` and 32 lowercase hex digits. */
            job_id: string;
            kind: string;
            /** @description queued, running, cancelling; terminal: succeeded, failed, cancelled, interrupted. */
            state: "queued" | "running" | "cancelling" | "succeeded" | "failed" | "cancelled" | "interrupted";
        };
        /** @description The completed, bounded, path-free and content-free result of one GEDCOM job. */
        GedcomJobResult: {
            /** @constant */
            schema_version: 1;
            /** @description `job_` and 32 lowercase hex digits. */
            job_id: string;
            /** @enum {unknown} */
            operation: "inspect" | "merge" | "subtree" | "quality" | "sync";
            /** @description New artifacts, each a new grant (`output`, `advisory`). */
            outputs: components["schemas"]["JobArtifactReference"][];
            inspect: components["schemas"]["GedcomInspectSummary"] | null;
            merge: components["schemas"]["GedcomMergeSummary"] | null;
            subtree: components["schemas"]["GedcomSubtreeSummary"] | null;
            quality: components["schemas"]["GedcomQualitySummary"] | null;
            sync: components["schemas"]["GedcomSyncSummary"] | null;
            advisory: components["schemas"]["AdvisoryReview"];
        };
        /** @description Merge `right` into `left`; both grants scoped to `gedcom.merge`. */
        GedcomMergeRequest: {
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            left: string;
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            right: string;
            dry_run?: boolean;
            /**
             * @description Version of the output artifact; default `gedcom.export_version` for subtree, the left file's version for merge.
             * @enum {unknown}
             */
            output_version?: "5.5.1" | "7.0";
            /**
             * @description Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).
             * @enum {unknown}
             */
            assume_version?: "5.5" | "5.5.1" | "5.5.5" | "7.0";
            /** @description The dry-run job (same operation) whose plan this writing run must apply: the same input digests, the same decisions and thresholds; otherwise the job fails with GEDCOM_PLAN_STALE and writes nothing. Not with `dry_run`. */
            plan_job?: string;
            /** @description Which page of the review band to list (100 pairs a page, best first); 0 when absent. */
            review_page?: number;
            execution: components["schemas"]["ExecutionSelection"];
        };
        GedcomMergeSummary: {
            dry_run: boolean;
            individuals: {
                left: number;
                right: number;
                output: number;
            };
            families: {
                left: number;
                right: number;
                output: number;
                unified: number;
            };
            pairs: {
                candidates: number;
                automatic: number;
                review: number;
                vetoed: number;
            };
            thresholds: {
                automatic: number;
                review: number;
                margin: number;
            };
            /** @description Blocks (people sharing a blocking key) in which a person was compared with only the nearest of the block by birth date (its cap): how many, at most how many candidate pairs they left uncompared (a pair counted once per capped block), and the largest of them. */
            blocking: {
                capped_blocks: number;
                pairs_left_out: number;
                /** @description The largest capped blocks by their people on each side, largest first: sizes only, never a key. */
                largest_capped: {
                    left: number;
                    right: number;
                }[];
            };
            /** @description Automatic merges, by xref only. */
            merged: {
                /** @description A record identifier as written in the file, with its `@` signs. */
                left: string;
                /** @description A record identifier as written in the file, with its `@` signs. */
                right: string;
                score: number;
                /** @description The evidence that decided the pair, as codes and weights. */
                evidence: {
                    /** @enum {unknown} */
                    code: "identical_record" | "name" | "birth_date" | "death_date" | "birth_place" | "death_place" | "father_name" | "mother_name" | "spouse_name" | "parents_merged" | "spouse_merged" | "children_merged" | "same_identifier" | "same_content" | "rare_name";
                    weight: number;
                }[];
            }[];
            /** @description Pairs in the review band, by xref only, best first: the page `review_page` of them. */
            review: {
                /** @description A record identifier as written in the file, with its `@` signs. */
                left: string;
                /** @description A record identifier as written in the file, with its `@` signs. */
                right: string;
                score: number;
                /** @description The evidence that decided the pair, as codes and weights. */
                evidence: {
                    /** @enum {unknown} */
                    code: "identical_record" | "name" | "birth_date" | "death_date" | "birth_place" | "death_place" | "father_name" | "mother_name" | "spouse_name" | "parents_merged" | "spouse_merged" | "children_merged" | "same_identifier" | "same_content" | "rare_name";
                    weight: number;
                }[];
            }[];
            review_page: {
                index: number;
                size: number;
                /** @description Pages the review band fills, at most the page bound. */
                pages: number;
            };
            remapped_xrefs: number;
            shared_records: number;
            alternates: number;
            /** @description The output file's encoding; null for a dry run (no output). */
            output_encoding: {
                encoding: string;
                /** @description The origin's encoding when it could not hold every character the output needs, so the output is UTF-8 instead (HEAD.CHAR says so) and nothing is lost; null when the origin's encoding was kept. */
                replaced: string | null;
                /** @description Characters `replaced` could not hold (each would have been written as `?`); 0 when kept. */
                unrepresentable: number;
            } | null;
            /** @description When an input is a GEDZIP archive (the output is one, carrying the media both sides reference): `renamed` counts the names both archives hold with different content, where the right side's file is carried under a new name (`-2` before its extension) that its FILE structures follow. Null when neither input is a GEDZIP. */
            media: {
                renamed: number;
            } | null;
            /** @description SHA-256 of the plan: the operation, the input digests, the thresholds and every decision (merged pairs, or the change set and its conflicts). */
            plan_digest?: string;
            /** @description The dry-run job whose plan this run applied (`plan_job` of the request); null when none was named. */
            plan_job?: string | null;
        };
        /** @description Whole file, or rooted at an individual with a generation bound. */
        GedcomQualityRequest: {
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            source: string;
            /** @description A record identifier as written in the file, with its `@` signs. */
            root?: string;
            generations?: number;
            /**
             * @description Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).
             * @enum {unknown}
             */
            assume_version?: "5.5" | "5.5.1" | "5.5.5" | "7.0";
            /** @description Thresholds of the quality rules to use instead of their defaults (docs/gedcom-engine.md, "Quality rules"). */
            thresholds?: {
                /** @description old_age_at_death, old_age_but_no_death: a life longer than this; years, default 90. */
                oldage?: number;
                /** @description large_spouse_age_difference; years, default 30. */
                hwdif?: number;
                /** @description large_children_gap; years, default 8. */
                cspace?: number;
                /** @description large_children_span; years, default 25. */
                cbspan?: number;
                /** @description early_marriage: married younger than this; years, default 17. */
                yngmar?: number;
                /** @description late_marriage: married older than this; years, default 50. */
                oldmar?: number;
                /** @description old_mother; years, default 48. */
                oldmom?: number;
                /** @description young_mother; years, default 17. */
                yngmom?: number;
                /** @description young_father; years, default 18. */
                yngdad?: number;
                /** @description old_father; years, default 65. */
                olddad?: number;
                /** @description married_often: more families than this; families, default 3. */
                wedder?: number;
                /** @description too_many_children (mother); children, default 12. */
                mxchildmom?: number;
                /** @description too_many_children (father); children, default 15. */
                mxchilddad?: number;
                /** @description Gramps long widowhood (not checked: Gramps never fires it either); years, default 30. */
                lngwdw?: number;
                /** @description old_and_unmarried; years, default 99. */
                oldunm?: number;
                /** @description ABT / CAL / EST dates: the stated day range widened by this much on each side before any rule compares it; years, default 2. */
                approx_years?: number;
                /** @description dead_father: a child born more than this long (10 months) after the father's death (Gramps: 294); days, default 304. */
                posthumous_days?: number;
                /** @description siblings_too_close: siblings born less than this apart (9 months); days, default 270. */
                sibling_gap_days?: number;
                /** @description siblings_too_close: siblings born at most this apart are twins; days, default 2. */
                twin_days?: number;
                /** @description remarriage_soon_after_death: a marriage less than this after a spouse's death; days, default 365. */
                remarriage_days?: number;
            };
            execution: components["schemas"]["ExecutionSelection"];
        };
        GedcomQualitySummary: {
            scope: {
                individuals: number;
                families: number;
                rooted: boolean;
            };
            rules: {
                rule: string;
                /** @enum {unknown} */
                severity: "error" | "warning" | "info";
                count: number;
                affected: string[];
                /** @description `possible_duplicate` only: two people of the file the merge scorer takes for one, by xref, best first. */
                pairs?: {
                    /** @description A record identifier as written in the file, with its `@` signs. */
                    left: string;
                    /** @description A record identifier as written in the file, with its `@` signs. */
                    right: string;
                    score: number;
                }[];
            }[];
            totals: {
                error: number;
                warning: number;
                info: number;
            };
            probably_living: number;
            living_threshold_years: number;
        };
        GedcomSubtreeRequest: {
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            source: string;
            /** @description A record identifier as written in the file, with its `@` signs. */
            root: string;
            /** @enum {unknown} */
            direction: "ancestors" | "descendants" | "both";
            generations?: number;
            include_spouses?: boolean;
            /**
             * @description Version of the output artifact; default `gedcom.export_version` for subtree, the left file's version for merge.
             * @enum {unknown}
             */
            output_version?: "5.5.1" | "7.0";
            /**
             * @description Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).
             * @enum {unknown}
             */
            assume_version?: "5.5" | "5.5.1" | "5.5.5" | "7.0";
            execution: components["schemas"]["ExecutionSelection"];
        };
        GedcomSubtreeSummary: {
            individuals: number;
            families: number;
            referenced_records: number;
            pruned_pointers: number;
            generations_reached: number;
            output_version: string;
            output_encoding: {
                encoding: string;
                /** @description The origin's encoding when it could not hold every character the output needs, so the output is UTF-8 instead (HEAD.CHAR says so) and nothing is lost; null when the origin's encoding was kept. */
                replaced: string | null;
                /** @description Characters `replaced` could not hold (each would have been written as `?`); 0 when kept. */
                unrepresentable: number;
            };
        };
        /** @description Apply the change set base -> edited to target; all three grants scoped to `gedcom.sync`. */
        GedcomSyncRequest: {
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            base: string;
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            edited: string;
            /** @description Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path. */
            target: string;
            dry_run?: boolean;
            /**
             * @description Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).
             * @enum {unknown}
             */
            assume_version?: "5.5" | "5.5.1" | "5.5.5" | "7.0";
            /** @description The dry-run job (same operation) whose plan this writing run must apply: the same input digests, the same decisions and thresholds; otherwise the job fails with GEDCOM_PLAN_STALE and writes nothing. Not with `dry_run`. */
            plan_job?: string;
            execution: components["schemas"]["ExecutionSelection"];
        };
        /** @description Record keys are xrefs (or `TAG#n` for records without one); field paths are tags with occurrence numbers, never values. */
        GedcomSyncSummary: {
            dry_run: boolean;
            by_type: {
                tag: string;
                added: number;
                removed: number;
                modified: number;
            }[];
            changes: {
                key: string;
                tag: string;
                /** @enum {unknown} */
                kind: "added" | "removed" | "modified";
                fields: {
                    path: string;
                    /** @enum {unknown} */
                    kind: "added" | "removed" | "modified";
                }[];
                field_count: number;
            }[];
            conflicts: {
                key: string;
                tag: string;
                /** @enum {unknown} */
                reason: "target_modified" | "target_removed" | "target_added_differently";
            }[];
            counts: {
                changes: number;
                applied: number;
                already_present: number;
                conflicts: number;
            };
            /** @description The output file's encoding; null for a dry run (no output). */
            output_encoding: {
                encoding: string;
                /** @description The origin's encoding when it could not hold every character the output needs, so the output is UTF-8 instead (HEAD.CHAR says so) and nothing is lost; null when the origin's encoding was kept. */
                replaced: string | null;
                /** @description Characters `replaced` could not hold (each would have been written as `?`); 0 when kept. */
                unrepresentable: number;
            } | null;
            /** @description SHA-256 of the plan: the operation, the input digests, the thresholds and every decision (merged pairs, or the change set and its conflicts). */
            plan_digest?: string;
            /** @description The dry-run job whose plan this run applied (`plan_job` of the request); null when none was named. */
            plan_job?: string | null;
        };
        HealthResponse: {
            /**
             * @default ready
             * @constant
             */
            status: "ready";
            api?: {
                /**
                 * @default service.internal-api/1
                 * @constant
                 */
                contract: "service.internal-api/1";
                /**
                 * @default service.application/0.3
                 * @constant
                 */
                application_contract: "service.application/0.3";
                /**
                 * @default /api/v1
                 * @constant
                 */
                namespace: "/api/v1";
            };
            app_build: string;
            sidecar_build: string;
            readiness_proof: string;
        };
        HTTPValidationError: {
            detail: components["schemas"]["ValidationError"][];
        };
        JobArtifactReference: {
            /** @description Opaque artifact grant; never a path. */
            grant: string;
            /** @description What the artifact is to the job, e.g. `output`. */
            role: string;
        };
        JobCancelResponse: {
            /** @constant */
            schema_version: 1;
            /** @description `pending_safe_point`: cancellation is recorded and the job stops at its next safe point. `terminal`: the job has ended (the snapshot tells how). */
            disposition: "pending_safe_point" | "terminal";
            job: components["schemas"]["JobSnapshot"];
        };
        /** @description A catalogued code and its catalogue message; never raw exception text. */
        JobError: {
            code: string;
            message: string;
        };
        JobEvent: {
            /** @constant */
            schema_version: 1;
            /** @description `job_` and 32 lowercase hex digits. */
            job_id: string;
            sequence: number;
            /** @description The SSE `event` name; exactly one terminal kind (succeeded, failed, cancelled, interrupted) ends every job. */
            kind: "queued" | "started" | "progress" | "artifact" | "cancel-requested" | "succeeded" | "failed" | "cancelled" | "interrupted";
            /** @description queued, running, cancelling; terminal: succeeded, failed, cancelled, interrupted. */
            state: "queued" | "running" | "cancelling" | "succeeded" | "failed" | "cancelled" | "interrupted";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp.
             */
            occurred_at: string;
            progress: components["schemas"]["JobProgress"] | null;
            artifact: components["schemas"]["JobArtifactReference"] | null;
            error: components["schemas"]["JobError"] | null;
        };
        /** @description Units completed in the current stage, its total when known, a stable stage name and the estimated time left in the stage. */
        JobProgress: {
            completed: number;
            total: number | null;
            stage: string | null;
            /** @description Estimated milliseconds until the stage completes, when its rate and total are known; otherwise null. */
            eta_ms: number | null;
        };
        JobSnapshot: {
            /** @constant */
            schema_version: 1;
            /** @description `job_` and 32 lowercase hex digits. */
            job_id: string;
            kind: string;
            /** @description queued, running, cancelling; terminal: succeeded, failed, cancelled, interrupted. */
            state: "queued" | "running" | "cancelling" | "succeeded" | "failed" | "cancelled" | "interrupted";
            cancel_requested: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp.
             */
            created_at: string;
            started_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp.
             */
            updated_at: string;
            ended_at: string | null;
            progress: components["schemas"]["JobProgress"] | null;
            artifacts: components["schemas"]["JobArtifactReference"][];
            /** @description Whether the job produced a result (only a succeeded job can). */
            result_produced: boolean;
            error: components["schemas"]["JobError"] | null;
            /** @description Sequence of the latest event of this job. */
            last_event_id: number;
        };
        /** @description Newest first; a listing walks at most 1000 snapshots in total. */
        JobSnapshotPage: {
            /** @constant */
            schema_version: 1;
            jobs: components["schemas"]["JobSnapshot"][];
            page: components["schemas"]["PageMetadata"];
        };
        PageMetadata: {
            /** @default 0 */
            count: number;
            /** @default null */
            next_cursor: string | null;
        };
        PaginationPolicy: {
            /** @default 25 */
            default_limit: number;
            /** @default 100 */
            maximum_limit: number;
            /** @default 256 */
            maximum_cursor_characters: number;
        };
        ProviderCapabilities: {
            streaming: boolean;
            max_context_characters: number;
            max_output_tokens: number;
            modules: ("chat" | "gedcom")[];
            /**
             * @description Tool use is disabled for every provider.
             * @constant
             */
            tools: false;
        };
        ProviderConfigurationResponse: {
            /** @constant */
            schema_version: 1;
            profile_revision: number;
            consent_revision: number;
            providers: components["schemas"]["ProviderDescriptor"][];
            secrets: components["schemas"]["SecretPresenceSummary"][];
            profiles: components["schemas"]["ProviderProfileSummary"][];
            consents: components["schemas"]["ConsentSummary"][];
        };
        ProviderDescriptor: {
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            /** @enum {unknown} */
            kind: "local" | "cloud";
            display_name: string;
            /** @enum {unknown} */
            endpoint_policy: "explicit_loopback" | "fixed_reviewed_url";
            default_endpoint: string;
            credential_reference: ("openai.api_key" | "anthropic.api_key" | "openai_compatible.api_key") | null;
            credential_required: boolean;
            /** @description Cloud providers need a named consent before any execution. */
            consent_required: boolean;
            capabilities: components["schemas"]["ProviderCapabilities"];
        };
        ProviderProfileCreateRequest: {
            expected_revision: number;
            /** @description A profile name; never `none` or a provider identifier. */
            name: string;
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            endpoint: string;
            /** @description The exact model identifier. */
            model: string;
            /** @description SHA-256 destination identity, 64 lowercase hex. */
            destination_identity: string;
        };
        ProviderProfileResponse: {
            profile_revision: number;
            profile: components["schemas"]["ProviderProfileSummary"];
        };
        ProviderProfileSummary: {
            /** @description A profile name; never `none` or a provider identifier. */
            name: string;
            /**
             * @description A provider of the catalog.
             * @enum {unknown}
             */
            provider_id: "ollama" | "openai_compatible" | "openai" | "anthropic";
            /** @enum {unknown} */
            kind: "local" | "cloud";
            endpoint: string;
            /** @description Redacted destination: scheme, host and port only. */
            destination: string;
            /** @description SHA-256 destination identity, 64 lowercase hex. */
            destination_identity: string;
            /** @description The exact model identifier. */
            model: string;
            created_revision: number;
            /** @description UTC instant, ISO 8601. */
            created_at: string;
        };
        RequestSizePolicy: {
            /** @default 1048576 */
            max_body_bytes: number;
            /** @default 1000 */
            max_collection_items: number;
            /** @default 16 */
            max_json_depth: number;
            /** @default 65536 */
            max_string_characters: number;
        };
        SecretPresenceSummary: {
            /** @enum {unknown} */
            reference: "openai.api_key" | "anthropic.api_key" | "openai_compatible.api_key";
            /** @enum {unknown} */
            status: "present" | "missing" | "unavailable";
        };
        SecretSetRequest: {
            value: string;
        };
        SecretStatusResponse: {
            reference: string;
            status: "present" | "missing" | "unavailable";
        };
        SettingFieldResponse: {
            key: string;
            label: string;
            help: string;
            type: "string" | "integer" | "number";
            value: string | number;
            default_value: string | number;
            validation: components["schemas"]["SettingValidationResponse"];
            /** @default false */
            restart_required: boolean;
            /**
             * @default false
             * @constant
             */
            sensitive: false;
        };
        SettingsPatchRequest: {
            /** @constant */
            schema_version: 1;
            expected_revision: number;
            changes: {
                [key: string]: unknown;
            };
        };
        SettingsResponse: {
            /** @constant */
            schema_version: 1;
            revision: number;
            fields: components["schemas"]["SettingFieldResponse"][];
        };
        SettingValidationResponse: {
            /** @default [] */
            allowed_values: string[];
            minimum?: number | null;
            maximum?: number | null;
        };
        ShutdownPreflightRequest: {
            /**
             * @description How long to wait for active work to end; at most the service bound.
             * @default 10000
             */
            wait_ms: number;
        };
        ShutdownPreflightResponse: {
            /** @constant */
            schema_version: 1;
            /**
             * @description Nothing is active; the main process may quit. Otherwise the answer is 409 SHUTDOWN_BLOCKED_ACTIVE_WORK.
             * @constant
             */
            status: "ready";
            waited_ms: number;
            sources: components["schemas"]["ActiveWorkCounts"][];
        };
        StartupDiagnosticComponentResponse: {
            component: "configuration" | "database" | "keyring" | "workspace";
            status: "ready" | "warning" | "blocked";
            /** @description Stable code `<component>.<reason>`. */
            code: string;
            message: string;
            remediation: string | null;
            restart_required: boolean;
            blocks_mutations: boolean;
        };
        StartupDiagnosticReportResponse: {
            /**
             * @default 1
             * @constant
             */
            schema_version: 1;
            status: "ready" | "degraded";
            platform: components["schemas"]["StartupPlatformResponse"];
            components: components["schemas"]["StartupDiagnosticComponentResponse"][];
        };
        StartupPlatformResponse: {
            operating_system: "linux" | "macos" | "windows" | "unsupported";
            architecture: "arm64" | "x64" | "unsupported";
        };
        ValidationError: {
            loc: (string | number)[];
            msg: string;
            type: string;
            input?: unknown;
            ctx?: Record<string, never>;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getInternalCapabilities: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The capability manifest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapabilityManifest"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalChatCapability: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chat capability. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatCapabilityResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInternalChatSession: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatSessionCreateRequest"];
            };
        };
        responses: {
            /** @description The new session, without message content. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatSessionSummary"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalChatSession: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatSessionSummary"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInternalChatSession: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatSessionDeleteResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    runInternalChat: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRunRequest"];
            };
        };
        responses: {
            /** @description The advisory reply. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatRunResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startInternalChatStream: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRunRequest"];
            };
        };
        responses: {
            /** @description The run is active. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatStreamStartResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelInternalChatStream: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
            };
            path: {
                session_id: string;
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancellation disposition. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatStreamCancelResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamInternalChatEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND. */
                "X-Service-Session-Owner": string;
                /** @description Resume after this event id. */
                "Last-Event-ID"?: string;
            };
            path: {
                session_id: string;
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The requested history is no longer retained. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInternalConsent: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentCreateRequest"];
            };
        };
        responses: {
            /** @description The created consent and the new consent revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeInternalConsent: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked consent and the consent revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    previewInternalConsent: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentPreviewRequest"];
            };
        };
        responses: {
            /** @description The consent preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentPreviewResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitInternalGedcomInspect: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GedcomInspectRequest"];
            };
        };
        responses: {
            /** @description The job was submitted; follow it through the job routes. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobAccepted"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalGedcomJobResult: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The structured result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobResult"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The requested history is no longer retained. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitInternalGedcomMerge: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GedcomMergeRequest"];
            };
        };
        responses: {
            /** @description The job was submitted; follow it through the job routes. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobAccepted"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitInternalGedcomQuality: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GedcomQualityRequest"];
            };
        };
        responses: {
            /** @description The job was submitted; follow it through the job routes. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobAccepted"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitInternalGedcomSubtree: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GedcomSubtreeRequest"];
            };
        };
        responses: {
            /** @description The job was submitted; follow it through the job routes. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobAccepted"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitInternalGedcomSync: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GedcomSyncRequest"];
            };
        };
        responses: {
            /** @description The job was submitted; follow it through the job routes. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GedcomJobAccepted"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalHealth: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listInternalJobs: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of job snapshots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobSnapshotPage"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalJob: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job snapshot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobSnapshot"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelInternalJob: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancellation disposition and the current snapshot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCancelResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamInternalJobEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
                /** @description Resume after this event id. */
                "Last-Event-ID"?: string;
            };
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The requested history is no longer retained. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    preflightInternalShutdown: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ShutdownPreflightRequest"];
            };
        };
        responses: {
            /** @description Nothing is active. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShutdownPreflightResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalProviderConfiguration: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderConfigurationResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateInternalProviderEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EndpointValidationRequest"];
            };
        };
        responses: {
            /** @description The endpoint passed the test. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointValidationResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInternalProviderProfile: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProviderProfileCreateRequest"];
            };
        };
        responses: {
            /** @description The created profile and the new profile revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderProfileResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInternalSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential status after the delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setInternalSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecretSetRequest"];
            };
        };
        responses: {
            /** @description The credential status after the write. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalSecretStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretStatusResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings catalog. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInternalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsPatchRequest"];
            };
        };
        responses: {
            /** @description The settings after the patch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInternalStartupDiagnostics: {
        parameters: {
            query?: never;
            header: {
                /** @description The API contract identifier. */
                "X-Service-API-Version": "service.internal-api/1";
                /** @description The paired app build given in the launch handshake. */
                "X-Service-App-Build": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The startup report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartupDiagnosticReportResponse"];
                };
            };
            /** @description The request failed closed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The private bearer is invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The route is not exposed, or the addressed resource is not known. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The method is not accepted. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive within its deadline. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request conflicts with the current protected state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The expectation is not supported (only 100-continue is). */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request failed safely. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Secure storage is unavailable: the keyring, or the encrypted database file. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
