import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { ConceptRow } from '../../../common/concepts';
import { EMPTY_CONCEPTS_MESSAGE } from '../../../common/concepts';
import type { ConceptSort } from '../../api/concepts';
import { HiddenHeader } from '../organization/parts';
import { formatDate, publicProfilePath } from '../profile/format';
import { SortableHeader } from '../profile/parts';
import { CONCEPT_TYPE_LABELS, STATUS_COLORS } from './format';

export type ConceptSortColumn = 'name' | 'type' | 'updated';

const SORTS: readonly ConceptSort[] = ['name', '-name', 'type', '-type', 'updated', '-updated'];

/** A sort read from an address, or A–Z by name when it is missing or unknown. */
export const parseConceptSort = (value: string | null): ConceptSort =>
  SORTS.find((s) => s === value) ?? 'name';

function splitSort(sort: ConceptSort): { key: ConceptSortColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as ConceptSortColumn, descending };
}

/** Clicking the sorted column reverses it; a new column starts A–Z, or newest first. */
export function nextConceptSort(current: ConceptSort, column: ConceptSortColumn): ConceptSort {
  const { key, descending } = splitSort(current);
  if (key === column) return descending ? column : `-${column}`;
  return column === 'updated' ? '-updated' : column;
}

export function StatusBadge({ status }: { status: ConceptRow['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

export function LinkedBadge() {
  return (
    <Tooltip label="Defined in another profile and linked here">
      <Badge color="gray" variant="outline" size="sm">
        Linked
      </Badge>
    </Tooltip>
  );
}

export function InfoButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      radius="xl"
      aria-label={`Show details of ${name}`}
      onClick={onClick}
    >
      <Text span fw={700} fz="sm" ff="serif" aria-hidden>
        i
      </Text>
    </ActionIcon>
  );
}

/**
 * A version's concepts: name (to its page), type, parent profile, last update and status, with
 * linked concepts marked. Sorting is the server's: a header click asks for another order.
 */
export function ConceptsTable({
  concepts,
  sort,
  onSort,
  conceptPath,
  onInfo,
}: {
  concepts: ConceptRow[];
  sort: ConceptSort;
  onSort: (sort: ConceptSort) => void;
  conceptPath: (conceptId: string) => string;
  onInfo: (conceptId: string) => void;
}) {
  const sorted = splitSort(sort);
  const header = (label: string, column: ConceptSortColumn) => (
    <SortableHeader
      label={label}
      column={column}
      sort={sorted}
      onSort={(c) => onSort(nextConceptSort(sort, c))}
    />
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Concepts">
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader label="Details" w={44} />
            {header('Name', 'name')}
            {header('Type', 'type')}
            <Table.Th>Parent Profile</Table.Th>
            {header('Updated', 'updated')}
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {concepts.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" py="md">
                  {EMPTY_CONCEPTS_MESSAGE}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            concepts.map((concept) => (
              <Table.Tr key={concept.uuid}>
                <Table.Td>
                  <InfoButton name={concept.name} onClick={() => onInfo(concept.uuid)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={conceptPath(concept.uuid)} fw={600}>
                      {concept.name}
                    </Anchor>
                    {concept.linked && <LinkedBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>{CONCEPT_TYPE_LABELS[concept.conceptType]}</Table.Td>
                <Table.Td>
                  {concept.parentProfile ? (
                    <Anchor component={Link} to={publicProfilePath(concept.parentProfile.uuid)}>
                      {concept.parentProfile.name}
                    </Anchor>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(concept.updatedOn)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={concept.status} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
