import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EMPTY_TEMPLATES_MESSAGE, type TemplateRow } from '../../../common/templates';
import type { TemplateSort } from '../../api/templates';
import { InfoButton, LinkedBadge, StatusBadge } from '../concepts/ConceptsTable';
import { HiddenHeader } from '../organization/parts';
import { formatDate } from '../profile/format';
import { SortableHeader } from '../profile/parts';

export type TemplateSortColumn = 'name' | 'updated';

const SORTS: readonly TemplateSort[] = ['name', '-name', 'updated', '-updated'];

/** A sort read from an address, or A–Z by name when it is missing or unknown. */
export const parseTemplateSort = (value: string | null): TemplateSort =>
  SORTS.find((s) => s === value) ?? 'name';

function splitSort(sort: TemplateSort): { key: TemplateSortColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as TemplateSortColumn, descending };
}

/** Clicking the sorted column reverses it; a new column starts A–Z, or newest first. */
export function nextTemplateSort(current: TemplateSort, column: TemplateSortColumn): TemplateSort {
  const { key, descending } = splitSort(current);
  if (key === column) return descending ? column : `-${column}`;
  return column === 'updated' ? '-updated' : column;
}

/**
 * A version's statement templates: name (to its page), status and last update, with linked
 * templates marked. Sorting is the server's: a header click asks for another order.
 */
export function TemplatesTable({
  templates,
  sort,
  onSort,
  templatePath,
  onInfo,
}: {
  templates: TemplateRow[];
  sort: TemplateSort;
  onSort: (sort: TemplateSort) => void;
  templatePath: (templateId: string) => string;
  onInfo: (templateId: string) => void;
}) {
  const sorted = splitSort(sort);
  const header = (label: string, column: TemplateSortColumn) => (
    <SortableHeader
      label={label}
      column={column}
      sort={sorted}
      onSort={(c) => onSort(nextTemplateSort(sort, c))}
    />
  );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Statement templates">
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader label="Details" w={44} />
            {header('Name', 'name')}
            <Table.Th>Status</Table.Th>
            {header('Updated', 'updated')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" py="md">
                  {EMPTY_TEMPLATES_MESSAGE}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            templates.map((template) => (
              <Table.Tr key={template.uuid}>
                <Table.Td>
                  <InfoButton name={template.name} onClick={() => onInfo(template.uuid)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={templatePath(template.uuid)} fw={600}>
                      {template.name}
                    </Anchor>
                    {template.linked && <LinkedBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={template.status} />
                </Table.Td>
                <Table.Td>{formatDate(template.updatedOn)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
