/**
 * Every numeric limit of the specification (section 8) and the bounds this service
 * chose where the specification leaves the number open. Declared once; the request
 * gate, the schemas, the capability manifest and the docs all read from here.
 */
export const REQUEST_LIMITS = {
  maxBodyBytes: 1_048_576,
  maxCollectionItems: 1000,
  maxJsonDepth: 16,
  maxStringCharacters: 65_536,
} as const;

export const REQUEST_LIMIT_CEILINGS = {
  maxBodyBytes: 1_048_576,
  maxCollectionItems: 10_000,
  maxJsonDepth: 64,
  maxStringCharacters: 1_048_576,
} as const;

export const PAGINATION = {
  defaultLimit: 25,
  maximumLimit: 100,
  minimumCursorCharacters: 32,
  maximumCursorCharacters: 256,
  cursorCeilingCharacters: 1024,
} as const;

export const HANDSHAKE = {
  maxBytes: 4096,
  timeoutMs: 10_000,
  bearerCharacters: 43,
} as const;

export const SERVER_TIMEOUTS = {
  /** Whole request head (request line and headers) of a request on an authenticated connection. */
  headersMs: 10_000,
  /** Whole request, body included. */
  requestMs: 30_000,
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: 5_000,
  /**
   * How often the header and request deadlines are checked (Node's connectionsCheckingInterval,
   * 30 s by default, which let a 10 s deadline fire after up to 40 s). A deadline takes effect at
   * most this much after its configured value.
   */
  deadlineCheckIntervalMs: 100,
  /** Graceful shutdown of the whole process (contract.md section 1). */
  gracefulShutdownMs: 5_000,
  maxHeaderBytes: 16_384,
} as const;

/**
 * Connections (issue 14): a bound on open sockets, and a shorter leash for sockets that have not
 * yet carried an authenticated request, so that thousands of idle or slow sockets from another
 * local process neither grow memory without bound nor lock the paired client out.
 */
export const CONNECTION_LIMITS = {
  /** Open connections at most. At the bound, the oldest unauthenticated connection is closed to admit a new one; with none, the new one is closed. */
  maxConnections: 256,
  /**
   * Connections that have not yet carried an authenticated request. Over it, the oldest of them are
   * closed (no bytes sent) two event-loop turns after the burst of accepts that crossed it, once
   * the new connections have had a read of their request head (so the excess is at most one burst).
   */
  maxUnauthenticatedConnections: 64,
  /**
   * Connections the kernel completes and queues before the service accepts them (capped by the OS,
   * net.core.somaxconn: 4096 on Linux since 5.4). Node's default of 511 overflowed under a connect
   * flood: the kernel then dropped the paired client's handshake and first request, retransmitted
   * them a second or more later amid the flood's own retransmissions, and the bound recycled the
   * connection before its request head was read. Queued, the client's request is in the socket
   * when it is accepted and authenticates on the first read.
   */
  listenBacklog: 4_096,
  /** From accept, a connection has this long to complete an authenticated request head; then it is answered 408 REQUEST_TIMEOUT and closed. */
  unauthenticatedMs: 3_000,
  /**
   * Lingering close (as nginx's): after an answer that closes the connection while the client may
   * still be sending (401, 413, 400 with the body unread), the answer is flushed, the write side is
   * shut, and what still arrives is read and discarded for at most this long, so that the client
   * reads the answer instead of a reset.
   */
  lingeringCloseMs: 5_000,
} as const;

/**
 * The OS keyring. GNOME Keyring (42 to 50 at least) aborts on a race when a client connects, opens a
 * Secret Service session and disconnects while other such clients come and go (its
 * `gkd_secret_service_get_pkcs11_session: assertion 'client' failed`); the session's D-Bus then
 * starts a fresh daemon whose login collection is locked or absent, for every application of the
 * user. The service therefore keeps one connection and one session for its whole life and uses the
 * keyring one operation at a time.
 */
export const KEYRING_LIMITS = {
  /**
   * Operations waiting for the one in flight. Each of the at most CONNECTION_LIMITS.maxConnections
   * connections has one request in flight, and a request queues at most one operation per
   * credential reference (a provider-configuration listing), so real use stays far below; past it,
   * an operation fails as the keyring unavailable.
   */
  maxQueuedOperations: 1024,
  /** Longest wait for the bus or the keyring to answer one call; then the connection is dropped and the operation fails as unavailable. */
  callTimeoutMs: 3_000,
  /** Largest D-Bus message read from the bus (a Secret Service answer is a few hundred bytes); a larger one drops the connection. */
  maxMessageBytes: 1_048_576,
} as const;

export const CAPABILITY_LIMITS = {
  maxModules: 128,
  maxActionsPerModule: 128,
} as const;

export const ERROR_LIMITS = {
  maxDetails: 16,
  maxMessageCharacters: 512,
} as const;

/** Provider configuration and consent (issue 5): endpoint tests, durable profiles and grants. */
export const PROVIDER_LIMITS = {
  /** Longest endpoint URL the endpoint policy reads. */
  maxEndpointUrlCharacters: 2048,
  /** Addresses accepted from one name resolution; more is refused. */
  maxResolvedAddresses: 16,
  /** One endpoint test: resolution, connect, TLS and the first answer line together. */
  probeTimeoutMs: 5_000,
  /** Bytes of the answer read before the status line must be complete. */
  maxProbeAnswerBytes: 8_192,
  /** Endpoint tests remembered per process as bindings a profile save may use, and how long. */
  maxRecentEndpointTests: 64,
  endpointTestTtlMs: 15 * 60_000,
  /** Durable profiles and consents (both are listed whole in the configuration response). */
  maxProfiles: 64,
  maxConsents: 256,
  maxModelCharacters: 128,
  maxConsentRuns: 1_000_000,
  /** Largest character budget of a consent, sent or received, and largest token budget (issue 18). */
  maxConsentCharacters: 1_000_000_000,
  maxConsentTokens: 1_000_000_000,
  /**
   * Runs watched at once for a withdrawal of their consent (a chat run per live session and the
   * GEDCOM advisory reviews of the workers): CHAT_LIMITS.maxSessions plus GEDCOM_WORKER_LIMITS.maxWorkers, with room.
   */
  maxWatchedRuns: 64,
  /**
   * Received characters charged to a consent in memory before they are written to the encrypted
   * database (and at the end of each run): what a crash mid-answer can leave uncounted, at most.
   */
  receivedChargeBatchCharacters: 4_096,
  /** From a revocation (or an exhausted budget) to the upstream request aborted, at most (issue 18). */
  withdrawalStopMs: 250,
} as const;

/**
 * Transient chat (spec section 8, issue 6). The first five are the specification's; the rest are
 * the bounded numbers it leaves open, chosen here and projected into the chat capability response.
 */
export const CHAT_LIMITS = {
  /** Live sessions in process memory (spec section 8). */
  maxSessions: 32,
  /** User and assistant messages per session (spec section 8); a run adds two. */
  maxMessagesPerSession: 32,
  /** Characters of one message, user or assistant (spec section 8). */
  maxMessageCharacters: 16_384,
  /** Characters of every message of a session together, the reply included (spec section 8). */
  maxContextCharacters: 65_536,
  /** Serialized SSE bytes one stream run retains for Last-Event-ID replay (spec section 8). */
  replayBufferBytes: 256 * 1024,
  /** Output tokens asked of the provider per run; a request may lower it, never raise it. */
  maxOutputTokens: 2048,
  /** Sampling temperature accepted per run (the `chat.temperature` setting is the default). */
  minTemperature: 0,
  maxTemperature: 1,
  /** Whole run, from the first connection attempt to the last output byte. */
  runTimeoutMs: 120_000,
  /** Longest silence of the provider (no byte at all, keep-alives included) before the run times out. */
  idleTimeoutMs: 30_000,
  /** Connection attempts repeated after a failure before any output; never after output began. */
  safeRetries: 2,
  /** Pause before a safe retry (multiplied by the attempt number). */
  retryBackoffMs: 250,
  /** Stream runs a session keeps for replay (the active one and the newest terminal ones). */
  retainedRunsPerSession: 4,
  /** Concurrent event readers of one stream run. */
  subscribersPerRun: 8,
  /** Characters of text carried by one `delta` event; longer provider chunks are split. */
  maxDeltaCharacters: 4096,
  /** SSE comment heartbeat interval on chat streams. */
  heartbeatMs: 15_000,
  /** Bytes of one upstream NDJSON line or SSE event before the provider answer is treated as broken. */
  maxUpstreamFrameBytes: 1_048_576,
  /** Bytes of an upstream error body read (and then discarded: its text never reaches the client). */
  maxUpstreamErrorBytes: 8_192,
} as const;

/** The job engine (spec section 8 and contract.md section 7); numbers the spec leaves open are ours. */
export const JOB_LIMITS = {
  /** Events retained per job for Last-Event-ID replay (spec section 8). */
  retainedEventsPerJob: 256,
  /** Concurrent event subscribers per job (spec section 8). */
  subscribersPerJob: 32,
  /** Events queued for one subscriber before it is closed as too slow (spec section 8). */
  subscriberQueueEvents: 64,
  /** Snapshots a listing walks in total, across all its pages (spec section 8). */
  maxSnapshots: 1000,
  /** Terminal jobs the durable ledger keeps; older terminal jobs are pruned. */
  ledgerRetainedJobs: 1000,
  /** SSE comment heartbeat interval (contract.md section 7). */
  heartbeatMs: 15_000,
  /** Longest wait of the shutdown preflight; a request may shorten it, never lengthen it. */
  shutdownPreflightMaxWaitMs: 10_000,
  /** Jobs whose handlers run at once; further jobs stay queued. */
  maxRunningJobs: 4,
  /** Jobs waiting for a run slot; a submission beyond this is refused with JOB_QUEUE_FULL. */
  maxQueuedJobs: 64,
  /** Terminal jobs of this process whose full event history stays in memory for replay. */
  retainedTerminalHistories: 64,
  /** Artifact references one job may report. */
  artifactsPerJob: 16,
  /** Sequence numbers reserved durably at a time, so a crashed job's terminal event follows every id it sent. */
  sequenceReservationBlock: 256,
  /** Event-loop turns a job event stream waits to gather a burst of events into one socket write. */
  sseCoalesceTurns: 8,
} as const;

/** Server-sent event writers (src/http/sse.ts), shared by job and chat streams. */
export const SSE_LIMITS = {
  /** Characters of serialized frames gathered into one socket write (a single larger frame is written alone). */
  maxWriteChars: 16_384,
  /** Serialized event frames kept for reuse by every subscriber of a route (direct-mapped by sequence, shared by all its streams). */
  serializedFrameCache: 256,
} as const;

/**
 * The GEDCOM worker pool (issue 12): every GEDCOM operation runs in a worker thread; the main
 * thread keeps HTTP, the job ledger and the streams.
 */
export const GEDCOM_WORKER_LIMITS = {
  /** Workers at most; the default pool is available parallelism minus one, at least one, at most this. */
  maxWorkers: 4,
  /** V8 old-generation heap of one worker (resourceLimits.maxOldGenerationSizeMb); beyond it the job fails with GEDCOM_RESOURCE_LIMIT. */
  maxOldGenerationMb: 6144,
  /** Stack of one worker (resourceLimits.stackSizeMb). */
  stackMb: 8,
  /** Whole operation, from the worker picking it up to its result; beyond it the job fails with GEDCOM_RESOURCE_LIMIT. */
  operationTimeoutMs: 2 * 60 * 60_000,
  /** After a cancel, how long the worker has to stop at its next step before it is terminated. */
  cancelGraceMs: 150,
  /** Least time between two progress reports of one job (at most 4 per second), stage changes excepted. */
  progressIntervalMs: 250,
  /** Smallest change of a stage's fraction worth a progress report (1%). */
  progressMinDelta: 0.01,
  /** Progress events one job emits at most (stage changes excepted), so the 256-event ring keeps its lifecycle events. */
  progressEventsPerJob: 160,
  /** Nice value of a worker thread (Linux: per thread): under CPU contention the HTTP thread runs first. */
  workerNice: 10,
  /** Bytes read from an input artifact at a time (the read reports progress and sees a cancel between reads). */
  readChunkBytes: 4 * 1024 * 1024,
} as const;

/** GEDCOM operations (issue 8): artifact grants, retained results and the bounds of every result list. */
export const GEDCOM_LIMITS = {
  /** How long a minted grant may be used. */
  grantTtlMs: 60 * 60_000,
  /** Largest artifact imported or produced. */
  maxArtifactBytes: 2 * 1024 * 1024 * 1024 - 1,
  /** Completed results kept in process memory; older ones answer GEDCOM_JOB_RESULT_UNAVAILABLE. */
  retainedResults: 64,
  /** Xrefs listed per quality rule, review pairs, sync changes and conflicts listed in a result. */
  affectedXrefsPerRule: 100,
  reviewPairs: 100,
  /** Pages of `reviewPairs` a merge's review band can be read in (`review_page` 0 .. reviewPages - 1). */
  reviewPages: 1000,
  /** Evidence codes listed per merge pair (one per score component). */
  evidencePerPair: 12,
  mergedPairsListed: 100,
  /** Capped blocking blocks a merge lists by their sizes (the count of them is exact). */
  cappedBlocksListed: 10,
  syncChangesListed: 200,
  syncConflictsListed: 200,
  syncPathsPerRecord: 16,
  /** Inspect findings, extension tags and SCHMA declarations listed. */
  findingsListed: 128,
  extensionTagsListed: 256,
  /** Pieces of evidence listed for an inspected file's probable version. */
  probableVersionEvidence: 32,
  /** Generation bound accepted by subtree and rooted quality. */
  maxGenerations: 1000,
  /** Items (findings or pairs) an advisory review describes to a model, and its output characters. */
  advisoryItems: 40,
  advisoryOutputCharacters: 16_384,
  /** Characters of an advisory request body a payload preview returns; a longer body is cut there (its digest and count cover it whole). */
  advisoryPayloadPreviewCharacters: 65_536,
  advisoryOutputTokens: 2048,
} as const;

/** GEDZIP archives (GEDCOM 7's zip container): what an input may hold before it is refused, checked on its central directory before anything is inflated. */
export const GEDZIP_LIMITS = {
  /** Entries (files and folders) in one archive. */
  maxEntries: 10_000,
  /** Sum of the entries' uncompressed sizes (an output carrying them must fit an artifact). */
  maxUncompressedBytes: GEDCOM_LIMITS.maxArtifactBytes,
  /** Largest uncompressed/compressed ratio of an entry above `ratioFloorBytes` (GEDCOM text deflates about 5:1 to 20:1; a bomb 1000:1). */
  maxCompressionRatio: 100,
  /** Entries smaller than this are not judged by their ratio (a small file of zeros deflates far, harmlessly). */
  ratioFloorBytes: 1024 * 1024,
} as const;
