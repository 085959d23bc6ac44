import { DETERMINING_PROPERTIES, TEMPLATE_REF_KEYS } from '../../common/templates';
import type { VersionFinding } from '../../common/harvest';

type ItemKind = NonNullable<VersionFinding['item']>['kind'];

/**
 * How the page a finding links to fixes it:
 * - `control`: a labelled control there edits the field the rule reads;
 * - `on-save`: saving the item's form writes what the rule asks for (a value nobody chooses,
 *   such as the activity context, or a wrong value the form leaves out);
 * - `delete`: the value is the item's permanent IRI or kind; the page offers to delete the item
 *   (or, once published, to deprecate it);
 * - `remove`: no form manages the value (a property the item should not have); the Findings
 *   panel's "Remove this value" beside the finding takes it out of the item.
 */
export type FindingFix = 'control' | 'on-save' | 'delete' | 'remove';

/** The screen of the item that holds the control. */
export type FindingPage =
  | 'concept form'
  | 'template details'
  | 'template page'
  | 'determining property'
  | 'related templates'
  | 'rule editor'
  | 'example'
  | 'pattern form';

export interface FindingField {
  kind: ItemKind;
  /** The field of the item's JSON the rule reads (`*` for any field). */
  field: string;
  page: FindingPage;
  /** The accessible name of the control (or button) that fixes it. */
  control: string;
  fix: FindingFix;
}

const concept = (field: string, control: string, fix: FindingFix = 'control'): FindingField => ({
  kind: 'concept',
  field,
  page: 'concept form',
  control,
  fix,
});
const template = (
  field: string,
  page: FindingPage,
  control: string,
  fix: FindingFix = 'control',
): FindingField => ({ kind: 'template', field, page, control, fix });
const pattern = (field: string, control: string, fix: FindingFix = 'control'): FindingField => ({
  kind: 'pattern',
  field,
  page: 'pattern form',
  control,
  fix,
});

const DELETE = 'Delete';
/** The button beside the finding in the Findings panel. */
export const REMOVE = 'Remove this value';
const SIMILAR = 'Find Similar Terms';
const RULE = 'Rule JSON';
const COMPONENTS = 'Components';
const DETERMINING = 'Selected concepts';
/** An item's name and description in every language. */
const labels = (make: (field: string, control: string) => FindingField) => [
  make('prefLabel', 'Name'),
  make('definition', 'Description'),
];
const templateDetails = (field: string, control: string) =>
  template(field, 'template details', control);
const determining = DETERMINING_PROPERTIES.map((p) =>
  template(p, 'determining property', DETERMINING),
);
/** Every operator names the pattern's members, which its Components list edits. */
const members = ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'].map((op) =>
  pattern(op, COMPONENTS),
);
const relatedTemplates = Object.values(TEMPLATE_REF_KEYS).map((key) =>
  template(key, 'related templates', 'Current references'),
);
/** Every IRI-valued field of an item, where an IRI that is broken or too long is fixed. */
const iriFixes = [
  concept('id', DELETE, 'delete'),
  concept('inScheme', 'Save Changes', 'on-save'),
  concept('*', SIMILAR),
  template('id', 'template page', DELETE, 'delete'),
  ...determining,
  ...relatedTemplates,
  pattern('id', DELETE, 'delete'),
  pattern('*', COMPONENTS),
];

/**
 * Every rule the validator can report inside a concept, template or pattern, with the fields it
 * reads and the control that fixes each. `finding-fields.test.ts` fails when the validator reports
 * a rule inside an item that has no entry here.
 */
export const ITEM_FINDING_FIELDS: Readonly<Record<string, readonly FindingField[]>> = {
  // Document form: keys, compaction, empty values.
  A2: [
    concept('@id', REMOVE, 'remove'),
    concept('@type', REMOVE, 'remove'),
    concept('broader', SIMILAR, 'on-save'),
    concept('narrower', SIMILAR, 'on-save'),
    concept('related', SIMILAR, 'on-save'),
    concept('broadMatch', SIMILAR, 'on-save'),
    concept('narrowMatch', SIMILAR, 'on-save'),
    concept('relatedMatch', SIMILAR, 'on-save'),
    concept('exactMatch', SIMILAR, 'on-save'),
    concept('recommendedActivityTypes', 'Find Recommended Terms', 'on-save'),
    concept('recommendedVerbs', 'Find Recommended Terms', 'on-save'),
    template('@id', 'template page', REMOVE, 'remove'),
    template('@type', 'template page', REMOVE, 'remove'),
    ...determining.filter((f) => !['verb', 'objectActivityType'].includes(f.field)),
    ...relatedTemplates,
    template('rules', 'template page', REMOVE, 'remove'),
    pattern('@id', REMOVE, 'remove'),
    pattern('@type', REMOVE, 'remove'),
  ],
  A3: [
    concept('*', REMOVE, 'remove'),
    template('*', 'template page', REMOVE, 'remove'),
    pattern('*', REMOVE, 'remove'),
  ],
  A4: [
    concept('*', REMOVE, 'remove'),
    template('*', 'template page', REMOVE, 'remove'),
    template('rules', 'rule editor', RULE),
    pattern('*', REMOVE, 'remove'),
  ],
  A5: [
    ...labels(concept),
    concept('*', REMOVE, 'remove'),
    ...labels(templateDetails),
    ...determining,
    ...relatedTemplates,
    template('rules', 'rule editor', RULE),
    template('*', 'template page', REMOVE, 'remove'),
    ...labels(pattern),
    ...members,
    pattern('*', REMOVE, 'remove'),
  ],
  // Concepts (D–H).
  D1: [concept('type', DELETE, 'delete')],
  D2: [concept('id', DELETE, 'delete')],
  D3: [concept('inScheme', 'Save Changes', 'on-save')],
  D4: [
    concept('deprecated', 'Save Changes', 'on-save'),
    template('deprecated', 'template details', 'Save Changes', 'on-save'),
    pattern('deprecated', 'Save Changes', 'on-save'),
  ],
  E1: [concept('id', DELETE, 'delete'), ...labels(concept)],
  E2: [concept('broader', SIMILAR), concept('narrower', SIMILAR), concept('related', SIMILAR)],
  E3: [concept('broadMatch', SIMILAR), concept('narrowMatch', SIMILAR)],
  E4: [concept('relatedMatch', SIMILAR), concept('exactMatch', SIMILAR)],
  E5: [concept('related', SIMILAR)],
  F1: [concept('id', DELETE, 'delete'), ...labels(concept)],
  F2: [concept('recommendedActivityTypes', 'Find Recommended Terms')],
  F3: [concept('recommendedVerbs', 'Find Recommended Terms')],
  F4: [concept('context', 'Context IRI'), concept('schema', 'Schema IRI')],
  F5: [concept('schema', 'Schema'), concept('inlineSchema', 'Schema')],
  F6: [concept('inlineSchema', 'Inline Schema')],
  G1: [concept('id', DELETE, 'delete'), ...labels(concept), concept('contentType', 'Media Type')],
  G2: [concept('contentType', 'Media Type')],
  G3: [
    concept('context', 'Context IRI'),
    concept('schema', 'Schema IRI'),
    concept('inlineSchema', 'Inline Schema'),
  ],
  H1: [concept('id', DELETE, 'delete'), concept('activityDefinition', 'Activity Type')],
  H2: [
    // A definition without "@context" is reported at the definition itself.
    concept('activityDefinition', 'Activity definition context', 'on-save'),
    concept('activityDefinition/@context', 'Activity definition context', 'on-save'),
  ],
  H3: [
    concept('activityDefinition', 'Activity Type'),
    concept('activityDefinition/type', 'Activity Type'),
    concept('activityDefinition/name', 'Name'),
    concept('activityDefinition/description', 'Description'),
    concept('activityDefinition/moreInfo', 'More Information'),
    concept('activityDefinition/interactionType', 'Interaction Type'),
    concept('activityDefinition/correctResponsesPattern', 'Correct Responses Pattern'),
    concept('activityDefinition/choices', 'Choices'),
    concept('activityDefinition/scale', 'Scale'),
    concept('activityDefinition/source', 'Source'),
    concept('activityDefinition/target', 'Target'),
    concept('activityDefinition/steps', 'Steps'),
    concept('activityDefinition/extensions', 'Extensions'),
    concept('activityDefinition/*', REMOVE, 'remove'),
  ],
  H4: [concept('activityDefinition/extensions', 'Extensions')],
  H5: [concept('activityDefinition/extensions', 'Extensions')],
  // Statement templates (I) and their rules (J).
  I1: [
    template('id', 'template page', DELETE, 'delete'),
    template('type', 'template details', 'Save Changes', 'on-save'),
    template('inScheme', 'template details', 'Save Changes', 'on-save'),
    ...labels(templateDetails),
  ],
  I2: determining,
  I3: [
    template('objectActivityType', 'template page', 'Remove Object Activity Type'),
    template('objectStatementRefTemplate', 'related templates', 'Current references'),
  ],
  I4: relatedTemplates,
  I5: determining,
  I6: [template('id', 'template page', DELETE, 'delete')],
  J1: [template('rules', 'rule editor', RULE)],
  J2: [template('rules', 'rule editor', RULE)],
  J3: [template('rules', 'rule editor', RULE)],
  J4: [template('rules', 'rule editor', RULE)],
  J5: [template('rules', 'rule editor', RULE)],
  J6: [template('rules', 'rule editor', RULE)],
  J7: [template('rules', 'rule editor', RULE)],
  J8: [template('rules', 'rule editor', RULE)],
  'S-EXAMPLE': [template('example', 'example', 'Example Statement')],
  // Patterns (K).
  K1: [pattern('id', DELETE, 'delete'), pattern('type', 'Save Changes', 'on-save')],
  K2: [pattern('primary', 'Primary or Secondary')],
  K3: [pattern('inScheme', 'Save Changes', 'on-save')],
  K4: labels(pattern),
  K5: [pattern('*', DELETE, 'delete')],
  K6: members,
  K7: [pattern('alternates', COMPONENTS)],
  K8: [pattern('sequence', COMPONENTS)],
  K9: [pattern('alternates', COMPONENTS)],
  K10: [pattern('*', COMPONENTS)],
  K11: members,
  K12: [pattern('id', DELETE, 'delete')],
  K13: [pattern('sequence', COMPONENTS)],
  // Across the document.
  L1: [
    concept('id', DELETE, 'delete'),
    template('id', 'template page', DELETE, 'delete'),
    pattern('id', DELETE, 'delete'),
  ],
  L2: [
    concept('inScheme', 'Save Changes', 'on-save'),
    template('inScheme', 'template details', 'Save Changes', 'on-save'),
    pattern('inScheme', 'Save Changes', 'on-save'),
  ],
  L3: iriFixes,
  // An IRI over the length limit is fixed where an IRI that is not one is.
  L4: iriFixes,
};

/** The item field a finding's pointer names: `/concepts/3/exactMatch/0` → `exactMatch`. */
export function findingField(path: string): string {
  const [, , , field = '', sub = ''] = path.split('/');
  return field === 'activityDefinition' && sub !== '' && !/^\d+$/.test(sub)
    ? `${field}/${sub.replace(/~1/g, '/').replace(/~0/g, '~')}`
    : field.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The entry of the table that says how a finding is fixed, if there is one. */
export function fieldOf(finding: VersionFinding): FindingField | null {
  if (!finding.item) return null;
  const kind = finding.item.kind;
  const field = findingField(finding.path);
  const entries = (ITEM_FINDING_FIELDS[finding.ruleId] ?? []).filter((e) => e.kind === kind);
  const parent = field.includes('/') ? `${field.split('/')[0]}/*` : '*';
  // A missing field is reported at the item itself, with the field's name in the message.
  const named = field === '' ? entries.find((e) => finding.message.includes(`"${e.field}"`)) : null;
  return (
    named ??
    entries.find((e) => e.field === field) ??
    entries.find((e) => e.field === parent) ??
    entries.find((e) => e.field === '*') ??
    null
  );
}

/**
 * Where under the item's page a finding is fixed (`''` for the item's page itself): a template's
 * rule in the rule editor, a determining property or related templates in their own forms, the
 * example on its page. Concepts and patterns are fixed in the form their page's Edit opens.
 */
export function findingSubpage(finding: VersionFinding): string {
  if (finding.item?.kind !== 'template') return '';
  if (finding.ruleId === 'S-EXAMPLE') return 'example';
  const [, , , field = '', index = ''] = finding.path.split('/');
  if (field === 'rules' && /^\d+$/.test(index)) return `rule/edit?rule=${index}`;
  if ((DETERMINING_PROPERTIES as readonly string[]).includes(field))
    return `determining-properties/${field}/edit`;
  for (const [refType, key] of Object.entries(TEMPLATE_REF_KEYS))
    if (field === key) return `related-statement-templates/${refType}/edit`;
  return '';
}
