import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VersionFinding } from '../../../../common/harvest';
import { PROFILE_CONTEXT_IRI, validate } from '../../../../xapi/index';
import { feedback } from '../../../lib/feedback-store';
import { fieldOf, findingSubpage } from '../../../lib/finding-fields';
import {
  change,
  lockHandlers,
  ok,
  PATTERN_ID,
  patternApi,
  patternView,
  PROFILE_IRI,
  renderApp,
  V1,
  V2,
  versionPath,
} from '../../../test/stubs/patterns';
import { paused, played, serveForm } from './testing/screens';

/**
 * A finding at a pattern's member links to the pattern, whose form lists the members under the
 * control the findings table names; the pattern saved there no longer has it.
 */

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const UNKNOWN = 'https://elsewhere.example.org/templates/x';

/** The K11 findings of a sequence of these members, beside the two templates of this profile. */
function memberFindings(members: string[]): VersionFinding[] {
  const template = (iri: string) => ({
    id: iri,
    type: 'StatementTemplate',
    inScheme: VERSION_IRI,
    prefLabel: { en: 'template' },
    definition: { en: 'A template.' },
  });
  const document = {
    '@context': PROFILE_CONTEXT_IRI,
    id: PROFILE_IRI,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Profile' },
    definition: { en: 'A profile.' },
    versions: [{ id: VERSION_IRI, generatedAtTime: '2024-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Group' },
    templates: [template(played.iri), template(paused.iri)],
    patterns: [
      {
        id: `${PROFILE_IRI}/patterns/watching`,
        type: 'Pattern',
        inScheme: VERSION_IRI,
        primary: true,
        prefLabel: { en: 'Watching' },
        definition: { en: 'Watching a video.' },
        sequence: members,
      },
    ],
  };
  return validate(document, { mode: 'authoring' })
    .filter((f) => f.ruleId === 'K11')
    .map((f) => ({
      ...f,
      item: { kind: 'pattern', id: PATTERN_ID, iri: `${PROFILE_IRI}/patterns/watching`, name: 'w' },
    }));
}

describe('a finding at a pattern’s member', () => {
  it('K11: a member nothing defines, left out by a save of the pattern’s form', async () => {
    const [finding] = memberFindings([played.iri, paused.iri, UNKNOWN]);
    expect(finding?.path).toBe('/patterns/0/sequence/2');
    expect(findingSubpage(finding!)).toBe('');
    const control = fieldOf(finding!)?.control ?? '';
    const view = patternView(
      {
        type: 'sequence',
        components: [
          played,
          paused,
          { ...played, uuid: null, iri: UNKNOWN, name: null, componentType: null },
        ],
      },
      { edit: true },
    );
    const calls = serveForm({
      [`GET ${patternApi()}`]: ok(view),
      ...lockHandlers(patternApi(V1, '/lock')),
      [`PUT ${patternApi()}`]: ok(change(V2)),
    });
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}/edit`));
    const list = await screen.findByRole('list', { name: control });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V2, `patterns/${PATTERN_ID}`)),
    );
    const sent = calls.find((c) => c.method === 'PUT')?.body as {
      components: Array<{ componentId: string }>;
    };
    const iris = new Map([played, paused].map((c) => [c.uuid, c.iri]));
    const members = sent.components.map((c) => iris.get(c.componentId) ?? c.componentId);
    expect(members).toEqual([played.iri, paused.iri]);
    expect(memberFindings(members)).toEqual([]);
  });
});
