import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  EMPTY_PATTERNS_MESSAGE,
  PATTERN_TYPE_LABELS,
  type PatternRow,
} from '../../../common/patterns';
import type { PatternSort } from '../../api/patterns';
import { InfoButton, LinkedBadge, StatusBadge } from '../concepts/ConceptsTable';
import { HiddenHeader } from '../organization/parts';
import { formatDate } from '../profile/format';
import { SortableHeader } from '../profile/parts';
import { primaryLabel } from './format';

export type PatternSortColumn = 'name' | 'updated';

const SORTS: readonly PatternSort[] = ['name', '-name', 'updated', '-updated'];

/** A sort read from an address, or A–Z by name when it is missing or unknown. */
export const parsePatternSort = (value: string | null): PatternSort =>
  SORTS.find((s) => s === value) ?? 'name';

function splitSort(sort: PatternSort): { key: PatternSortColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as PatternSortColumn, descending };
}

/** Clicking the sorted column reverses it; a new column starts A–Z, or newest first. */
export function nextPatternSort(current: PatternSort, column: PatternSortColumn): PatternSort {
  const { key, descending } = splitSort(current);
  if (key === column) return descending ? column : `-${column}`;
  return column === 'updated' ? '-updated' : column;
}

/**
 * A version's patterns: name (to its page), type, primary or secondary, status and last update,
 * with linked patterns marked. Sorting is the server's: a header click asks for another order.
 */
export function PatternsTable({
  patterns,
  sort,
  onSort,
  patternPath,
  onInfo,
}: {
  patterns: PatternRow[];
  sort: PatternSort;
  onSort: (sort: PatternSort) => void;
  patternPath: (patternId: string) => string;
  onInfo: (patternId: string) => void;
}) {
  const sorted = splitSort(sort);
  const header = (label: string, column: PatternSortColumn) => (
    <SortableHeader
      label={label}
      column={column}
      sort={sorted}
      onSort={(c) => onSort(nextPatternSort(sort, c))}
    />
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Patterns">
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader label="Details" w={44} />
            {header('Name', 'name')}
            <Table.Th>Type</Table.Th>
            <Table.Th>Primary/Secondary</Table.Th>
            <Table.Th>Status</Table.Th>
            {header('Updated', 'updated')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patterns.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" py="md">
                  {EMPTY_PATTERNS_MESSAGE}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            patterns.map((pattern) => (
              <Table.Tr key={pattern.uuid}>
                <Table.Td>
                  <InfoButton name={pattern.name} onClick={() => onInfo(pattern.uuid)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={patternPath(pattern.uuid)} fw={600}>
                      {pattern.name}
                    </Anchor>
                    {pattern.linked && <LinkedBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>{pattern.type ? PATTERN_TYPE_LABELS[pattern.type] : '—'}</Table.Td>
                <Table.Td>{primaryLabel(pattern.primary)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={pattern.status} />
                </Table.Td>
                <Table.Td>{formatDate(pattern.updatedOn)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
