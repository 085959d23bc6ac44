import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { REVIEW_LIMITS, type ReviewThread } from '../../../common/reviews';
import {
  useDeleteMessage,
  useEditMessage,
  useReply,
  useSetResolved,
  useStartThread,
  useThreads,
} from '../../api/reviews';
import { ErrorAlert } from '../parts';
import { fieldLabel, type FieldChoice } from './field-choices';
import { Markdown } from './Markdown';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function anchorLabel(thread: ReviewThread, fields: readonly FieldChoice[]): string {
  if (!thread.itemId) return 'The version';
  if (!thread.field) return thread.itemName ? `${thread.itemName}: the whole item` : 'The item';
  const path = JSON.stringify(thread.field);
  const known = fields.find((f) => JSON.stringify(f.path) === path);
  return `${thread.itemName ?? 'Item'}: ${known?.label ?? fieldLabel(thread.field)}`;
}

function ThreadCard({
  thread,
  profileId,
  versionId,
  fields,
  open,
}: {
  thread: ReviewThread;
  profileId: string;
  versionId: string;
  fields: readonly FieldChoice[];
  open: boolean;
}) {
  const reply = useReply(profileId, versionId);
  const edit = useEditMessage(profileId, versionId);
  const remove = useDeleteMessage(profileId, versionId);
  const resolve = useSetResolved(profileId, versionId);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const titleId = useId();
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} size="h5" id={titleId}>
            {anchorLabel(thread, fields)}
          </Title>
          <Group gap={6}>
            {thread.outdated && (
              <Badge
                color="orange"
                variant="light"
                tt="none"
                title="Changed since this was written"
              >
                Outdated
              </Badge>
            )}
            <Badge color={thread.resolved ? 'green' : 'blue'} variant="light" tt="none">
              {thread.resolved ? 'Resolved' : 'Open'}
            </Badge>
          </Group>
        </Group>
        {thread.outdated && (
          <Text size="xs" c="dimmed">
            Written on an earlier revision: what it is about has changed since.
          </Text>
        )}
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {thread.messages.map((message) => (
            <li key={message.id}>
              <Text size="xs" c="dimmed">
                <Text span fw={600} c="dark">
                  {message.author?.name ?? 'A former user'}
                </Text>{' '}
                · {when(message.createdAt)}
                {message.editedAt && !message.deleted ? ' · edited' : ''}
              </Text>
              {message.deleted ? (
                <Text size="sm" fs="italic" c="dimmed">
                  This message was deleted.
                </Text>
              ) : editing?.id === message.id ? (
                <Stack gap={6}>
                  <Textarea
                    label="Edit your message"
                    value={editing.body}
                    maxLength={REVIEW_LIMITS.bodyMax}
                    autosize
                    minRows={2}
                    onChange={(e) => setEditing({ id: message.id, body: e.currentTarget.value })}
                  />
                  <Group gap="xs">
                    <Button
                      size="xs"
                      loading={edit.isPending}
                      onClick={() =>
                        edit.mutate(
                          { threadId: thread.id, messageId: message.id, body: editing.body },
                          { onSuccess: () => setEditing(null) },
                        )
                      }
                    >
                      Save
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Markdown text={message.body} />
              )}
              {open && message.mine && !message.deleted && editing?.id !== message.id && (
                <Group gap="xs" mt={4}>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setEditing({ id: message.id, body: message.body })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending}
                    onClick={() => remove.mutate({ threadId: thread.id, messageId: message.id })}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </li>
          ))}
        </Stack>
        {thread.resolved && thread.resolvedBy && (
          <Text size="xs" c="dimmed">
            Resolved by {thread.resolvedBy.name}
          </Text>
        )}
        {open && (
          <Stack gap={6}>
            <Textarea
              label="Reply"
              value={text}
              maxLength={REVIEW_LIMITS.bodyMax}
              autosize
              minRows={2}
              description="Markdown: **bold**, *italic*, `code`, [links](https://…), @username."
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                size="xs"
                disabled={text.trim() === ''}
                loading={reply.isPending}
                onClick={() =>
                  reply.mutate(
                    { threadId: thread.id, body: text },
                    { onSuccess: () => setText('') },
                  )
                }
              >
                Reply
              </Button>
              <Button
                size="xs"
                variant="light"
                color={thread.resolved ? 'blue' : 'green'}
                loading={resolve.isPending}
                onClick={() => resolve.mutate({ threadId: thread.id, resolved: !thread.resolved })}
              >
                {thread.resolved ? 'Reopen' : 'Resolve'}
              </Button>
            </Group>
          </Stack>
        )}
        <ErrorAlert error={reply.error ?? edit.error ?? remove.error ?? resolve.error} />
      </Stack>
    </Paper>
  );
}

/**
 * The discussions of a version, or of one item with a choice of its fields: read them, start
 * one, reply, edit or delete one's own messages, resolve and reopen. `open`: the version is the
 * draft, still under discussion.
 */
export function Threads({
  profileId,
  versionId,
  itemId,
  fields = [],
  open,
  heading = 'Discussion',
  headingOrder = 3,
}: {
  profileId: string;
  versionId: string;
  itemId?: string;
  fields?: readonly FieldChoice[];
  open: boolean;
  heading?: string;
  /** The heading's level, below the section it is shown in. */
  headingOrder?: 3 | 4 | 5;
}) {
  const threads = useThreads(profileId, versionId, itemId);
  const start = useStartThread(profileId, versionId);
  const [text, setText] = useState('');
  const [about, setAbout] = useState('');
  const headingId = useId();
  const shown = (threads.data ?? []).filter((t) => itemId !== undefined || t.itemId === null);
  const submit = () => {
    const field = fields.find((f) => JSON.stringify(f.path) === about)?.path;
    start.mutate(
      { body: text, ...(itemId ? { itemId } : {}), ...(field ? { field } : {}) },
      { onSuccess: () => setText('') },
    );
  };
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={headingOrder} size={headingOrder === 3 ? 'h4' : 'h6'} id={headingId}>
        {heading}
      </Title>
      <Text size="sm" c="dimmed">
        Seen only by the working group and the reviewers it invites.
      </Text>
      <ErrorAlert error={threads.error} />
      {shown.length === 0 && !threads.isPending && <Text size="sm">No discussion yet.</Text>}
      {shown.map((thread) => (
        <ThreadCard
          key={thread.id}
          thread={thread}
          profileId={profileId}
          versionId={versionId}
          fields={fields}
          open={open}
        />
      ))}
      {open && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            {itemId && fields.length > 0 && (
              <NativeSelect
                label="About"
                value={about}
                onChange={(e) => setAbout(e.currentTarget.value)}
                data={[
                  { value: '', label: 'The whole item' },
                  ...fields.map((f) => ({ value: JSON.stringify(f.path), label: f.label })),
                ]}
              />
            )}
            <Textarea
              label="Start a discussion"
              value={text}
              maxLength={REVIEW_LIMITS.bodyMax}
              autosize
              minRows={2}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group>
              <Button
                size="xs"
                disabled={text.trim() === ''}
                loading={start.isPending}
                onClick={submit}
              >
                Start discussion
              </Button>
            </Group>
            <ErrorAlert error={start.error} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
