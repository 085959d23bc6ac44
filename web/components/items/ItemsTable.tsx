import { Anchor, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HiddenHeader } from '../parts';
import { formatDate } from '../../lib/format';
import { SortableHeader } from '../profile-parts';
import { InfoButton, LinkedBadge, StatusBadge, type ItemStatus } from './badges';
import { nextItemSort, splitItemSort, type ItemSort } from './sort';

/** What every listed item has: a page, a name, a status, and whether it is linked. */
export interface ItemRow {
  uuid: string;
  name: string;
  status: ItemStatus;
  updatedOn: string;
  linked: boolean;
}

/** One column after the name: its header, and the column the server sorts by when it may. */
export interface ItemColumn<Row, Column extends string> {
  label: string;
  sort?: Column;
  cell: (row: Row) => ReactNode;
}

/** How one kind's table reads: its name, its width, its text when empty and its columns. */
export interface ItemsTableConfig<Row, Column extends string> {
  label: string;
  minWidth: number;
  empty: string;
  columns: ItemColumn<Row, Column>[];
}

export const statusColumn: ItemColumn<ItemRow, never> = {
  label: 'Status',
  cell: (row) => <StatusBadge status={row.status} />,
};

export const updatedColumn: ItemColumn<ItemRow, 'updated'> = {
  label: 'Updated',
  sort: 'updated',
  cell: (row) => formatDate(row.updatedOn),
};

/**
 * A version's items: the details button, the name (to its page) with linked items marked, then
 * the kind's columns. Sorting is the server's: a header click asks for another order.
 */
export function ItemsTable<Row extends ItemRow, Column extends string>({
  config,
  rows,
  sort,
  onSort,
  itemPath,
  onInfo,
}: {
  config: ItemsTableConfig<Row, Column>;
  rows: Row[];
  sort: ItemSort<Column>;
  onSort: (sort: ItemSort<Column>) => void;
  itemPath: (itemId: string) => string;
  onInfo: (itemId: string) => void;
}) {
  const sorted = splitItemSort(sort);
  const header = (label: string, column: Column) => (
    <SortableHeader
      key={label}
      label={label}
      column={column}
      sort={sorted}
      onSort={(c) => onSort(nextItemSort(sort, c))}
    />
  );
  return (
    <Table.ScrollContainer minWidth={config.minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={config.label}>
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader label="Details" w={44} />
            {header('Name', 'name' as Column)}
            {config.columns.map((column) =>
              column.sort ? (
                header(column.label, column.sort)
              ) : (
                <Table.Th key={column.label}>{column.label}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={config.columns.length + 2}>
                <Text c="dimmed" ta="center" py="md">
                  {config.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.uuid}>
                <Table.Td>
                  <InfoButton name={row.name} onClick={() => onInfo(row.uuid)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={itemPath(row.uuid)} fw={600}>
                      {row.name}
                    </Anchor>
                    {row.linked && <LinkedBadge />}
                  </Group>
                </Table.Td>
                {config.columns.map((column) => (
                  <Table.Td key={column.label}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
