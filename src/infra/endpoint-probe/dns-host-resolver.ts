import type { HostResolver } from '../../app/providers/ports.js';

/** The system resolver: every A and AAAA answer of a name, in the resolver's order. */
export class DnsHostResolver implements HostResolver {
  async resolve(hostname: string): Promise<readonly string[]> {
    // node:dns/promises loads with the first name to resolve, not at start.
    const { lookup } = await import('node:dns/promises');
    const answers = await lookup(hostname, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  }
}

/** A fixed table of names: the test composition's resolver. Each name may answer a sequence of answers. */
export class StaticHostResolver implements HostResolver {
  private readonly calls = new Map<string, number>();

  constructor(private readonly table: Readonly<Record<string, readonly (readonly string[])[]>>) {}

  async resolve(hostname: string): Promise<readonly string[]> {
    const answers = this.table[hostname];
    if (!answers || answers.length === 0) throw new Error('name not found');
    const count = this.calls.get(hostname) ?? 0;
    if (!this.calls.has(hostname) && this.calls.size >= 1024) this.calls.clear();
    this.calls.set(hostname, count + 1);
    return answers[Math.min(count, answers.length - 1)] as readonly string[]; // cast: answers is not empty (checked above), so the index is in range
  }
}
