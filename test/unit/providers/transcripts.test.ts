import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderFailure } from '../../../src/app/providers/model-provider.js';
import type { ProviderId } from '../../../src/contract/providers.js';
import { createChatProviders } from '../../../src/infra/providers/chat-providers.js';
import { startFakeProvider, type FakeProvider, type WireKind } from '../../support/provider-fakes/index.js';
import { endpointFor, generationRequest, instantClock } from './adapter-support.js';

/**
 * Real provider answers (SDK fixtures, documentation examples) and transcripts written to their
 * documented formats, replayed byte for byte by a loopback server, whole and cut into small writes.
 * Each must give the outcome the MANIFEST expects; docs/providers.md shows the same table.
 */

interface Expected {
  readonly outcome: 'completed' | 'truncated' | 'refused' | 'failed';
  readonly finish_reason?: string;
  readonly code?: string;
  readonly text?: string;
  readonly attempts?: number;
}

interface Entry {
  readonly file: string;
  readonly adapters: readonly ProviderId[];
  readonly source: {
    readonly repository: string | null;
    readonly commit: string | null;
    readonly path: string | null;
    readonly licence: string;
    readonly origin: string;
  };
  readonly expected: Expected;
}

const ROOT = fileURLToPath(new URL('../../fixtures/providers/', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/providers.md', import.meta.url));
const MANIFEST = JSON.parse(readFileSync(`${ROOT}MANIFEST.json`, 'utf8')) as { transcripts: Entry[] };
const SPLITS = [0, 1, 3, 4, 5, 7] as const;
const KIND: Record<ProviderId, WireKind> = { ollama: 'ollama', openai_compatible: 'openai', openai: 'openai', anthropic: 'anthropic' };

interface Observed {
  readonly outcome: string;
  readonly finish_reason?: string;
  readonly code?: string;
  readonly text: string;
  readonly attempts: number;
}

function describeOutcome(observed: Expected | Observed): string {
  if (observed.outcome === 'failed') return `failed \`${observed.code ?? '?'}\``;
  if (observed.outcome === 'refused') return 'refused';
  return `${observed.outcome} (\`${observed.finish_reason ?? '?'}\`)`;
}

function tableRows(results: ReadonlyMap<string, string>): string {
  const lines = ['| Transcript | Source | Licence | Adapter | Outcome |', '|---|---|---|---|---|'];
  for (const entry of MANIFEST.transcripts) {
    const where =
      entry.source.repository === null
        ? entry.source.origin
        : `${entry.source.repository}@${(entry.source.commit ?? '').slice(0, 7)} \`${entry.source.path ?? ''}\``;
    for (const adapter of entry.adapters) {
      lines.push(`| \`${entry.file}\` | ${where} | ${entry.source.licence} | ${adapter} | ${results.get(`${entry.file} ${adapter}`) ?? 'not run'} |`);
    }
  }
  return lines.join('\n');
}

const fakes = new Map<WireKind, FakeProvider>();
const observedOutcomes = new Map<string, string>();

beforeAll(async () => {
  for (const kind of ['ollama', 'openai', 'anthropic'] as const) fakes.set(kind, await startFakeProvider(kind));
});
afterAll(async () => {
  for (const fake of fakes.values()) await fake.close();
});

describe.each(MANIFEST.transcripts)('transcript $file', (entry) => {
  const bytes = readFileSync(`${ROOT}${entry.file}`);
  it.each(entry.adapters.flatMap((adapter) => SPLITS.map((split) => ({ adapter, split }))))(
    '$adapter, writes of $split bytes (0: whole)',
    async ({ adapter, split }) => {
      const fake = fakes.get(KIND[adapter]);
      if (!fake) throw new Error('no fake');
      fake.reset();
      const reply = { kind: 'raw' as const, bytes, splitBytes: split === 0 ? bytes.length : split };
      fake.setFallback(reply);
      const providers = createChatProviders({}, { idleTimeoutMs: 5_000 }, instantClock().clock);
      let text = '';
      let observed: Observed;
      try {
        const result = await providers[adapter].generate(generationRequest(adapter, endpointFor(fake, adapter)), { text: (piece) => (text += piece) });
        observed = { outcome: result.outcome, finish_reason: result.finishReason, text, attempts: result.attempts };
      } catch (error) {
        if (!(error instanceof ProviderFailure)) throw error;
        observed = { outcome: 'failed', code: error.code, text, attempts: fake.calls() };
        expect(JSON.stringify(error)).not.toMatch(/upstream detail|exceeds the available|Overloaded/);
      }
      const { attempts, ...rest } = observed;
      const expected = entry.expected;
      expect(rest).toEqual({
        outcome: expected.outcome,
        ...(expected.outcome === 'failed' ? { code: expected.code } : { finish_reason: expected.finish_reason ?? 'stop' }),
        text: expected.text ?? rest.text,
      });
      expect(attempts).toBe(expected.attempts ?? 1);
      observedOutcomes.set(`${entry.file} ${adapter}`, describeOutcome(observed));
    },
  );
});

describe('docs/providers.md', () => {
  it('shows every transcript, its source and the outcome each adapter gave', () => {
    const table = tableRows(observedOutcomes);
    const docs = readFileSync(DOCS, 'utf8');
    const begin = '<!-- transcripts:begin -->';
    const end = '<!-- transcripts:end -->';
    const current = docs.slice(docs.indexOf(begin) + begin.length, docs.indexOf(end)).trim();
    if (process.env.UPDATE_PROVIDER_DOCS === '1') {
      writeFileSync(DOCS, `${docs.slice(0, docs.indexOf(begin) + begin.length)}\n${table}\n${docs.slice(docs.indexOf(end))}`);
      return;
    }
    expect(current).toBe(table);
    for (const entry of MANIFEST.transcripts) expect(current).toContain(describeOutcome(entry.expected));
  });
});
