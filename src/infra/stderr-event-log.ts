import type { EventFieldValue, EventLog } from '../app/event-log.js';

/** JSON-lines diagnostics on stderr. Callers pass codes and counts only (see EventLog). */
export class StderrEventLog implements EventLog {
  event(name: string, fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), event: name, ...fields })}\n`);
  }
}
