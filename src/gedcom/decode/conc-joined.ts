import { LineScanner } from '../lines/scanner.js';

/**
 * The bytes with every CONC line joined to the line before it (terminator and `n CONC ` prefix
 * removed). Exporters split multi-byte UTF-8 sequences across CONC lines; validating this
 * joined form tells such files apart from files that really are not UTF-8.
 */
export function joinConcLines(text: Buffer): Buffer {
  const s = new LineScanner();
  s.reset(text);
  const parts: Buffer[] = [];
  let rangeStart = 0;
  let lastEnd = -1;
  while (s.next()) {
    if (s.level > 0 && s.tagIs('CONC')) {
      if (lastEnd >= rangeStart) parts.push(text.subarray(rangeStart, lastEnd));
      rangeStart = s.valueStart;
    }
    lastEnd = s.lineEnd;
  }
  parts.push(text.subarray(rangeStart));
  return parts.length === 1 ? text : Buffer.concat(parts);
}
