import { SimpleGrid } from '@mantine/core';
import { useMostExported, useMostViewed } from '../../api/metrics';
import { RankingChart } from '../../components/charts/RankingChart';
import { counterRows, EXPORT_SERIES, VIEW_SERIES, viewedRows } from '../../components/charts/rows';
import { publicProfilePath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';

const PERIOD = 'Last 30 days';

/** The home page's Most Viewed and Most Exported charts: the top ten of the last 30 days. */
export function HomeCharts() {
  const viewed = useMostViewed(30);
  const exported = useMostExported(30);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>
        <ErrorAlert error={viewed.error} title="Could not load the most viewed profiles" />
        <RankingChart
          title="Most Viewed"
          period={PERIOD}
          size="normal"
          rows={viewedRows(viewed.data)}
          series={VIEW_SERIES}
          loading={viewed.isPending}
          emptyText="No profile was viewed in the last 30 days."
          href={publicProfilePath}
        />
      </div>
      <div>
        <ErrorAlert error={exported.error} title="Could not load the most exported profiles" />
        <RankingChart
          title="Most Exported"
          period={PERIOD}
          size="normal"
          rows={counterRows(exported.data)}
          series={EXPORT_SERIES}
          loading={exported.isPending}
          emptyText="No profile was exported in the last 30 days."
          href={publicProfilePath}
        />
      </div>
    </SimpleGrid>
  );
}
