import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUALITY_THRESHOLDS } from '../../../src/contract/quality-thresholds.js';
import { QUALITY_RULE_SEVERITIES } from '../../../src/gedcom/ops/quality.js';

// docs/gedcom-engine.md ("Quality rules") compares every rule with Gramps, LifeLines and webtrees and
// lists every threshold with its default: a rule or threshold added without its row fails here.
const docs = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'gedcom-engine.md'), 'utf8');
const section = docs.slice(docs.indexOf('## Quality rules'));

describe('docs/gedcom-engine.md, Quality rules', () => {
  it.each(Object.entries(QUALITY_RULE_SEVERITIES))('has a row for %s with its severity', (rule, severity) => {
    expect(section).toContain(`| \`${rule}\` | ${severity} |`);
  });
  it.each(Object.entries(QUALITY_THRESHOLDS))('names the threshold %s with its default', (name, t) => {
    expect(section).toMatch(new RegExp(`\`${name}\`\\s+${t.default}\\b`));
  });
});
