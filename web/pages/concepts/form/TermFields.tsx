import { ActionIcon, Group, Input, Select, Stack, Table, Text } from '@mantine/core';
import {
  RELATION_TYPES,
  type ConceptRow,
  type ConceptType,
  type RelationType,
  type SimilarTerm,
} from '../../../../common/concepts';
import { TermSearch } from './TermSearch';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';

const RELATION_LABELS: Record<RelationType, string> = {
  related: 'Related',
  broader: 'Broader',
  narrower: 'Narrower',
  exact: 'Exact match',
};

const termName = (term: { name: string; iri: string }) => term.name || term.iri;

type RelationErrors =
  ReadonlyArray<{ relationType?: { message?: string } } | undefined> | undefined;

/**
 * Similar terms: concepts of the same kind, each with how it relates (related, broader,
 * narrower or an exact match in another profile or version). When the concept was published, the set stays as it is; relations may change.
 */
export function SimilarTermsField({
  value,
  onChange,
  errors,
  conceptType,
  profileId,
  versionId,
  selfIri,
  fixedSet,
  onPicked,
}: {
  value: SimilarTerm[];
  onChange: (value: SimilarTerm[]) => void;
  errors: RelationErrors;
  conceptType: ConceptType;
  profileId: string;
  versionId: string;
  /** The concept's own IRI, never its own similar term ('' while it has none). */
  selfIri: string;
  /** Published: terms can be neither added nor removed. */
  fixedSet: boolean;
  onPicked: (row: ConceptRow) => void;
}) {
  const kind = CONCEPT_TYPE_LABELS[conceptType];
  return (
    <Stack gap="xs">
      <div>
        <Input.Label>Similar Terms</Input.Label>
        <Input.Description>
          Other {kind} concepts with a related, broader or narrower meaning.
          {fixedSet && ' The terms of a published concept stay; their relation may change.'}
        </Input.Description>
      </div>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No similar terms.
        </Text>
      ) : (
        <Table withTableBorder aria-label="Similar terms" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Term</Table.Th>
              <Table.Th w={220}>Relation</Table.Th>
              {!fixedSet && <Table.Th w={48} aria-label="Remove" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((term, index) => (
              <Table.Tr key={term.iri}>
                <Table.Td style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {termName(term)}
                  </Text>
                  {term.name && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {term.iri}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Select
                    aria-label={`Relation of ${termName(term)}`}
                    placeholder="Choose a relation"
                    data={RELATION_TYPES.map((r) => ({ value: r, label: RELATION_LABELS[r] }))}
                    value={term.relationType === '' ? null : term.relationType}
                    onChange={(next) =>
                      onChange(
                        value.map((t, i) => (i === index ? { ...t, relationType: next ?? '' } : t)),
                      )
                    }
                    error={errors?.[index]?.relationType?.message}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                {!fixedSet && (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${termName(term)}`}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      ✕
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!fixedSet && (
        <TermSearch
          label="Find Similar Terms"
          description={`Search the ${kind} concepts of this profile and of published profiles.`}
          conceptType={conceptType}
          profileId={profileId}
          versionId={versionId}
          exclude={[selfIri, ...value.map((t) => t.iri)]}
          onPick={(row) => {
            onPicked(row);
            onChange([...value, { iri: row.iri, name: row.name, relationType: '' }]);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * An extension's recommended terms: Activity Type concepts for an activity extension, Verb
 * concepts for context and result extensions.
 */
export function RecommendedTermsField({
  extensionType,
  value,
  names,
  onChange,
  profileId,
  versionId,
  onPicked,
}: {
  extensionType: string;
  value: string[];
  names: Readonly<Record<string, string>>;
  onChange: (value: string[]) => void;
  profileId: string;
  versionId: string;
  onPicked: (row: ConceptRow) => void;
}) {
  const kind: ConceptType | null =
    extensionType === '' ? null : extensionType === 'ActivityExtension' ? 'ActivityType' : 'Verb';
  const what = kind === 'ActivityType' ? 'activity types' : 'verbs';
  return (
    <Stack gap="xs">
      <div>
        <Input.Label>Recommended Terms</Input.Label>
        <Input.Description>
          {kind === null
            ? 'Choose the extension type first: activity extensions recommend activity types, context and result extensions recommend verbs.'
            : `The ${what} this extension is meant to be used with.`}
        </Input.Description>
      </div>
      {value.length > 0 && (
        <Stack gap={4} role="list" aria-label="Recommended terms">
          {value.map((iri) => (
            <Group key={iri} role="listitem" gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {names[iri] || iri}
                </Text>
                {names[iri] && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {iri}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove ${names[iri] || iri}`}
                onClick={() => onChange(value.filter((v) => v !== iri))}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {kind !== null && (
        <TermSearch
          label="Find Recommended Terms"
          description={`Search the ${CONCEPT_TYPE_LABELS[kind]} concepts of this profile and of published profiles.`}
          conceptType={kind}
          profileId={profileId}
          versionId={versionId}
          exclude={value}
          onPick={(row) => {
            onPicked(row);
            onChange([...value, row.iri]);
          }}
        />
      )}
    </Stack>
  );
}
