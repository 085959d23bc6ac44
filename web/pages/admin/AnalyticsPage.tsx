import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MetricWindow } from '../../../common/metric-windows';
import { useMostApiRetrievals, useMostExported, useMostViewed } from '../../api/metrics';
import { RankingChart } from '../../components/charts/RankingChart';
import {
  API_SERIES,
  counterRows,
  EXPORT_SERIES,
  VIEW_SERIES,
  viewedRows,
} from '../../components/charts/rows';
import { PageHeading } from '../../components/PageHeading';
import { publicProfilePath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';

const RANGES: { value: string; label: string }[] = [
  { value: '30', label: 'Last 30 days' },
  { value: '365', label: 'Last 12 months' },
];

/** What a chart's figures cover: said from the answer, so figures kept on screen while the other
 * range loads never carry its name. */
const periodOf = (days: number) => (days === 365 ? 'Last 12 months' : 'Last 30 days');

/** /admin/analytics: the most viewed, exported and API-retrieved profiles of the site. */
export function AnalyticsPage() {
  const [range, setRange] = useState<MetricWindow>(30);
  const viewed = useMostViewed(range);
  const exported = useMostExported(range);
  const api = useMostApiRetrievals(range);
  const common = { size: 'wide' as const, href: publicProfilePath };
  return (
    <>
      <PageHeading>Analytics</PageHeading>
      <Stack gap="lg">
        <Text c="gray.7" maw={760}>
          The ten published profiles most used on this site. Views count each visitor once a day,
          leaving out the profile&apos;s own working group and declared crawlers.
        </Text>
        <Stack gap={4}>
          <Text fw={500} id="analytics-range">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-range"
            data={RANGES}
            value={String(range)}
            onChange={(value) => setRange(Number(value) as MetricWindow)}
            w="fit-content"
          />
        </Stack>
        <ErrorAlert error={viewed.error} title="Could not load the most viewed profiles" />
        <RankingChart
          {...common}
          title="Most Viewed"
          period={periodOf(viewed.data?.days ?? range)}
          rows={viewedRows(viewed.data)}
          series={VIEW_SERIES}
          loading={viewed.isPending}
          emptyText="No profile was viewed in this period."
        />
        <ErrorAlert error={exported.error} title="Could not load the most exported profiles" />
        <RankingChart
          {...common}
          title="Most Exported"
          period={periodOf(exported.data?.days ?? range)}
          rows={counterRows(exported.data)}
          series={EXPORT_SERIES}
          loading={exported.isPending}
          emptyText="No profile was exported in this period."
        />
        <ErrorAlert error={api.error} title="Could not load the API retrievals" />
        <RankingChart
          {...common}
          title="Most API Retrievals"
          period={periodOf(api.data?.days ?? range)}
          rows={counterRows(api.data)}
          series={API_SERIES}
          loading={api.isPending}
          emptyText="No profile was read or written through the API in this period."
        />
      </Stack>
    </>
  );
}
