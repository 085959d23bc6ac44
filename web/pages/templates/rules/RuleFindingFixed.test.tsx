import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VersionFinding } from '../../../../common/harvest';
import { RULE_VALID_MESSAGE } from '../../../../common/rule-check';
import { PROFILE_CONTEXT_IRI, validate } from '../../../../xapi/index';
import { feedback } from '../../../lib/feedback-store';
import { fieldOf, findingSubpage } from '../../../lib/finding-fields';
import {
  ada,
  editable,
  PROFILE_IRI,
  renderApp,
  signedIn,
  stubServer,
  templateApi,
  templateChange,
  templateHandlers,
  templatePath,
  V1,
} from '../../../test/stubs/templates';

/**
 * A finding inside a template's rule links to the rule editor of that rule, whose labelled
 * control (from web/lib/finding-fields.ts) edits it; the rule saved there no longer has it.
 */

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

type Json = Record<string, unknown>;

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const KEPT = { location: '$.verb.id', presence: 'included' };
const BROKEN = { location: 'result.score.raw', presence: 'recommended' };

/** The J-rule findings of a template holding these rules, inside a profile document. */
function ruleFindings(rules: Json[]): VersionFinding[] {
  const document = {
    '@context': PROFILE_CONTEXT_IRI,
    id: PROFILE_IRI,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Profile' },
    definition: { en: 'A profile.' },
    versions: [{ id: VERSION_IRI, generatedAtTime: '2024-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Group' },
    templates: [
      {
        id: `${PROFILE_IRI}/templates/scored`,
        type: 'StatementTemplate',
        inScheme: VERSION_IRI,
        prefLabel: { en: 'scored' },
        definition: { en: 'A scored statement.' },
        rules,
      },
    ],
  };
  return validate(document, { mode: 'authoring' })
    .filter((f) => f.path.startsWith('/templates/0/rules/'))
    .map((f) => ({
      ...f,
      item: { kind: 'template', id: 'template', iri: `${PROFILE_IRI}/templates/scored`, name: 'x' },
    }));
}

describe('a finding in a template’s rule', () => {
  it('J7: a location that is no JSONPath, fixed in the rule editor its link opens', async () => {
    const [finding] = ruleFindings([KEPT, BROKEN]).filter((f) => f.ruleId === 'J7');
    expect(finding?.path).toBe('/templates/0/rules/1/location');
    const sub = findingSubpage(finding!);
    expect(sub).toBe('rule/edit?rule=1');
    const calls = stubServer(
      templateHandlers(editable({ rules: [KEPT, BROKEN] }), {
        [`PUT ${templateApi(V1, '/rules/1')}`]: () => [200, templateChange(V1)],
      }),
      signedIn(ada),
    );
    renderApp(templatePath(V1, `/${sub}`));
    const editor = await screen.findByRole('textbox', { name: fieldOf(finding!)?.control });
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual(BROKEN);
    const fixed = { ...BROKEN, location: '$.result.score.raw' };
    fireEvent.change(editor, { target: { value: JSON.stringify(fixed) } });
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    expect(await screen.findByText(RULE_VALID_MESSAGE)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = (calls.find((c) => c.method === 'PUT')?.body as { rule: Json }).rule;
    expect(sent).toEqual(fixed);
    expect(ruleFindings([KEPT, sent]).filter((f) => f.ruleId === 'J7')).toEqual([]);
  });
});
