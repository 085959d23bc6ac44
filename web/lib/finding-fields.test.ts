import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersionFinding } from '../../common/harvest';
import { fieldOf, findingSubpage, ITEM_FINDING_FIELDS } from './finding-fields';

const root = process.cwd();
const VALIDATE = join(root, 'xapi/validate');
/**
 * The files that look only at the profile and its versions (`rules-profile.ts`) or at the
 * document as a whole (`index.ts`: A1, a document that is no object), never inside an item.
 */
const PROFILE_ONLY_FILES = new Set(['rules-profile.ts', 'index.ts']);

const codesIn = (text: string) => [...text.matchAll(/'([A-L]\d{1,2})'/g)].map((m) => m[1]!);

/** Every rule id the validator's files other than the profile's own rules can report. */
function itemRuleCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(VALIDATE)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
    if (PROFILE_ONLY_FILES.has(file)) continue;
    for (const code of codesIn(readFileSync(join(VALIDATE, file), 'utf8'))) codes.add(code);
  }
  // The publish check adds one rule of its own: a template's example statement.
  const gate = readFileSync(join(root, 'server/modules/profiles/example-gate.ts'), 'utf8');
  const example = /EXAMPLE_RULE = '([^']+)'/.exec(gate)?.[1];
  if (example) codes.add(example);
  return codes;
}

const at = (
  ruleId: string,
  kind: 'concept' | 'template' | 'pattern',
  path: string,
  message = '',
): VersionFinding => ({
  ruleId,
  severity: 'error',
  path,
  message,
  item: { kind, id: 'item', iri: 'https://example.org/item', name: 'item' },
});

describe('where each finding inside an item is fixed', () => {
  it('has an entry for every rule the validator can report inside an item', () => {
    const codes = itemRuleCodes();
    expect(codes.size).toBeGreaterThan(50);
    const missing = [...codes].filter((code) => !ITEM_FINDING_FIELDS[code]?.length);
    expect(missing, 'rules without a field and control in finding-fields.ts').toEqual([]);
  });

  it('keeps no entry for a rule the validator no longer reports inside an item', () => {
    const codes = itemRuleCodes();
    expect(Object.keys(ITEM_FINDING_FIELDS).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('names a control for every field a page fixes', () => {
    for (const [code, entries] of Object.entries(ITEM_FINDING_FIELDS))
      for (const entry of entries) expect(entry.control, `${code} ${entry.field}`).not.toBe('');
  });

  it('finds the entry of a finding from its pointer, or from the message for a missing field', () => {
    expect(fieldOf(at('E4', 'concept', '/concepts/3/exactMatch/0'))?.control).toBe(
      'Find Similar Terms',
    );
    expect(fieldOf(at('H2', 'concept', '/concepts/1/activityDefinition/@context'))).toMatchObject({
      control: 'Activity definition context',
      fix: 'on-save',
    });
    expect(fieldOf(at('H3', 'concept', '/concepts/1/activityDefinition/foo'))?.fix).toBe('remove');
    expect(fieldOf(at('J7', 'template', '/templates/0/rules/2/location'))?.control).toBe(
      'Rule JSON',
    );
    expect(fieldOf(at('K11', 'pattern', '/patterns/0/sequence/1'))?.control).toBe('Components');
    expect(fieldOf(at('F4', 'concept', '/concepts/2/schema'))?.control).toBe('Schema IRI');
    expect(
      fieldOf(at('G1', 'concept', '/concepts/2', 'A document resource needs a "contentType".'))
        ?.control,
    ).toBe('Media Type');
    expect(fieldOf(at('A4', 'concept', '/concepts/2/scopeNote'))).toMatchObject({
      fix: 'remove',
      control: 'Remove this value',
    });
  });

  it('links a template finding to the form that holds its field', () => {
    expect(findingSubpage(at('J7', 'template', '/templates/0/rules/2/location'))).toBe(
      'rule/edit?rule=2',
    );
    expect(findingSubpage(at('I5', 'template', '/templates/0/verb'))).toBe(
      'determining-properties/verb/edit',
    );
    expect(findingSubpage(at('I4', 'template', '/templates/0/contextStatementRefTemplate/0'))).toBe(
      'related-statement-templates/context/edit',
    );
    expect(findingSubpage(at('S-EXAMPLE', 'template', '/templates/0'))).toBe('example');
    expect(findingSubpage(at('I1', 'template', '/templates/0'))).toBe('');
    expect(findingSubpage(at('E4', 'concept', '/concepts/0/exactMatch/0'))).toBe('');
  });
});
