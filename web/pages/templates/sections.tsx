import { Anchor, Button, Code, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  DETERMINING_PROPERTY_LABELS,
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  TEMPLATE_REF_KEYS,
  TEMPLATE_REF_TYPES,
  type DeterminingProperty,
  type ItemRef,
  type TemplateRefType,
} from '../../../common/templates';
import {
  Field,
  FieldGrid,
  IriText,
  None,
  ParentFields,
  TagList,
  TranslationsTable,
} from '../../components/items/fields';
import { HiddenHeader } from '../../components/parts';
import { formatDate } from '../../lib/format';
import { conditionsSummary, hasProperty, locationOf } from './format';
import { useTemplateScope } from './scope';
import type { Template } from './TemplateScreen';

/** What the viewer may change on the template's page. */
export interface Abilities {
  /** Edit the template at all (details, example, scope notes). */
  edit: boolean;
  /** Change what publication fixes: determining properties, references, rules. */
  editFixed: boolean;
  /** Remove rules (only while unpublished). */
  removeRule: boolean;
}

/** A concept or template named by IRI: a link when this server has it, else its IRI. */
function RefName({ item, to }: { item: ItemRef; to: ((uuid: string) => string) | null }) {
  const label = item.name ?? item.iri;
  return (
    <Stack gap={0}>
      {item.uuid && to ? (
        <Anchor component={Link} to={to(item.uuid)} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
      )}
      {item.name && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {item.iri}
        </Text>
      )}
    </Stack>
  );
}

/** Statement Template Details: the fields, a metadata box and the way to edit them. */
export function DetailsSection({ template, can }: { template: Template; can: Abilities }) {
  const scope = useTemplateScope();
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <div style={{ flex: '2 1 26rem', minWidth: 0 }}>
          <FieldGrid cols={2}>
            <Field label="IRI" wide>
              <IriText iri={template.iri} />
            </Field>
            <Field label="Name" wide>
              {template.name}
            </Field>
            <Field label="Description" wide>
              <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {template.description}
              </Text>
            </Field>
            <Field label="Translations" wide>
              <TranslationsTable item={template} />
            </Field>
            <Field label="Tags" wide>
              <TagList tags={template.tags} />
            </Field>
            <Field label="More Information" wide>
              {template.moreInformation ? <IriText iri={template.moreInformation} /> : <None />}
            </Field>
          </FieldGrid>
        </div>
        <Paper
          withBorder
          radius="md"
          p="md"
          bg="var(--mantine-color-gray-light)"
          style={{ flex: '1 1 14rem' }}
          component="section"
          aria-label="Metadata"
        >
          <FieldGrid cols={1}>
            <Field label="Status">{template.status}</Field>
            <ParentFields item={template} groupLabel="Working Group" />
            <Field label="Updated">
              {formatDate(template.updatedOn)}
              {template.updatedBy ? ` by ${template.updatedBy}` : ''}
            </Field>
          </FieldGrid>
        </Paper>
      </Group>
      {can.edit && (
        <Group>
          <Button component={Link} to={scope.templatePath(template.uuid, 'edit')} variant="light">
            Edit Statement Template Details
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Example Statement: the pretty JSON, and Add Example or Edit Example for editors. */
export function ExampleSection({ template, can }: { template: Template; can: Abilities }) {
  const scope = useTemplateScope();
  const has = template.statementExample.trim() !== '';
  return (
    <Stack gap="md">
      {/* Focusable, as it scrolls: a keyboard must reach what it hides (WCAG 2.1.1). */}
      {has ? (
        <Code
          block
          aria-label="Example statement"
          tabIndex={0}
          style={{ maxHeight: 480, overflow: 'auto' }}
        >
          {template.statementExample}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          No example statement yet.
        </Text>
      )}
      {can.edit && (
        <Group>
          <Button
            component={Link}
            to={scope.templatePath(template.uuid, 'example')}
            variant="light"
          >
            {has ? 'Edit Example' : 'Add Example'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Determining Properties: each property with its concepts (each opens a read-only view), and
 * for editors of an unpublished template Add, Edit and Remove.
 */
export function DeterminingSection({
  template,
  can,
  onRemove,
}: {
  template: Template;
  can: Abilities;
  onRemove: (property: DeterminingProperty) => void;
}) {
  const scope = useTemplateScope();
  const conceptPath = (uuid: string) =>
    scope.templatePath(template.uuid, `determining-properties/${encodeURIComponent(uuid)}`);
  return (
    <Stack gap="md">
      {template.determiningProperties.length === 0 ? (
        <Text size="sm" c="dimmed">
          No determining properties yet. At least one is needed to match statements to this
          template.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder verticalSpacing="sm" aria-label="Determining properties">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={240}>Property</Table.Th>
                <Table.Th>Concepts</Table.Th>
                {can.editFixed && <HiddenHeader label="Actions" w={150} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {template.determiningProperties.map(({ property, concepts }) => {
                const label = DETERMINING_PROPERTY_LABELS[property];
                return (
                  <Table.Tr key={property}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>
                      <Stack gap={6}>
                        {concepts.map((concept) => (
                          <RefName key={concept.iri} item={concept} to={conceptPath} />
                        ))}
                      </Stack>
                    </Table.Td>
                    {can.editFixed && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            component={Link}
                            to={scope.templatePath(
                              template.uuid,
                              `determining-properties/${property}/edit`,
                            )}
                            size="compact-sm"
                            variant="light"
                            aria-label={`Edit ${label}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            aria-label={`Remove ${label}`}
                            onClick={() => onRemove(property)}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {can.editFixed && (
        <Group>
          <Button
            component={Link}
            to={scope.templatePath(template.uuid, 'determining-properties/create')}
            variant="light"
          >
            Add Determining Property
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Statement Rules: location (to the rule), presence and conditions; Add, Edit, Remove for editors. */
export function RulesSection({
  template,
  can,
  onRemove,
}: {
  template: Template;
  can: Abilities;
  onRemove: (index: number) => void;
}) {
  const scope = useTemplateScope();
  const rulePath = (action: 'view' | 'edit', index: number) =>
    scope.templatePath(template.uuid, `rule/${action}?rule=${index}`);
  const actions = can.editFixed || can.removeRule;
  return (
    <Stack gap="md">
      {template.rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rules yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table withTableBorder verticalSpacing="sm" aria-label="Statement rules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Location</Table.Th>
                <Table.Th w={130}>Presence</Table.Th>
                <Table.Th>Conditions</Table.Th>
                {actions && <HiddenHeader label="Actions" w={150} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {template.rules.map((rule, index) => {
                const location = locationOf(rule) || `Rule ${index + 1}`;
                return (
                  <Table.Tr key={`${index}-${location}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={rulePath('view', index)}
                        size="sm"
                        ff="monospace"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {location}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {typeof rule.presence === 'string' ? rule.presence : <None />}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {conditionsSummary(rule) || <None />}
                    </Table.Td>
                    {actions && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {can.editFixed && (
                            <Button
                              component={Link}
                              to={rulePath('edit', index)}
                              size="compact-sm"
                              variant="light"
                              aria-label={`Edit rule ${location}`}
                            >
                              Edit
                            </Button>
                          )}
                          {can.removeRule && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="red"
                              aria-label={`Remove rule ${location}`}
                              onClick={() => onRemove(index)}
                            >
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {can.editFixed && (
        <Group>
          <Button
            component={Link}
            to={scope.templatePath(template.uuid, 'rule/create')}
            variant="light"
          >
            Add Rule
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Associated Concepts: every concept the determining properties name, each to its view. */
export function ConceptsSection({ template }: { template: Template }) {
  const scope = useTemplateScope();
  if (template.concepts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No concepts yet: the concepts of the determining properties appear here.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={6} aria-label="Associated concepts" listStyleType="none">
      {template.concepts.map((concept) => (
        <List.Item key={concept.iri}>
          <RefName
            item={concept}
            to={(uuid) => scope.templatePath(template.uuid, `concepts/${encodeURIComponent(uuid)}`)}
          />
        </List.Item>
      ))}
    </List>
  );
}

const REF_TITLES: Record<TemplateRefType, string> = {
  object: 'Object Statement Reference Templates',
  context: 'Context Statement Reference Templates',
};
const REF_WORDS: Record<TemplateRefType, string> = { object: 'Object', context: 'Context' };

/** Related Statement Templates: those a StatementRef of the object and of the context names. */
export function RelatedSection({ template, can }: { template: Template; can: Abilities }) {
  const scope = useTemplateScope();
  return (
    <Stack gap="lg">
      {TEMPLATE_REF_TYPES.map((refType) => {
        const refs = template[TEMPLATE_REF_KEYS[refType]];
        const exclusive = refType === 'object' && hasProperty(template, 'objectActivityType');
        const path = (mode: 'create' | 'edit') =>
          scope.templatePath(template.uuid, `related-statement-templates/${refType}/${mode}`);
        return (
          <Stack key={refType} gap="xs" component="section" aria-label={REF_TITLES[refType]}>
            <Title order={3} size="h5">
              {REF_TITLES[refType]} ({refs.length})
            </Title>
            {refs.length === 0 ? (
              <Text size="sm" c="dimmed">
                None.
              </Text>
            ) : (
              <Stack gap={6}>
                {refs.map((ref) => (
                  <RefName key={ref.iri} item={ref} to={(uuid) => scope.templatePath(uuid)} />
                ))}
              </Stack>
            )}
            {can.editFixed && exclusive && refs.length === 0 && (
              <Text size="sm" c="dimmed">
                {OBJECT_TYPE_EXCLUSIVE_MESSAGE}
              </Text>
            )}
            {can.editFixed && (
              <Group gap="xs">
                {!exclusive && (
                  <Button component={Link} to={path('create')} variant="light" size="compact-sm">
                    {`Add ${REF_WORDS[refType]} References`}
                  </Button>
                )}
                {refs.length > 0 && (
                  <Button component={Link} to={path('edit')} variant="light" size="compact-sm">
                    {`Edit ${REF_WORDS[refType]} References`}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
