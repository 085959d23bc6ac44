import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import { chartLabel } from '../../../common/metric-windows';
import { ChartFrame, CHART_SIZES, type ChartSize, type ChartTable } from './ChartFrame';
import type { RankingRow, Series } from './rows';

export interface RankingChartProps {
  title: string;
  period: string;
  rows: RankingRow[];
  series: Series[];
  size: ChartSize;
  loading?: boolean;
  emptyText?: string;
  headingOrder?: 2 | 3;
  /** Where a profile's name leads in the table. */
  href?: (id: string) => string;
}

/** What the drawing library hands a tooltip for each bar under the pointer. */
interface TooltipEntry {
  payload?: unknown;
  name?: unknown;
  value?: unknown;
}

/** The full name of the bar under the pointer (the axis shows it cut) and its figures. */
export function FullNameTooltip({
  payload,
  series,
}: {
  payload?: readonly TooltipEntry[] | undefined;
  series: Series[];
}) {
  const first = payload?.[0]?.payload as { name?: string } | undefined;
  if (!payload?.length || !first) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="sm" maw={320}>
      <Text fw={600} size="sm">
        {first.name}
      </Text>
      {payload.map((item) => (
        <Text key={String(item.name)} size="sm">
          {series.find((s) => s.key === item.name)?.label ?? String(item.name)}:{' '}
          {Number(item.value).toLocaleString('en-US')}
        </Text>
      ))}
    </Paper>
  );
}

/**
 * Profiles ranked by one or more counters, drawn as horizontal bars (stacked when there are
 * several series) with labels cut to 15 characters.
 */
export function RankingChart(props: RankingChartProps) {
  const { rows, series, size } = props;
  const several = series.length > 1;
  const table: ChartTable = {
    columns: ['Profile', ...series.map((s) => s.label), ...(several ? ['Total'] : [])],
    rows: rows.map((row) => {
      const values = series.map((s) => row.values[s.key] ?? 0);
      const total = values.reduce((sum, v) => sum + v, 0);
      return {
        key: row.id,
        cells: [row.name, ...values, ...(several ? [total] : [])],
        ...(props.href ? { href: props.href(row.id) } : {}),
      };
    }),
  };
  const data = rows.map((row) => ({
    label: chartLabel(row.name),
    name: row.name,
    ...Object.fromEntries(series.map((s) => [s.key, row.values[s.key] ?? 0])),
  }));
  return (
    <ChartFrame
      title={props.title}
      period={props.period}
      size={size}
      table={table}
      emptyText={props.emptyText ?? 'No data for this period yet.'}
      {...(props.loading !== undefined ? { loading: props.loading } : {})}
      {...(props.headingOrder ? { headingOrder: props.headingOrder } : {})}
    >
      <BarChart
        h={CHART_SIZES[size].height}
        data={data}
        dataKey="label"
        orientation="vertical"
        type={several ? 'stacked' : 'default'}
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
        withLegend={several}
        accessibilityLayer={false}
        yAxisProps={{ width: 140, interval: 0 }}
        maxBarWidth={28}
        xAxisProps={{ allowDecimals: false }}
        tooltipAnimationDuration={0}
        tooltipProps={{
          content: ({ payload }) => <FullNameTooltip payload={payload} series={series} />,
        }}
      />
    </ChartFrame>
  );
}
