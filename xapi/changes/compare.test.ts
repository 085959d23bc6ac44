import { describe, expect, it } from 'vitest';
import { compareVersions, readVersionNumber } from './compare.js';
import { renderChangelog } from './markdown.js';
import type { ChangeSet, ItemChange } from './types.js';

const P = 'https://example.org/xapi/club';

interface RuleDoc {
  location: string;
  presence?: string;
  any?: unknown[];
  all?: unknown[];
  none?: unknown[];
  scopeNote?: Record<string, string>;
}

interface ItemDoc {
  id: string;
  type: string;
  deprecated?: boolean;
  primary?: boolean;
  prefLabel?: Record<string, string>;
  definition?: Record<string, string>;
  activityDefinition?: { '@context'?: string; type?: string; name: Record<string, string> };
  contextCategoryActivityType?: string[];
  objectStatementRefTemplate?: string[];
  rules?: RuleDoc[];
  sequence?: string[];
  alternates?: string[];
  optional?: string;
  [key: string]: unknown;
}

interface Doc {
  versions: unknown[];
  concepts: ItemDoc[];
  templates: ItemDoc[];
  patterns: ItemDoc[];
  [key: string]: unknown;
}

function profile(version: string): Doc {
  return {
    '@context': 'https://w3id.org/xapi/profiles/context',
    id: P,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Club' },
    definition: { en: 'A club profile.' },
    versions: [{ id: `${P}/v${version}`, generatedAtTime: '2026-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Club group' },
    concepts: [
      {
        id: `${P}/verbs/joined`,
        type: 'Verb',
        inScheme: P,
        prefLabel: { en: 'joined' },
        definition: { en: 'Joined the club.' },
      },
      {
        id: `${P}/verbs/left`,
        type: 'Verb',
        inScheme: P,
        prefLabel: { en: 'left' },
        definition: { en: 'Left the club.' },
      },
      {
        id: `${P}/extensions/level`,
        type: 'ResultExtension',
        inScheme: P,
        prefLabel: { en: 'level' },
        definition: { en: 'A level.' },
        recommendedVerbs: [`${P}/verbs/joined`],
        inlineSchema: '{ "type": "integer" }',
      },
      {
        id: `${P}/documents/state`,
        type: 'StateResource',
        inScheme: P,
        prefLabel: { en: 'state' },
        definition: { en: 'A state.' },
        contentType: 'application/json',
      },
      {
        id: `${P}/activities/meeting`,
        type: 'Activity',
        inScheme: P,
        activityDefinition: {
          '@context': 'https://w3id.org/xapi/profiles/activity-context',
          name: { en: 'Meeting' },
          type: `${P}/activity-types/meeting`,
        },
      },
      {
        id: `${P}/verbs/old`,
        type: 'Verb',
        inScheme: P,
        deprecated: true,
        prefLabel: { en: 'old' },
        definition: { en: 'An old verb.' },
      },
    ],
    templates: [
      {
        id: `${P}/templates/joined`,
        type: 'StatementTemplate',
        inScheme: P,
        prefLabel: { en: 'Joined' },
        definition: { en: 'Someone joined.' },
        verb: `${P}/verbs/joined`,
        contextCategoryActivityType: [`${P}/activity-types/club`],
        rules: [
          { location: '$.result.score.raw', presence: 'recommended' },
          { location: '$.context.language', presence: 'included', any: ['en', 'fr'] },
          { location: '$.result.success', none: [false] },
          { location: '$.context.platform', presence: 'included', scopeNote: { en: 'The app.' } },
        ],
      },
      {
        id: `${P}/templates/left`,
        type: 'StatementTemplate',
        inScheme: P,
        prefLabel: { en: 'Left' },
        definition: { en: 'Someone left.' },
        verb: `${P}/verbs/left`,
        objectStatementRefTemplate: [`${P}/templates/joined`],
      },
    ],
    patterns: [
      {
        id: `${P}/patterns/visit`,
        type: 'Pattern',
        primary: true,
        inScheme: P,
        prefLabel: { en: 'Visit' },
        definition: { en: 'A visit.' },
        sequence: [`${P}/templates/joined`, `${P}/templates/left`],
      },
      {
        id: `${P}/patterns/either`,
        type: 'Pattern',
        inScheme: P,
        prefLabel: { en: 'Either' },
        definition: { en: 'One or the other.' },
        alternates: [`${P}/templates/joined`, `${P}/templates/left`],
      },
    ],
  };
}

type Edit = (doc: Doc) => void;

function changed(edit: Edit, older = profile('1.0.0')): ChangeSet {
  const newer = structuredClone(older);
  newer.versions = [{ id: `${P}/v1.0.1`, generatedAtTime: '2026-02-01T00:00:00Z' }];
  edit(newer);
  return compareVersions(older, newer);
}

function find(items: ItemDoc[], id: string): ItemDoc {
  const item = items.find((c) => c.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
}
const concept = (doc: Doc, suffix: string) => find(doc.concepts, `${P}/${suffix}`);
const template = (doc: Doc, suffix: string) => find(doc.templates, `${P}/templates/${suffix}`);
const pattern = (doc: Doc, suffix: string) => find(doc.patterns, `${P}/patterns/${suffix}`);
const rulesOf = (doc: Doc) => template(doc, 'joined').rules!;

function only(set: ChangeSet): ItemChange {
  expect(set.items).toHaveLength(1);
  return set.items[0]!;
}

const fieldImpacts = (item: ItemChange) => item.fields.map((f) => [f.field, f.impact]);

describe('compareVersions', () => {
  it('finds nothing between equal versions, whatever the key order or schema form', () => {
    const set = changed((doc) => {
      const ext = concept(doc, 'extensions/level');
      ext.inlineSchema = { type: 'integer' };
      doc.concepts.reverse();
    });
    expect(set.items).toEqual([]);
    expect(set.profile).toEqual([]);
    expect(set.impact).toBe('none');
    expect(set.suggestedVersion).toMatchObject({ part: 'NONE', next: '1.0.0' });
    expect(renderChangelog(set)).toContain('same content');
  });

  it('reports an added item as additive and suggests the ADDITION part', () => {
    const set = changed((doc) =>
      doc.concepts.push({
        id: `${P}/verbs/visited`,
        type: 'Verb',
        inScheme: P,
        prefLabel: { en: 'visited' },
        definition: { en: 'Visited.' },
      }),
    );
    expect(only(set)).toMatchObject({ change: 'added', impact: 'additive', label: 'visited' });
    expect(set.counts.concept.added).toBe(1);
    expect(set.suggestedVersion).toMatchObject({ part: 'ADDITION', from: '1.0.0', next: '1.0.1' });
  });

  it('reports a removed item as breaking, with a warning when it was not deprecated first', () => {
    const set = changed((doc) => {
      doc.concepts = doc.concepts.filter((c) => !c.id.endsWith('/left') && !c.id.endsWith('/old'));
    });
    expect(set.items.map((i) => [i.id, i.change, i.impact])).toEqual([
      [`${P}/verbs/left`, 'removed', 'breaking'],
      [`${P}/verbs/old`, 'removed', 'breaking'],
    ]);
    expect(set.warnings.map((w) => w.id)).toEqual([`${P}/verbs/left`]);
    expect(set.suggestedVersion).toMatchObject({ part: 'MODEL', next: '2.0.0' });
  });

  it('reports an item that moved to another IRI with the same content as a likely rename', () => {
    const set = changed((doc) => {
      concept(doc, 'verbs/left').id = `${P}/verbs/departed`;
    });
    expect(only(set)).toMatchObject({
      change: 'renamed',
      id: `${P}/verbs/departed`,
      previousId: `${P}/verbs/left`,
      impact: 'breaking',
    });
    expect(set.counts.concept.renamed).toBe(1);
    expect(set.warnings[0]?.id).toBe(`${P}/verbs/left`);
  });

  it('reports deprecation and its withdrawal as additive, with other field changes kept', () => {
    const set = changed((doc) => {
      concept(doc, 'verbs/joined').deprecated = true;
      concept(doc, 'verbs/joined').related = [`${P}/verbs/left`];
      delete concept(doc, 'verbs/old').deprecated;
    });
    const joined = set.items.find((i) => i.id.endsWith('/joined'))!;
    expect(joined).toMatchObject({ change: 'deprecated', impact: 'additive' });
    expect(fieldImpacts(joined)).toEqual([
      ['deprecated', 'additive'],
      ['related', 'editorial'],
    ]);
    expect(set.items.find((i) => i.id.endsWith('/old'))).toMatchObject({
      change: 'undeprecated',
      impact: 'additive',
    });
    expect(set.suggestedVersion).toMatchObject({ part: 'REVISION', next: '1.1.0' });
  });

  it('classifies labels and definitions per language: a new language additive, wording editorial', () => {
    const set = changed((doc) => {
      const verb = concept(doc, 'verbs/joined');
      verb.prefLabel = { en: 'joined up', fr: 'a rejoint' };
      verb.definition = {};
    });
    expect(fieldImpacts(only(set))).toEqual([
      ['prefLabel.en', 'editorial'],
      ['prefLabel.fr', 'additive'],
      ['definition.en', 'editorial'],
    ]);
    expect(only(set).impact).toBe('additive');
  });

  it('reads concept kind-specific fields', () => {
    const set = changed((doc) => {
      const ext = concept(doc, 'extensions/level');
      ext.recommendedVerbs = [`${P}/verbs/left`];
      ext.inlineSchema = '{ "type": "string" }';
      ext.context = `${P}/context`;
      concept(doc, 'documents/state').contentType = 'text/plain';
      const activity = concept(doc, 'activities/meeting').activityDefinition!;
      activity.type = `${P}/activity-types/gathering`;
      activity.name.de = 'Treffen';
      concept(doc, 'verbs/left').broader = [`${P}/verbs/joined`];
    });
    const byId = (suffix: string) =>
      fieldImpacts(set.items.find((i) => i.id === `${P}/${suffix}`)!);
    expect(byId('extensions/level')).toEqual([
      ['recommendedVerbs', 'editorial'],
      ['recommendedVerbs', 'editorial'],
      ['context', 'editorial'],
      ['inlineSchema', 'breaking'],
    ]);
    expect(byId('documents/state')).toEqual([['contentType', 'breaking']]);
    expect(byId('activities/meeting')).toEqual([
      ['activityDefinition.name.de', 'additive'],
      ['activityDefinition.type', 'breaking'],
    ]);
    expect(byId('verbs/left')).toEqual([['broader', 'editorial']]);
  });

  it('warns when a concept changes type under the same IRI', () => {
    const set = changed((doc) => {
      concept(doc, 'verbs/left').type = 'ActivityType';
    });
    expect(fieldImpacts(only(set))).toEqual([['type', 'breaking']]);
    expect(set.warnings[0]?.message).toMatch(/needs a new IRI/);
  });

  it('reports a changed determining property as breaking, with a warning', () => {
    const set = changed((doc) => {
      template(doc, 'joined').verb = `${P}/verbs/visited`;
      template(doc, 'joined').contextCategoryActivityType!.push(`${P}/activity-types/team`);
    });
    expect(fieldImpacts(only(set))).toEqual([
      ['verb', 'breaking'],
      ['contextCategoryActivityType', 'breaking'],
    ]);
    expect(set.warnings).toHaveLength(1);
    expect(set.warnings[0]!.message).toMatch(/verb, contextCategoryActivityType/);
  });

  it('reads each rule by location: tightened rules are breaking, loosened additive, notes editorial', () => {
    const set = changed((doc) => {
      const rules = rulesOf(doc);
      rules[0]!.presence = 'included'; // recommended → included: tighter
      rules[1]!.any = ['en', 'de']; // fr removed (tighter), de added (looser)
      rules[2]!.none = [false, 'maybe']; // one more forbidden value
      rules[3]!.presence = 'recommended'; // looser
      rules[3]!.scopeNote = { en: 'The application.' };
      rules.push({ location: '$.timestamp', presence: 'included' });
      rules.push({ location: '$.context.registration', presence: 'recommended' });
    });
    expect(fieldImpacts(only(set))).toEqual([
      ['rules[$.result.score.raw].presence', 'breaking'],
      ['rules[$.context.language].any', 'additive'],
      ['rules[$.context.language].any', 'breaking'],
      ['rules[$.result.success].none', 'breaking'],
      ['rules[$.context.platform].presence', 'additive'],
      ['rules[$.context.platform].scopeNote.en', 'editorial'],
      ['rules[$.timestamp]', 'breaking'],
      ['rules[$.context.registration]', 'additive'],
    ]);
  });

  it('reads rules removed and value lists dropped as looser', () => {
    const set = changed((doc) => {
      const rules = rulesOf(doc);
      delete rules[1]!.any;
      rules[2]!.none = [];
      rules.splice(3, 1);
    });
    expect(fieldImpacts(only(set))).toEqual([
      ['rules[$.context.language].any', 'additive'],
      ['rules[$.result.success].none', 'additive'],
      ['rules[$.context.platform]', 'additive'],
    ]);
    expect(set.suggestedVersion.part).toBe('REVISION');
  });

  it('reads template references: a template added to the list looser, one removed tighter', () => {
    const loose = changed((doc) =>
      template(doc, 'left').objectStatementRefTemplate!.push(`${P}/templates/other`),
    );
    expect(fieldImpacts(only(loose))).toEqual([['objectStatementRefTemplate', 'additive']]);
    const tight = changed((doc) => {
      template(doc, 'left').objectStatementRefTemplate = [];
      template(doc, 'joined').contextStatementRefTemplate = [`${P}/templates/left`];
    });
    expect(tight.items.map((i) => fieldImpacts(i))).toEqual([
      [['contextStatementRefTemplate', 'breaking']],
      [['objectStatementRefTemplate', 'breaking']],
    ]);
  });

  it('reads patterns: order of a sequence, alternatives, the primary flag and a change of kind', () => {
    const set = changed((doc) => {
      pattern(doc, 'visit').sequence!.reverse();
      pattern(doc, 'visit').primary = false;
      pattern(doc, 'either').alternates!.push(`${P}/templates/other`);
    });
    expect(set.items.map((i) => fieldImpacts(i))).toEqual([
      [
        ['primary', 'additive'],
        ['sequence', 'breaking'],
      ],
      [['alternates', 'additive']],
    ]);
    expect(set.items[0]!.fields[1]!.description).toBe('Changes the order of the sequence.');
    const kind = changed((doc) => {
      const either = pattern(doc, 'either');
      either.optional = either.alternates![0];
      delete either.alternates;
      either.primary = true;
    });
    expect(fieldImpacts(only(kind))).toEqual([
      ['primary', 'breaking'],
      ['kind', 'breaking'],
      ['alternates', 'breaking'],
      ['optional', 'breaking'],
    ]);
    expect(kind.warnings[0]!.message).toMatch(/alternates → optional/);
  });

  it('reports the profile’s own metadata', () => {
    const set = changed((doc) => {
      doc.prefLabel = { en: 'Club', es: 'Club' };
      doc.definition = { en: 'The club profile.' };
      doc.seeAlso = 'https://example.org/club';
      doc.author = { type: 'Organization', name: 'Club working group' };
    });
    expect(set.profile.map((f) => [f.field, f.impact])).toEqual([
      ['prefLabel.es', 'additive'],
      ['definition.en', 'editorial'],
      ['seeAlso', 'editorial'],
      ['author.name', 'editorial'],
    ]);
    expect(set.items).toEqual([]);
    expect(set.suggestedVersion).toMatchObject({ part: 'REVISION', next: '1.1.0' });
  });

  it('reports the profile’s own custom properties, added, changed and removed', () => {
    const older = profile('1.0.0') as Doc & Record<string, unknown>;
    older['https://example.org/ns#rootNote'] = 'First note.';
    older.madeUpRootProperty = 'gone next';
    const set = changed((doc) => {
      const edited = doc as Doc & Record<string, unknown>;
      edited['https://example.org/ns#rootNote'] = 'Second note.';
      delete edited.madeUpRootProperty;
      edited['https://example.org/ns#added'] = 'New.';
    }, older);
    expect(set.profile.map((f) => [f.field, f.before, f.after, f.impact])).toEqual([
      ['https://example.org/ns#added', undefined, 'New.', 'editorial'],
      ['https://example.org/ns#rootNote', 'First note.', 'Second note.', 'editorial'],
      ['madeUpRootProperty', 'gone next', undefined, 'editorial'],
    ]);
  });

  it('reads version numbers from a label or a version IRI', () => {
    expect(readVersionNumber('https://w3id.org/xapi/video/v1.0.3')).toEqual([1, 0, 3]);
    expect(readVersionNumber('https://example.org/p/v/4')).toEqual([4, 0, 0]);
    expect(readVersionNumber('2.1')).toEqual([2, 1, 0]);
    expect(readVersionNumber('https://example.org/p/draft')).toBeNull();
    expect(readVersionNumber('https://example.org/profile2024')).toBeNull();
    expect(readVersionNumber('https://example.org/p#v2')).toEqual([2, 0, 0]);
    const set = compareVersions(profile('x'), profile('x'), { fromVersion: '3' });
    expect(set.suggestedVersion).toMatchObject({ from: '3.0.0', next: '3.0.0' });
  });

  it('refuses something that is not a profile document', () => {
    expect(() => compareVersions('[]', profile('1'))).toThrow(/older version is not a profile/);
  });

  it('names both numbers in the changelog heading when the newer one is the one suggested', () => {
    const set = changed((doc) => {
      concept(doc, 'verbs/joined').prefLabel = { en: 'joined a club' };
      doc.versions = [{ id: `${P}/v1.1.0`, generatedAtTime: '2026-02-01T00:00:00Z' }];
    });
    expect(set.suggestedVersion.next).toBe('1.1.0');
    const md = renderChangelog(set);
    expect(md).toContain('# Changes in Club from 1.0.0 to 1.1.0\n');
    expect(md).not.toContain('which is not the number');
  });

  it('renders a Markdown changelog grouped by kind, with impacts, warnings and the next version', () => {
    const set = changed((doc) => {
      concept(doc, 'verbs/joined').deprecated = true;
      rulesOf(doc)[0]!.presence = 'included';
      doc.patterns.pop();
      doc.concepts.push({ id: `${P}/verbs/a_b`, type: 'Verb', prefLabel: { en: 'a *b*' } });
    });
    const md = renderChangelog(set);
    // Breaking changes numbered 1.0.1: the heading does not claim a number the summary disowns.
    expect(md).toContain('# Changes in Club since 1.0.0\n');
    expect(md).not.toContain('to 1.0.1');
    expect(md).toContain('**2 breaking, 2 additive, 0 editorial** changes.');
    expect(md).toContain(
      'Suggested version number: **2.0.0** (a new first number: producers must change). Some changes',
    );
    expect(md).toContain(
      'The newer version is numbered 1.0.1, which is not the number these changes call for.',
    );
    expect(md).toMatch(
      /## Warnings\n\n- https:\/\/example.org\/xapi\/club\/patterns\/either was removed/,
    );
    expect(md).toContain('- **Deprecated** (additive) Verb “joined”');
    expect(md).toContain('“a \\*b\\*” — `https://example.org/xapi/club/verbs/a_b`');
    expect(md).toContain(
      '  - Changes the presence on $.result.score.raw from recommended to included. _(breaking)_',
    );
    expect(md.indexOf('## Concepts')).toBeLessThan(md.indexOf('## Statement templates'));
    expect(md.indexOf('## Statement templates')).toBeLessThan(md.indexOf('## Patterns'));
  });

  it('names types and version parts in the words the screens use, never as type names', () => {
    const set = changed((doc) => {
      concept(doc, 'documents/state').type = 'AgentProfileResource';
      concept(doc, 'extensions/level').definition = { en: 'A level reached.' };
      template(doc, 'left').definition = { en: 'Someone went away.' };
      doc.concepts.push({
        id: `${P}/activity-types/club`,
        type: 'ActivityType',
        inScheme: P,
        prefLabel: { en: 'club' },
        definition: { en: 'A club.' },
      });
    });
    const md = renderChangelog(set);
    expect(md).toContain('(breaking) Agent Profile Resource “state”');
    expect(md).toContain(
      'Changes the concept type from “State Resource” to “Agent Profile Resource”.',
    );
    expect(md).toContain('The concept changed type (State Resource → Agent Profile Resource)');
    expect(md).toContain('(editorial) Result Extension “level”');
    expect(md).toContain('(editorial) Statement Template “Left”');
    expect(md).toContain('(additive) Activity Type “club”');
    expect(md).toContain('(a new first number: producers must change)');
    for (const name of [
      'StatementTemplate',
      'AgentProfileResource',
      'StateResource',
      'ResultExtension',
      'ActivityType',
      'MODEL',
      'REVISION',
      'ADDITION',
    ])
      expect(md).not.toContain(name);
    // The values before and after stay what the documents say.
    const state = set.items.find((i) => i.id === `${P}/documents/state`)!;
    expect(state.fields.find((f) => f.field === 'type')).toMatchObject({
      before: 'StateResource',
      after: 'AgentProfileResource',
    });
  });

  it('says the part of the version number in words when the older version has no number', () => {
    const older = profile('1.0.0');
    older.versions = [{ id: `${P}/first`, generatedAtTime: '2026-01-01T00:00:00Z' }];
    const set = changed((doc) => {
      doc.concepts.push({ id: `${P}/verbs/new`, type: 'Verb', prefLabel: { en: 'new' } });
    }, older);
    const md = renderChangelog(set);
    expect(md).toContain('Suggested change: a new last number: only new items. The only changes');
    expect(md).not.toMatch(/ADDITION|part\b/);
  });
});
