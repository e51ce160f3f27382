// A provider lives in its own folder (issue 30): src/providers/<id>/ holds its catalogue entry and its
// wire side, and the two tables (src/contract/provider-table.ts, src/infra/providers/wire-table.ts)
// list them. Everywhere else in src/ the code is generic over providers, so no string, template or
// identifier there may name one; comments may (they say why). The provider ids are the folder names
// of src/providers/ that hold a catalogue.ts, so a new provider's folder extends the rule by itself.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');
const PROVIDERS = join(SRC, 'providers');

/** The places a provider id may appear, relative to src/. */
export const PROVIDER_TABLES = new Set(['contract/provider-table.ts', 'infra/providers/wire-table.ts']);

export function providerIds() {
  if (!existsSync(PROVIDERS)) return [];
  return readdirSync(PROVIDERS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(PROVIDERS, entry.name, 'catalogue.ts')))
    .map((entry) => entry.name);
}

function placeOf(filename) {
  const rel = relative(SRC, filename);
  if (rel.startsWith('..')) return null;
  return rel.split(sep).join('/');
}

/** @type {import('eslint').Rule.RuleModule} */
export const providerPlaceRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A provider is named only in its folder (src/providers/<id>/) and the two provider tables' },
    schema: [],
    messages: {
      named:
        'provider place: {{id}} is named here ({{what}}); a provider lives in src/providers/{{id}}/ and the provider tables, the rest of src/ is generic over providers',
    },
  },
  create(context) {
    const place = placeOf(context.filename);
    if (place === null || place.startsWith('providers/') || PROVIDER_TABLES.has(place)) return {};
    const ids = providerIds();
    if (ids.length === 0) return {};
    // In text, an id is a whole word where `_` belongs to the word (`openai` is not found in `openai_compatible`).
    const inText = ids.map((id) => ({ id, pattern: new RegExp(`(?<![A-Za-z0-9_])${id}(?![A-Za-z0-9_])`, 'i') }));
    // In an identifier, any spelling (`OLLAMA_WIRE`, `openAiWire`, `isAnthropic`).
    const inName = ids.map((id) => ({ id, squeezed: id.replaceAll('_', '').toLowerCase() }));
    const text = (node, value, what) => {
      const found = inText.find(({ pattern }) => pattern.test(value));
      if (found) context.report({ node, messageId: 'named', data: { id: found.id, what } });
    };
    return {
      Literal: (node) => typeof node.value === 'string' && text(node, node.value, 'a string'),
      TemplateElement: (node) => text(node, node.value.cooked ?? node.value.raw, 'a template'),
      Identifier: (node) => {
        const squeezed = node.name.replaceAll('_', '').toLowerCase();
        const found = inName.find((candidate) => squeezed.includes(candidate.squeezed));
        if (found) context.report({ node, messageId: 'named', data: { id: found.id, what: `the name ${node.name}` } });
      },
    };
  },
};
