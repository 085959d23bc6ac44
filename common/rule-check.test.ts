import { describe, expect, it } from 'vitest';
import {
  checkRule,
  DETERMINING_PROPERTIES,
  determiningPropertyOf,
  type DeterminingProperty,
  type DeterminingValues,
  parseRuleText,
  RULE_VALID_MESSAGE,
  ruleSchemaErrors,
} from './rule-check';

const VERB = 'https://example.org/verbs/read';
const TYPE = 'https://example.org/types/book';
const template = (determining = {}, otherRules: Array<{ location: string }> = []) => ({
  determining,
  otherRules,
});

describe('the rule JSON check', () => {
  it('accepts a rule with or without its outer braces', () => {
    expect(
      checkRule('"location": "$.result.score.raw", "presence": "included"', template()),
    ).toEqual({
      ok: true,
      rule: { location: '$.result.score.raw', presence: 'included' },
      message: RULE_VALID_MESSAGE,
    });
    expect(checkRule('{"location": "$.timestamp", "presence": "recommended"}', template()).ok).toBe(
      true,
    );
  });

  it('shows the parser message for text that is not JSON', () => {
    const result = checkRule('"location": ', template());
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/JSON|Unexpected/);
    expect(parseRuleText('{"a": }').error).toBeTruthy();
  });

  it.each([
    [{ presence: 'included' }, '"location" is required'],
    [{ location: '$.result[?(@.x)]', presence: 'included' }, '"location" is not a valid JSONPath'],
    [{ location: '$.result', selector: 7, presence: 'included' }, '"selector" must be a JSONPath'],
    [{ location: '$.result', presence: 'maybe' }, '"presence" must be one of'],
    [{ location: '$.result', any: [] }, '"any" must be a non-empty array'],
    [{ location: '$.result', all: 'x' }, '"all" must be a non-empty array'],
    [{ location: '$.result', presence: 'included', extra: 1 }, '"extra" is not a rule property'],
    [{ location: '$.result', scopeNote: 'note' }, '"scopeNote" must be a language map'],
    [{ location: '$.result' }, 'at least one of "presence", "any", "all" or "none"'],
  ])('refuses %j', (rule, message) => {
    expect(ruleSchemaErrors(rule).join(' ')).toContain(message);
  });

  it('allows one rule per location', () => {
    const result = checkRule(
      '"location": "$.result.success", "presence": "included"',
      template({}, [{ location: '$.result.success' }]),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'This template already has a rule for location $.result.success; edit that rule instead.',
      ],
    });
  });

  it('maps statement locations to determining properties', () => {
    expect(determiningPropertyOf('$.verb.id')).toEqual({ property: 'verb', value: true });
    expect(determiningPropertyOf('$.verb')).toEqual({ property: 'verb', value: false });
    expect(determiningPropertyOf('$.object.definition.type')?.property).toBe('objectActivityType');
    expect(
      determiningPropertyOf('$.context.contextActivities.grouping[*].definition.type'),
    ).toEqual({ property: 'contextGroupingActivityType', value: true });
    expect(determiningPropertyOf('$.context.contextActivities.other.definition')?.property).toBe(
      'contextOtherActivityType',
    );
    expect(determiningPropertyOf('$.attachments[*].usageType')?.property).toBe(
      'attachmentUsageType',
    );
    expect(determiningPropertyOf('$.result.score')).toBeNull();
  });

  const errorsOf = (text: string, determining = {}) => {
    const result = checkRule(text, template(determining));
    return result.ok ? [] : result.errors;
  };

  it('needs a determining property before an all or any condition on its values', () => {
    expect(errorsOf(`"location": "$.verb.id", "all": ["${VERB}"]`)).toEqual([
      'There cannot be an all condition for location $.verb.id because a verb determining property has not been specified for this template.',
    ]);
    expect(errorsOf(`"location": "$.object.definition.type", "any": ["${TYPE}"]`)).toEqual([
      'There cannot be an any condition for location $.object.definition.type because a objectActivityType determining property has not been specified for this template.',
    ]);
  });

  it('checks all, any and none against the determining values', () => {
    const determining = { contextParentActivityType: [TYPE, `${TYPE}/2`] };
    const loc = '$.context.contextActivities.parent[*].definition.type';
    expect(errorsOf(`"location": "${loc}", "all": ["${TYPE}"]`, determining)).toEqual([
      `Not every value in the contextParentActivityType determining property specified for ${loc} is present in the all condition values.`,
    ]);
    expect(errorsOf(`"location": "${loc}", "all": ["${TYPE}", "${TYPE}/2"]`, determining)).toEqual(
      [],
    );
    expect(errorsOf(`"location": "${loc}", "any": ["https://other"]`, determining)).toEqual([
      `No value in the contextParentActivityType determining property specified for ${loc} is present in the any condition values.`,
    ]);
    expect(errorsOf(`"location": "${loc}", "any": ["${TYPE}/2"]`, determining)).toEqual([]);
    expect(errorsOf(`"location": "${loc}", "none": ["${TYPE}"]`, determining)).toEqual([
      `There are values in the contextParentActivityType determining property specified for ${loc} that are present in the none condition values.`,
    ]);
  });

  it('refuses excluded where a determining property applies, and excluded with any or all', () => {
    expect(errorsOf('"location": "$.verb", "presence": "excluded"', { verb: VERB })).toEqual([
      'The presence cannot be excluded for location $.verb because a verb determining property has been specified for this template.',
    ]);
    expect(
      errorsOf('"location": "$.result.score.raw", "presence": "excluded", "any": [1]'),
    ).toEqual([
      'There is a presence condition equal to excluded and at least one of an any or all condition types for location $.result.score.raw.',
    ]);
    expect(errorsOf('"location": "$.verb", "presence": "excluded"')).toEqual([]);
  });
});

describe('the location → determining property table', () => {
  const direct: Array<[string, DeterminingProperty, boolean]> = [
    ['$.verb', 'verb', false],
    ['$.verb.id', 'verb', true],
    ["$['verb']['id']", 'verb', true],
    ['$.object.definition', 'objectActivityType', false],
    ['$.object.definition.type', 'objectActivityType', true],
    ['$.attachments', 'attachmentUsageType', false],
    ['$.attachments[*]', 'attachmentUsageType', false],
    ['$.attachments.usageType', 'attachmentUsageType', true],
    ['$.attachments[*].usageType', 'attachmentUsageType', true],
  ];
  const contextKinds: Array<[string, DeterminingProperty]> = [
    ['parent', 'contextParentActivityType'],
    ['grouping', 'contextGroupingActivityType'],
    ['category', 'contextCategoryActivityType'],
    ['other', 'contextOtherActivityType'],
  ];
  const contextRows = contextKinds.flatMap(([name, property]) =>
    ['', '[*]'].flatMap((each) => {
      const base = `$.context.contextActivities.${name}${each}`;
      return [
        [base, property, false],
        [`${base}.definition`, property, false],
        [`${base}.definition.type`, property, true],
      ] as Array<[string, DeterminingProperty, boolean]>;
    }),
  );

  it.each([...direct, ...contextRows])(
    '%s maps to %s (values: %s)',
    (location, property, value) => {
      expect(determiningPropertyOf(location)).toEqual({ property, value });
    },
  );

  it.each([
    '$.result.score.raw',
    '$.object.id',
    '$.context.contextActivities.parent[*].id',
    '$.context.extensions',
    '$.actor.mbox',
  ])('%s maps to no determining property', (location) => {
    expect(determiningPropertyOf(location)).toBeNull();
  });

  it('covers every determining property', () => {
    const mapped = new Set([...direct, ...contextRows].map(([, property]) => property));
    expect([...mapped].sort()).toEqual([...DETERMINING_PROPERTIES].sort());
  });
});

describe('every determining-property message, for every property', () => {
  const IRI = 'https://example.org/concepts/a';
  const OTHER = 'https://example.org/concepts/b';
  // One value location per property: where any/all/none compare against the property's IRIs.
  const valueLocation: Record<DeterminingProperty, string> = {
    verb: '$.verb.id',
    objectActivityType: '$.object.definition.type',
    contextCategoryActivityType: '$.context.contextActivities.category[*].definition.type',
    contextGroupingActivityType: '$.context.contextActivities.grouping[*].definition.type',
    contextOtherActivityType: '$.context.contextActivities.other[*].definition.type',
    contextParentActivityType: '$.context.contextActivities.parent[*].definition.type',
    attachmentUsageType: '$.attachments[*].usageType',
  };
  const valueOf = (property: DeterminingProperty, iris: string[]) =>
    property === 'verb' || property === 'objectActivityType' ? iris[0] : iris;
  const check = (rule: Record<string, unknown>, determining: DeterminingValues = {}) => {
    const result = checkRule(JSON.stringify(rule), { determining, otherRules: [] });
    return result.ok ? [] : result.errors;
  };

  describe.each(DETERMINING_PROPERTIES.map((p) => [p] as const))('%s', (type) => {
    const loc = valueLocation[type];
    const set = { [type]: valueOf(type, [IRI]) } as DeterminingValues;

    it.each(['all', 'any'] as const)('refuses an %s condition without the property', (kind) => {
      expect(check({ location: loc, [kind]: [IRI] })).toEqual([
        `There cannot be an ${kind} condition for location ${loc} because a ${type} determining property has not been specified for this template.`,
      ]);
    });

    it('refuses an all condition that leaves a determining value out', () => {
      expect(check({ location: loc, all: [OTHER] }, set)).toEqual([
        `Not every value in the ${type} determining property specified for ${loc} is present in the all condition values.`,
      ]);
      expect(check({ location: loc, all: [IRI, OTHER] }, set)).toEqual([]);
    });

    it('refuses an any condition without a determining value', () => {
      expect(check({ location: loc, any: [OTHER] }, set)).toEqual([
        `No value in the ${type} determining property specified for ${loc} is present in the any condition values.`,
      ]);
      expect(check({ location: loc, any: [IRI] }, set)).toEqual([]);
    });

    it('refuses a none condition holding a determining value', () => {
      expect(check({ location: loc, none: [IRI] }, set)).toEqual([
        `There are values in the ${type} determining property specified for ${loc} that are present in the none condition values.`,
      ]);
      expect(check({ location: loc, none: [OTHER] }, set)).toEqual([]);
    });

    it('refuses presence excluded where the property is set', () => {
      expect(check({ location: loc, presence: 'excluded' }, set)).toEqual([
        `The presence cannot be excluded for location ${loc} because a ${type} determining property has been specified for this template.`,
      ]);
      expect(check({ location: loc, presence: 'excluded' })).toEqual([]);
    });
  });

  it.each(['any', 'all'] as const)('refuses presence excluded with an %s condition', (kind) => {
    expect(check({ location: '$.result.success', presence: 'excluded', [kind]: [true] })).toEqual([
      'There is a presence condition equal to excluded and at least one of an any or all condition types for location $.result.success.',
    ]);
  });

  it('answers the success message for a rule that passes', () => {
    const result = checkRule('"location": "$.verb.id", "any": ["x"]', {
      determining: { verb: 'x' },
      otherRules: [],
    });
    expect(result.ok && result.message).toBe('JSON format and properties are valid.');
  });
});
