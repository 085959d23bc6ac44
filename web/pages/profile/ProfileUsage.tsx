import { useProfileExportTotal, useProfileUsage } from '../../api/metrics';
import { UsageChart } from '../../components/charts/UsageChart';
import { ErrorAlert } from '../../components/parts';

/** A published profile's views per day of the last 30 days, with its view and export totals. */
export function ProfileUsage({ profileId }: { profileId: string }) {
  const usage = useProfileUsage(profileId);
  const exports = useProfileExportTotal(profileId);
  return (
    <>
      <ErrorAlert error={usage.error} title="Could not load the usage of this profile" />
      <UsageChart
        usage={usage.data}
        exportTotal={exports.data?.value}
        loading={usage.isPending}
        headingOrder={2}
      />
    </>
  );
}
