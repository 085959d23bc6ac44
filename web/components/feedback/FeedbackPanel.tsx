import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  FEEDBACK_KINDS,
  FEEDBACK_LIMITS,
  FEEDBACK_STATUSES,
  type Feedback,
  type FeedbackKind,
} from '../../../common/feedback';
import { useLeaveFeedback, useVersionFeedback } from '../../api/feedback';
import { useSession } from '../../api/session';
import type { ReturnState } from '../../lib/guards';
import { loginPath } from '../../lib/paths';
import { ErrorAlert } from '../parts';
import { FeedbackCard, KIND_LABELS, STATUS_LABELS } from './FeedbackCard';

/** The counts of a list, as "2 open, 1 answered". */
export function countsText(counts: Record<(typeof FEEDBACK_STATUSES)[number], number>): string {
  const parts = FEEDBACK_STATUSES.filter((s) => counts[s] > 0).map(
    (s) => `${counts[s]} ${STATUS_LABELS[s].toLowerCase()}`,
  );
  return parts.length === 0 ? 'None yet' : parts.join(', ');
}

function LeaveFeedbackForm({
  profileId,
  versionId,
  itemId,
  noun,
}: {
  profileId: string;
  versionId: string;
  itemId?: string;
  noun: string;
}) {
  const leave = useLeaveFeedback(profileId, versionId);
  const [kind, setKind] = useState<FeedbackKind>('problem');
  const [body, setBody] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [sent, setSent] = useState(false);
  return (
    <form
      aria-label="Leave feedback"
      onSubmit={(event) => {
        event.preventDefault();
        leave.mutate(
          { kind, body, public: isPublic, ...(itemId ? { itemId } : {}) },
          {
            onSuccess: () => {
              setBody('');
              setSent(true);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <NativeSelect
          label="Kind"
          w={200}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as FeedbackKind)}
          data={FEEDBACK_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
        <Textarea
          label="Your feedback"
          description={`The working group that maintains this ${noun} reads it and may answer.`}
          autosize
          minRows={3}
          required
          maxLength={FEEDBACK_LIMITS.bodyMax}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setSent(false);
          }}
        />
        <Checkbox
          label="Show it to everyone (otherwise only the working group and you see it)"
          checked={isPublic}
          onChange={(event) => setPublic(event.currentTarget.checked)}
        />
        <Group gap="sm">
          <Button type="submit" loading={leave.isPending}>
            Leave feedback
          </Button>
          {sent && (
            <Text size="sm" c="teal" role="status">
              Thank you: the working group has been told.
            </Text>
          )}
        </Group>
        {leave.error && <ErrorAlert error={leave.error} title="Could not leave feedback" />}
      </Stack>
    </form>
  );
}

/**
 * Feedback on a published version or one of its items: what the caller may read of it, with
 * the group's responses, and the form to leave more. A draft shows nothing, as it takes none.
 */
export function FeedbackPanel({
  profileId,
  versionId,
  itemId,
  noun = 'profile',
  itemPath,
}: {
  profileId: string;
  versionId: string;
  /** Only the feedback on this item, and new feedback is on it. */
  itemId?: string;
  /** What the feedback is on: 'profile', 'concept'… */
  noun?: string;
  itemPath?: (feedback: Feedback) => string | null;
}) {
  const { loggedIn, isLoading } = useSession();
  const location = useLocation();
  const query = useVersionFeedback(profileId, versionId, itemId);
  const headingId = useId();
  const back: ReturnState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  if (!query.data || isLoading) return null;
  const { feedback, counts, canLeave } = query.data;
  // Only visitors see a draft's page without being able to leave feedback here: one signed in
  // who cannot is looking at a draft, which takes none.
  if (feedback.length === 0 && !canLeave && loggedIn) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4" id={headingId}>
          Feedback on this {noun}
        </Title>
        <Text size="sm" c="dimmed">
          {countsText(counts)}
        </Text>
      </Group>
      {feedback.length > 0 && (
        <Stack gap="xs">
          {feedback.map((f) => (
            <FeedbackCard key={f.uuid} feedback={f} {...(itemPath ? { itemPath } : {})} />
          ))}
        </Stack>
      )}
      {canLeave ? (
        <LeaveFeedbackForm
          profileId={profileId}
          versionId={versionId}
          noun={noun}
          {...(itemId ? { itemId } : {})}
        />
      ) : (
        !loggedIn && (
          <Text size="sm">
            <Anchor component={Link} to={loginPath()} state={back}>
              Sign in
            </Anchor>{' '}
            to report a problem, ask a question or suggest a change.
          </Text>
        )
      )}
    </Stack>
  );
}
