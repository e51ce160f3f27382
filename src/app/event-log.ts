/**
 * Structured diagnostics of the process. Implementations write JSON lines to stderr;
 * callers pass only codes, counts and identifiers, never secrets, bodies or paths.
 */
export type EventFieldValue = string | number | boolean | null;

export interface EventLog {
  event(name: string, fields?: Readonly<Record<string, EventFieldValue>>): void;
}

export const SILENT_EVENT_LOG: EventLog = { event: () => undefined };
