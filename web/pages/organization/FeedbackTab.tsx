import { Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FEEDBACK_STATUSES, type Feedback, type FeedbackStatus } from '../../../common/feedback';
import { useGroupFeedback } from '../../api/feedback';
import { FeedbackCard, STATUS_LABELS } from '../../components/feedback/FeedbackCard';
import { ErrorAlert } from '../../components/parts';
import { groupVersionPath, ITEM_SEGMENTS } from '../../lib/paths';
import { useGroupArea } from './OrganizationArea';

type Shown = FeedbackStatus | 'all';

/**
 * The feedback left on all of the group's published profiles, for its members: the count of
 * each status, the list by status naming each profile, and Answer, Mark addressed, Close and
 * (for its admins) Hide on each.
 */
export function FeedbackTab() {
  const { organization } = useGroupArea();
  const [shown, setShown] = useState<Shown>('open');
  const all = useGroupFeedback(organization.uuid);
  const list = useGroupFeedback(organization.uuid, shown === 'all' ? undefined : shown);
  const counts = all.data?.counts;
  const itemPath = (f: Feedback) =>
    f.item
      ? groupVersionPath(
          organization.uuid,
          f.profileId,
          f.version.uuid,
          `${ITEM_SEGMENTS[f.item.kind]}/${f.item.uuid}`,
        )
      : null;
  const total = counts ? FEEDBACK_STATUSES.reduce((n, s) => n + counts[s], 0) : null;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Feedback by status"
        value={shown}
        onChange={(value) => setShown(value)}
        data={[
          ...FEEDBACK_STATUSES.map((s) => ({
            value: s,
            label: `${STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`,
          })),
          { value: 'all', label: `All${total === null ? '' : ` (${total})`}` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.error ? (
        <ErrorAlert error={list.error} title="Could not load the feedback" />
      ) : !list.data ? (
        <Center py="md">
          <Loader role="progressbar" aria-label="Loading the feedback" />
        </Center>
      ) : list.data.feedback.length === 0 ? (
        <Text c="dimmed">
          {shown === 'all'
            ? 'No feedback on this group’s profiles yet.'
            : `No ${STATUS_LABELS[shown].toLowerCase()} feedback.`}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.data.feedback.map((f) => (
            <FeedbackCard
              key={f.uuid}
              feedback={f}
              itemPath={itemPath}
              versionPath={(v) => groupVersionPath(organization.uuid, v.profileId, v.version.uuid)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
