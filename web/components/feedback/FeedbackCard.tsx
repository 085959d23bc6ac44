import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  FEEDBACK_LIMITS,
  type Feedback,
  type FeedbackKind,
  type FeedbackStatus,
} from '../../../common/feedback';
import { useRespondToFeedback, type FeedbackResponse } from '../../api/feedback';
import { ErrorAlert } from '../parts';

export const KIND_LABELS: Record<FeedbackKind, string> = {
  problem: 'Problem',
  question: 'Question',
  suggestion: 'Suggestion',
};

export const STATUS_LABELS: Record<FeedbackStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  addressed: 'Addressed',
  closed: 'Closed',
};

const STATUS_COLORS: Record<FeedbackStatus, string> = {
  open: 'blue',
  answered: 'teal',
  addressed: 'green',
  closed: 'gray',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Form = 'answer' | 'addressed' | 'close' | null;

/**
 * One piece of feedback: what kind, its status, who left it and when, what it says, the group's
 * answer, the version that addresses it or why it was closed; and, for those allowed, Answer,
 * Mark addressed, Close and Hide.
 */
export function FeedbackCard({
  feedback,
  itemPath,
  versionPath,
}: {
  feedback: Feedback;
  /** Where the item the feedback is on is shown, to link its name. */
  itemPath?: (feedback: Feedback) => string | null;
  /** Where the version the feedback is on is shown, to name and link it in a list over several. */
  versionPath?: (feedback: Feedback) => string;
}) {
  const respond = useRespondToFeedback();
  const [form, setForm] = useState<Form>(null);
  const [text, setText] = useState('');
  // Versions after the one it is on; with none, nothing can be named as addressing it.
  const laterVersions = feedback.addressableIn;
  const [later, setLater] = useState(laterVersions[0]?.uuid ?? '');
  const titleId = useId();
  const { permissions } = feedback;
  const itemLink = feedback.item ? itemPath?.(feedback) : null;

  const send = (response: FeedbackResponse) =>
    respond.mutate(
      { feedbackId: feedback.uuid, response },
      {
        onSuccess: () => {
          setForm(null);
          setText('');
        },
      },
    );
  const open = (next: Form) => {
    respond.reset();
    setText(next === 'answer' ? (feedback.answer ?? '') : '');
    setForm(next);
  };

  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start">
          <Group gap={6}>
            <Text id={titleId} fw={600} size="sm">
              {KIND_LABELS[feedback.kind]}
              {feedback.item && (
                <>
                  {' on '}
                  {itemLink ? (
                    <Anchor component={Link} to={itemLink} size="sm" fw={600}>
                      {feedback.item.name}
                    </Anchor>
                  ) : (
                    feedback.item.name
                  )}
                </>
              )}
              {versionPath && (
                <>
                  {' · '}
                  <Anchor component={Link} to={versionPath(feedback)} size="sm" fw={600}>
                    {feedback.profileName}, version {feedback.version.version}
                  </Anchor>
                </>
              )}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLORS[feedback.status]}>
              {STATUS_LABELS[feedback.status]}
            </Badge>
            {!feedback.public && (
              <Badge size="sm" variant="outline" color="gray">
                Private
              </Badge>
            )}
            {feedback.hidden && (
              <Badge size="sm" variant="outline" color="red">
                Hidden
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {feedback.author ?? 'Someone'} · {when(feedback.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {feedback.body}
        </Text>
        {feedback.answer && (
          <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
            <Text size="xs" fw={600}>
              The working group answered
              {feedback.answeredAt ? ` on ${when(feedback.answeredAt)}` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {feedback.answer}
            </Text>
          </Paper>
        )}
        {feedback.addressedIn && (
          <Text size="sm">Addressed in version {feedback.addressedIn.version}.</Text>
        )}
        {feedback.status === 'closed' && feedback.closedReason && (
          <Text size="sm">Closed: {feedback.closedReason}</Text>
        )}

        {(permissions.respond || permissions.hide) && form === null && (
          <Group gap="xs" role="toolbar" aria-label="Feedback actions">
            {permissions.respond && (
              <Button size="compact-sm" variant="light" onClick={() => open('answer')}>
                {feedback.answer ? 'Edit answer' : 'Answer'}
              </Button>
            )}
            {permissions.respond && laterVersions.length > 0 && feedback.status !== 'addressed' && (
              <Button size="compact-sm" variant="light" onClick={() => open('addressed')}>
                Mark addressed
              </Button>
            )}
            {permissions.respond && feedback.status !== 'closed' && (
              <Button size="compact-sm" variant="light" color="gray" onClick={() => open('close')}>
                Close
              </Button>
            )}
            {permissions.hide && (
              <Button
                size="compact-sm"
                variant="subtle"
                color={feedback.hidden ? 'blue' : 'red'}
                loading={respond.isPending}
                onClick={() => send({ action: 'hide', hidden: !feedback.hidden })}
              >
                {feedback.hidden ? 'Show again' : 'Hide'}
              </Button>
            )}
          </Group>
        )}

        {form !== null && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (form === 'answer') send({ action: 'answer', answer: text });
              else if (form === 'close') send({ action: 'close', reason: text });
              else send({ action: 'addressed', versionId: later });
            }}
          >
            <Stack gap="xs">
              {form === 'addressed' ? (
                <NativeSelect
                  label="Addressed in"
                  value={later}
                  onChange={(event) => setLater(event.currentTarget.value)}
                  data={laterVersions.map((v) => ({
                    value: v.uuid,
                    label: `Version ${v.version}`,
                  }))}
                />
              ) : (
                <Textarea
                  label={form === 'answer' ? 'Answer' : 'Why it is closed'}
                  autosize
                  minRows={2}
                  required
                  maxLength={
                    form === 'answer' ? FEEDBACK_LIMITS.answerMax : FEEDBACK_LIMITS.reasonMax
                  }
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                />
              )}
              <Group gap="xs">
                <Button type="submit" size="compact-sm" loading={respond.isPending}>
                  {form === 'answer'
                    ? 'Send answer'
                    : form === 'close'
                      ? 'Close it'
                      : 'Mark addressed'}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setForm(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {respond.error && <ErrorAlert error={respond.error} title="Could not save" />}
      </Stack>
    </Paper>
  );
}
