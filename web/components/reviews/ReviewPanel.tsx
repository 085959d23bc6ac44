import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import type { ReviewDecisionKind, ReviewState, ReviewerState } from '../../../common/reviews';
import { useSession } from '../../api/session';
import { useDecide, useRequestReview, useReviewState } from '../../api/reviews';
import { ErrorAlert } from '../parts';
import { feedback } from '../../lib/feedback-store';

function decisionBadge(r: ReviewerState) {
  if (!r.decision)
    return (
      <Badge color="gray" variant="light" tt="none">
        Waiting
      </Badge>
    );
  const approved = r.decision === 'approve';
  return (
    <Badge color={approved ? (r.current ? 'green' : 'yellow') : 'red'} variant="light" tt="none">
      {approved ? (r.current ? 'Approved' : 'Approved an earlier revision') : 'Changes requested'}
    </Badge>
  );
}

function RequestReviewForm({ profileId, versionId }: { profileId: string; versionId: string }) {
  const request = useRequestReview(profileId, versionId);
  const [names, setNames] = useState('');
  const submit = () => {
    const reviewers = names
      .split(/[\s,]+/)
      .map((n) => n.replace(/^@/, ''))
      .filter(Boolean);
    request.mutate(
      { reviewers },
      {
        onSuccess: () => {
          setNames('');
          feedback.showSuccess({ subject: 'Review requested', message: reviewers.join(', ') });
        },
      },
    );
  };
  return (
    <Stack gap={6}>
      <TextInput
        label="Ask for a review"
        description="Usernames, separated by commas: members of the group, or people you invite to review this draft only."
        value={names}
        onChange={(e) => setNames(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
      />
      <Group>
        <Button
          size="xs"
          onClick={submit}
          disabled={names.trim() === ''}
          loading={request.isPending}
        >
          Request review
        </Button>
      </Group>
      <ErrorAlert error={request.error} />
    </Stack>
  );
}

function DecisionForm({ profileId, versionId }: { profileId: string; versionId: string }) {
  const decide = useDecide(profileId, versionId);
  const [decision, setDecision] = useState<ReviewDecisionKind>('approve');
  const [message, setMessage] = useState('');
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" id="decision-label">
        Your review
      </Text>
      <SegmentedControl
        aria-labelledby="decision-label"
        value={decision}
        onChange={(v) => setDecision(v === 'changes' ? 'changes' : 'approve')}
        data={[
          { value: 'approve', label: 'Approve' },
          { value: 'changes', label: 'Request changes' },
        ]}
      />
      <Textarea
        label="Message"
        description={decision === 'changes' ? 'Say what should change.' : 'Optional.'}
        value={message}
        autosize
        minRows={2}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <Group>
        <Button
          size="xs"
          loading={decide.isPending}
          onClick={() =>
            decide.mutate(
              { decision, message },
              {
                onSuccess: () => {
                  setMessage('');
                  feedback.showSuccess({
                    subject: 'Review submitted',
                    message:
                      decision === 'approve'
                        ? 'You approved this draft.'
                        : 'You asked for changes.',
                  });
                },
              },
            )
          }
        >
          Submit review
        </Button>
      </Group>
      <ErrorAlert error={decide.error} />
    </Stack>
  );
}

/** What keeps the version from being published, as the publish dialog lists it too. */
export function MissingList({ state }: { state: ReviewState }) {
  if (state.missing.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Not ready to publish">
      <List size="sm">
        {state.missing.map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * A version's review: the group's rule, who was asked and what they said, open discussions,
 * what keeps it from being published; a member asks for reviews, a person asked submits theirs.
 */
export function ReviewPanel({
  profileId,
  versionId,
  open,
}: {
  profileId: string;
  versionId: string;
  open: boolean;
}) {
  const { user } = useSession();
  const state = useReviewState(profileId, versionId);
  const titleId = useId();
  const data = state.data;
  const asked = data?.reviewers.some((r) => r.reviewer.uuid === user?.uuid) ?? false;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          Review
        </Title>
        <ErrorAlert error={state.error} />
        {data && (
          <>
            <Text size="sm">
              {data.rule.approvalsRequired === 0
                ? 'This group publishes without required approvals.'
                : `This group requires ${data.rule.approvalsRequired} approval${data.rule.approvalsRequired === 1 ? '' : 's'}${data.rule.reapproveAfterChange ? ', given on the version as it is (a change asks for them again)' : ''}.`}{' '}
              Approvals: {data.approvals}. Open discussions: {data.openThreads}.
            </Text>
            {data.reviewers.length > 0 ? (
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Reviewer</Table.Th>
                      <Table.Th>Review</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.reviewers.map((r) => (
                      <Table.Tr key={r.reviewer.uuid}>
                        <Table.Td>
                          {r.reviewer.name}
                          {r.invited && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (invited)
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {decisionBadge(r)}
                          {r.decisionMessage && (
                            <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
                              {r.decisionMessage}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text size="sm">No review was asked for yet.</Text>
            )}
            {open && <MissingList state={data} />}
            {data.override && (
              <Alert color="orange" variant="light" title="Published without the approvals">
                {data.override.by?.name ?? 'A group admin'}: {data.override.reason}
              </Alert>
            )}
            {open && data.viewer !== 'reviewer' && (
              <RequestReviewForm profileId={profileId} versionId={versionId} />
            )}
            {open && asked && <DecisionForm profileId={profileId} versionId={versionId} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
