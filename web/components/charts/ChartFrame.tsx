import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { csvFileName, downloadCsv, toCsv } from './csv';

/** The drawing sizes of the spec: wide charts 880×400, the others 440×300; narrower screens shrink them. */
export const CHART_SIZES = {
  wide: { width: 880, height: 400 },
  normal: { width: 440, height: 300 },
} as const;
export type ChartSize = keyof typeof CHART_SIZES;

/** A chart's data as a table: what screen readers read, the CSV file, and the "Show as table" view. */
export interface ChartTable {
  /** The first column holds text (a profile, a day); the others numbers. */
  columns: string[];
  rows: { key: string; cells: [string, ...number[]]; href?: string }[];
}

export interface ChartFrameProps {
  title: string;
  /** What the figures cover, said under the title and in the table caption ("Last 30 days"). */
  period: string;
  size: ChartSize;
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText: string;
  /** A figure said above the chart (a total). */
  summary?: ReactNode;
  /** Heading level of the title. */
  headingOrder?: 2 | 3;
  loading?: boolean;
  /** The chart itself; drawn only when there is data and the table is not asked for. */
  children: ReactNode;
}

function DataTable({ title, period, table }: Pick<ChartFrameProps, 'title' | 'period' | 'table'>) {
  return (
    <Table withTableBorder>
      <Table.Caption c="gray.7">
        {title}, {period.toLowerCase()}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              {row.href ? (
                <Anchor component={Link} to={row.href} c="blue.8">
                  {row.cells[0]}
                </Anchor>
              ) : (
                row.cells[0]
              )}
            </Table.Th>
            {row.cells.slice(1).map((value, i) => (
              <Table.Td key={table.columns[i + 1]}>{value.toLocaleString('en-US')}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A chart with its title, its period, an empty state, a CSV download and its data as a table:
 * hidden for screen readers under the drawing, or shown instead of it with "Show as table".
 */
export function ChartFrame(props: ChartFrameProps) {
  const { title, period, size, table, emptyText, summary, loading, children } = props;
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const { width, height } = CHART_SIZES[size];
  const empty = table.rows.length === 0;
  const download = () =>
    downloadCsv(
      csvFileName(`${title} ${period}`),
      toCsv(
        table.columns,
        table.rows.map((r) => r.cells),
      ),
    );
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      maw={width + 2 * 24}
      w="100%"
      data-chart
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <div>
          <Title order={props.headingOrder ?? 2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {period}
          </Text>
        </div>
        {!empty && !loading && (
          <Group gap="sm">
            <Switch
              size="sm"
              label="Show as table"
              checked={asTable}
              onChange={(event) => setAsTable(event.currentTarget.checked)}
            />
            <Button
              size="compact-sm"
              variant="default"
              onClick={download}
              aria-label={`Download CSV: ${title}`}
            >
              Download CSV
            </Button>
          </Group>
        )}
      </Group>
      {summary}
      {loading ? (
        <Box h={height} aria-busy="true">
          <VisuallyHidden>Loading {title}</VisuallyHidden>
        </Box>
      ) : empty ? (
        <Box h={height} style={{ display: 'grid', placeItems: 'center' }}>
          <Text c="gray.7">{emptyText}</Text>
        </Box>
      ) : asTable ? (
        <Box mih={height}>
          <DataTable title={title} period={period} table={table} />
        </Box>
      ) : (
        <>
          {/* The drawing repeats the table below, which is what assistive technology reads. */}
          <Box h={height} w="100%" maw={width} aria-hidden="true">
            {children}
          </Box>
          <VisuallyHidden>
            <DataTable title={title} period={period} table={table} />
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}
