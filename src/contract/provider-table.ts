import { ANTHROPIC } from '../providers/anthropic/catalogue.js';
import { OLLAMA } from '../providers/ollama/catalogue.js';
import { OPENAI } from '../providers/openai/catalogue.js';
import { OPENAI_COMPATIBLE } from '../providers/openai_compatible/catalogue.js';

/**
 * The provider catalogue: one line per provider, in the order the catalogue is shown. Every
 * provider enum and allow-list of the contract is derived from this list (providers.ts,
 * secrets.ts); the wire side lists the same providers in src/infra/providers/wire-table.ts.
 */
export const PROVIDER_CATALOGUE = [OLLAMA, OPENAI_COMPATIBLE, OPENAI, ANTHROPIC] as const;
