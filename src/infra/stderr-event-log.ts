import type { EventFieldValue, EventLog } from '../app/event-log.js';
import { DescriptorWriter } from './launch/descriptor-writer.js';

/** JSON-lines diagnostics on stderr. Callers pass codes and counts only (see EventLog). */
export class StderrEventLog implements EventLog {
  private readonly stderr = new DescriptorWriter(2);

  event(name: string, fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    this.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), event: name, ...fields })}\n`);
  }
}
