import { Code, List, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ConceptView } from '../../../common/concepts';
import { Field, IriText, None } from './fields';
import { typeLabel } from '../../lib/concept-values';
import { prettyJson } from './concept-format';

type Concept = ConceptView['concept'];
type Json = Record<string, unknown>;

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block aria-label={label} style={{ maxHeight: 360, overflow: 'auto' }}>
      {prettyJson(value)}
    </Code>
  );
}

/** A term another concept points at: its name opens it when it is on the server, else its IRI. */
function TermName({
  term,
  onOpen,
}: {
  term: { iri: string; name: string | null; uuid: string | null };
  onOpen: ((conceptId: string) => void) | undefined;
}) {
  const label = term.name ?? term.iri;
  if (term.uuid && onOpen) {
    const uuid = term.uuid;
    return (
      <Stack gap={0}>
        <UnstyledButton
          onClick={() => onOpen(uuid)}
          c="blue"
          fz="sm"
          aria-label={`Show details of ${label}`}
        >
          {label}
        </UnstyledButton>
        {term.name && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {term.iri}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      {term.name && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {term.iri}
        </Text>
      )}
    </Stack>
  );
}

function SimilarTerms({
  concept,
  onOpenTerm,
}: {
  concept: Concept;
  onOpenTerm: ((conceptId: string) => void) | undefined;
}) {
  if (concept.similarTerms.length === 0) return <None />;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withTableBorder aria-label="Similar terms">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Concept</Table.Th>
            <Table.Th w={140}>Relation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {concept.similarTerms.map((term) => (
            <Table.Tr key={`${term.relationType}-${term.iri}`}>
              <Table.Td>
                <TermName term={term} onOpen={onOpenTerm} />
              </Table.Td>
              <Table.Td>
                {term.relationType === 'exact' ? 'exact match' : term.relationType}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecommendedTerms({
  concept,
  onOpenTerm,
}: {
  concept: Concept;
  onOpenTerm: ((conceptId: string) => void) | undefined;
}) {
  if (concept.recommendedTerms.length === 0) return <None />;
  return (
    <List size="sm" spacing={4} aria-label="Recommended terms">
      {concept.recommendedTerms.map((term) => (
        <List.Item key={term.iri}>
          <TermName term={term} onOpen={onOpenTerm} />
        </List.Item>
      ))}
    </List>
  );
}

function SchemaFields({ content }: { content: Json }) {
  const context = str(content.context);
  const schema = str(content.schema);
  const inline = str(content.inlineSchema);
  return (
    <>
      <Field label="Context IRI" wide>
        {context ? <IriText iri={context} /> : <None />}
      </Field>
      {inline !== null ? (
        <Field label="Inline Schema" wide>
          <JsonBlock value={inline} label="Inline schema" />
        </Field>
      ) : (
        <Field label="Schema IRI" wide>
          {schema ? <IriText iri={schema} /> : <None />}
        </Field>
      )}
    </>
  );
}

const COMPONENT_LABELS: Array<[string, string]> = [
  ['choices', 'Choices'],
  ['scale', 'Scale'],
  ['source', 'Source'],
  ['target', 'Target'],
  ['steps', 'Steps'],
];

function InteractionComponents({ label, list }: { label: string; list: unknown[] }) {
  const components = list.filter(isJson);
  return (
    <Field label={label} wide>
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Id</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {components.map((c, index) => {
              const descriptions = isJson(c.description) ? Object.values(c.description) : [];
              return (
                <Table.Tr key={`${String(c.id)}-${index}`}>
                  <Table.Td>{str(c.id) ?? ''}</Table.Td>
                  <Table.Td>
                    {descriptions.filter((d) => typeof d === 'string').join(' · ')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Field>
  );
}

function ActivityFields({ content }: { content: Json }) {
  const definition = isJson(content.activityDefinition) ? content.activityDefinition : {};
  const activityType = str(definition.type);
  const moreInfo = str(definition.moreInfo);
  const interactionType = str(definition.interactionType);
  const patterns = strings(definition.correctResponsesPattern);
  return (
    <>
      <Field label="Activity Type" wide>
        {activityType ? <IriText iri={activityType} /> : <None />}
      </Field>
      <Field label="More Information" wide>
        {moreInfo ? <IriText iri={moreInfo} /> : <None />}
      </Field>
      <Field label="Interaction Type">{interactionType ?? <None />}</Field>
      {patterns.length > 0 && (
        <Field label="Correct Responses Pattern" wide>
          <List size="sm" spacing={2} aria-label="Correct responses pattern">
            {patterns.map((p, index) => (
              <List.Item key={`${p}-${index}`}>
                <Code>{p}</Code>
              </List.Item>
            ))}
          </List>
        </Field>
      )}
      {COMPONENT_LABELS.map(([key, label]) => {
        const list = definition[key];
        return Array.isArray(list) && list.length > 0 ? (
          <InteractionComponents key={key} label={label} list={list} />
        ) : null;
      })}
      {isJson(definition.extensions) && (
        <Field label="Extensions" wide>
          <JsonBlock value={definition.extensions} label="Activity extensions" />
        </Field>
      )}
    </>
  );
}

/**
 * The fields of one kind of concept, as a description list's items: similar terms of Verbs and
 * the two semantic types, media type and schema of Documents, recommended terms and schema of
 * Extensions, the activity definition of Activities.
 */
export function TypeSpecificFields({
  concept,
  onOpenTerm,
}: {
  concept: Concept;
  onOpenTerm?: ((conceptId: string) => void) | undefined;
}) {
  const content = concept.content;
  switch (concept.conceptType) {
    case 'Verb':
    case 'ActivityType':
    case 'AttachmentUsageType':
      return (
        <Field label="Similar Terms" wide>
          <SimilarTerms concept={concept} onOpenTerm={onOpenTerm} />
        </Field>
      );
    case 'Document':
      return (
        <>
          <Field label="Document Type">{typeLabel(concept.type)}</Field>
          <Field label="Media Type">{str(content.contentType) ?? <None />}</Field>
          <SchemaFields content={content} />
        </>
      );
    case 'Extension':
      return (
        <>
          <Field label="Extension Type">{typeLabel(concept.type)}</Field>
          <Field
            label={
              concept.type === 'ActivityExtension'
                ? 'Recommended Activity Types'
                : 'Recommended Verbs'
            }
            wide
          >
            <RecommendedTerms concept={concept} onOpenTerm={onOpenTerm} />
          </Field>
          <SchemaFields content={content} />
        </>
      );
    case 'Activity':
      return <ActivityFields content={content} />;
  }
}
