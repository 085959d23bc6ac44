import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  EMPTY_COMPONENTS_MESSAGE,
  PATTERN_TYPE_LABELS,
  type ComponentType,
  type PatternComponent,
  type PatternType,
  type PatternView,
} from '../../../common/patterns';
import {
  Field,
  IriText,
  None,
  ParentFields,
  TagList,
  TranslationsTable,
} from '../../components/items/fields';
import { InfoButton, StatusBadge } from '../../components/items/badges';
import { formatDate } from '../../lib/format';
import { COMPONENT_TYPE_LABELS, primaryLabel } from './format';

type Pattern = PatternView['pattern'];

/** Something a side panel can show: a statement template or a pattern. */
export interface PanelTarget {
  componentType: ComponentType;
  uuid: string;
}

/** What a component is: a statement template, or a pattern of some type. */
export function componentKind(component: {
  componentType: ComponentType | null;
  patternType?: PatternType | null | undefined;
}) {
  if (component.componentType === null) return 'Unknown';
  const label = COMPONENT_TYPE_LABELS[component.componentType];
  return component.patternType ? `${label} (${PATTERN_TYPE_LABELS[component.patternType]})` : label;
}

/**
 * A pattern's components in order: each one's name (a link to its page in this version when
 * `componentPath` is given and the server knows it), IRI, kind and status, and an info button.
 */
export function ComponentsTable({
  components,
  componentPath,
  onInfo,
}: {
  components: readonly PatternComponent[];
  componentPath?: ((componentType: ComponentType, componentId: string) => string) | undefined;
  onInfo: (target: PanelTarget) => void;
}) {
  if (components.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {EMPTY_COMPONENTS_MESSAGE}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder aria-label="Components">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Component</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {components.map((component, index) => {
            const { uuid, componentType } = component;
            const label = component.name ?? component.iri;
            const known = uuid !== null && componentType !== null;
            return (
              <Table.Tr key={`${component.iri}-${index}`}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                      {known && componentPath ? (
                        <Anchor
                          component={Link}
                          to={componentPath(componentType, uuid)}
                          size="sm"
                          fw={600}
                        >
                          {label}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={600}>
                          {label}
                        </Text>
                      )}
                      {component.name !== null && (
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {component.iri}
                        </Text>
                      )}
                    </Stack>
                    {known && (
                      <InfoButton name={label} onClick={() => onInfo({ componentType, uuid })} />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{componentKind(component)}</Table.Td>
                <Table.Td>
                  {component.status ? <StatusBadge status={component.status} /> : <None />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Everything about a pattern as a description list's items: IRI, type, primary or secondary,
 * description, translations, tags, more information, status, where it comes from and when it
 * changed. The components come separately.
 */
export function PatternFieldItems({
  pattern,
  groupLabel,
}: {
  pattern: Pattern;
  groupLabel: string;
}) {
  return (
    <>
      <Field label="IRI" wide>
        <IriText iri={pattern.iri} />
      </Field>
      <Field label="Type">{pattern.type ? PATTERN_TYPE_LABELS[pattern.type] : <None />}</Field>
      <Field label="Primary or Secondary">{primaryLabel(pattern.primary)}</Field>
      <Field label="Status">{pattern.status}</Field>
      <Field label="Description" wide>
        <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {pattern.description}
        </Text>
      </Field>
      <Field label="Translations" wide>
        <TranslationsTable item={pattern} />
      </Field>
      <Field label="Tags" wide>
        <TagList tags={pattern.tags} />
      </Field>
      <Field label="More Information" wide>
        {pattern.moreInformation ? <IriText iri={pattern.moreInformation} /> : <None />}
      </Field>
      <ParentFields item={pattern} groupLabel={groupLabel} />
      <Field label="Updated">
        {formatDate(pattern.updatedOn)}
        {pattern.updatedBy ? ` by ${pattern.updatedBy}` : ''}
      </Field>
    </>
  );
}
