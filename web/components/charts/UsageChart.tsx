import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Text } from '@mantine/core';
import type { Usage } from '../../../common/metrics';
import { ChartFrame, CHART_SIZES, type ChartSize } from './ChartFrame';
import { usageRows } from './rows';

export interface UsageChartProps {
  usage: Usage | undefined;
  /** Exports of the same days, said next to the views total when known. */
  exportTotal?: number | undefined;
  size?: ChartSize;
  loading?: boolean;
  headingOrder?: 2 | 3;
}

/** A profile's views per day of the last 30 days, with their total. */
export function UsageChart({
  usage,
  exportTotal,
  size = 'wide',
  loading,
  headingOrder,
}: UsageChartProps) {
  const rows = usageRows(usage);
  const total = usage?.total ?? 0;
  const days = usage?.days ?? 30;
  const noViews = total === 0;
  return (
    <ChartFrame
      title="Usage"
      period={`Views in the last ${days} days`}
      size={size}
      table={{
        columns: ['Day', 'Views'],
        // A month without a single view is empty, not thirty zeros.
        rows: noViews ? [] : rows.map((r) => ({ key: r.day, cells: [r.day, r.views] })),
      }}
      emptyText={`No views in the last ${days} days.`}
      summary={
        usage && (
          <Text mb="sm">
            <Text span fw={700}>
              {total.toLocaleString('en-US')}
            </Text>{' '}
            {total === 1 ? 'view' : 'views'} in the last {days} days
            {exportTotal !== undefined && (
              <>
                {' · '}
                <Text span fw={700}>
                  {exportTotal.toLocaleString('en-US')}
                </Text>{' '}
                {exportTotal === 1 ? 'export' : 'exports'}
              </>
            )}
          </Text>
        )
      }
      {...(loading !== undefined ? { loading } : {})}
      {...(headingOrder ? { headingOrder } : {})}
    >
      <BarChart
        h={CHART_SIZES[size].height}
        data={rows}
        dataKey="label"
        series={[{ name: 'views', label: 'Views', color: 'blue.8' }]}
        accessibilityLayer={false}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        yAxisProps={{ allowDecimals: false }}
        tooltipAnimationDuration={0}
      />
    </ChartFrame>
  );
}
