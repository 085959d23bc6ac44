import { describe, expect, it } from 'vitest';
import type { HarvestedConcept } from '../../../xapi/index';
import type { ItemRow } from '../../db/schema';
import { decideMatches, differencesOf } from './match';
import type { MatchRow } from './repo';

const place = { profileId: 'p-own', organizationId: 'o-own', versionId: 'v-own' };
const IRI = 'https://example.org/activities/chapter-1';

const activity = (parts: Partial<HarvestedConcept> = {}): HarvestedConcept => ({
  key: `Activity ${IRI}`,
  type: 'Activity',
  iri: IRI,
  name: { en: 'Chapter one' },
  description: { en: 'The first chapter.' },
  activityType: 'https://example.org/types/chapter',
  statementCount: 1,
  ...parts,
});

function stored(content: Record<string, unknown>, item: Partial<ItemRow> = {}): MatchRow {
  return {
    item: {
      id: 'i-1',
      revisionId: 'r-1',
      kind: 'concept',
      type: 'Activity',
      iri: IRI,
      profileId: 'p-other',
      name: 'Chapter one',
      content,
      extras: {},
      deprecated: false,
      deprecationReason: null,
      deprecationLink: null,
      deprecatedBy: null,
      deprecatedAt: null,
      deletedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      createdBy: null,
      updatedBy: null,
      ...item,
    },
    profile: null,
    profileName: 'Other',
    listedPublicly: true,
    inVersion: false,
  };
}

const storedActivity = (definition: Record<string, unknown>) =>
  stored({
    id: IRI,
    type: 'Activity',
    activityDefinition: {
      name: { en: 'Chapter one' },
      description: { en: 'The first chapter.' },
      type: 'https://example.org/types/chapter',
      ...definition,
    },
  });

describe('match states', () => {
  it('finds nothing different when the statements say what the server holds', () => {
    expect(differencesOf(activity(), storedActivity({}))).toEqual([]);
    // Surrounding white space aside, and languages only one side has are not compared.
    expect(
      differencesOf(
        activity({ name: { en: ' Chapter one ', fr: 'Chapitre un' } }),
        storedActivity({}),
      ),
    ).toEqual([]);
  });

  it('names an activity description and activity type that differ', () => {
    const differences = differencesOf(
      activity({
        description: { en: 'Chapter 1.' },
        activityType: 'https://example.org/types/section',
      }),
      storedActivity({}),
    );
    expect(differences).toEqual([
      { field: 'definition.en', statements: 'Chapter 1.', server: 'The first chapter.' },
      {
        field: 'activityType',
        statements: 'https://example.org/types/section',
        server: 'https://example.org/types/chapter',
      },
    ]);
  });

  it('is partial for a difference, and deprecated before partial', () => {
    const concept = activity({ name: { en: 'Chapter 1' } });
    const [partial] = decideMatches([concept], [storedActivity({})], place);
    expect(partial?.match.state).toBe('partial');
    const deprecatedRow = storedActivity({});
    deprecatedRow.item.deprecated = true;
    const [deprecated] = decideMatches([concept], [deprecatedRow], place);
    expect(deprecated?.match).toMatchObject({ state: 'deprecated', differences: [] });
  });

  it('shows nothing of an item the group may not see', () => {
    const hidden = storedActivity({});
    hidden.listedPublicly = false;
    const [candidate] = decideMatches([activity()], [hidden], place);
    // Not even that it exists: the state and words of an IRI nothing has.
    const [unknown] = decideMatches([activity()], [], place);
    expect(candidate?.match).toEqual(unknown?.match);
    expect(candidate?.match).toEqual({
      state: 'no',
      alert: 'No concept with this IRI is on the server yet.',
      existing: null,
      differences: [],
    });
  });
});
