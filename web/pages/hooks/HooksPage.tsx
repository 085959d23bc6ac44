import { Anchor, Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EVENT_LABELS, type Webhook } from '../../../common/webhooks';
import { useDeleteWebhook, useWebhooks } from '../../api/webhooks';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { HooksScreen } from './parts';
import { ConfirmDialog, ErrorAlert, HiddenHeader } from '../../components/parts';
import { apiInfoPath, createHookPath, editHookPath } from '../../lib/paths';

export const NO_HOOKS = 'You have no Web Hooks.';

export function HookStatus({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="dot" color={enabled ? 'green' : 'gray'}>
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

/** Removing a hook, from the list or its edit page, after a confirmation. */
export function RemoveHookDialog({
  hook,
  onClose,
  onRemoved,
}: {
  hook: Webhook | null;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const remove = useDeleteWebhook();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={hook !== null}
      title="Remove Web Hook?"
      confirmLabel="Remove Web Hook"
      busy={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() => {
        if (!hook) return;
        remove.mutate(hook.id, {
          onSuccess: () => {
            feedback.showSuccess({
              subject: 'Web hook removed',
              message: `${hook.description} receives no more events.`,
            });
            close();
            onRemoved?.();
          },
        });
      }}
    >
      <strong>{hook?.description}</strong> ({hook?.target}) will receive no more events, and its
      delivery log goes with it.
    </ConfirmDialog>
  );
}

/** /user/hooks: the signed-in person's webhooks. */
export function HooksPage() {
  const hooks = useWebhooks();
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const list = hooks.data;
  return (
    <HooksScreen>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <PageHeading>Web Hooks</PageHeading>
            <Text size="sm" c="dimmed" mt={-8}>
              Your hooks post to a URL of yours when a profile you follow changes.{' '}
              <Anchor component={Link} to={apiInfoPath('webhooks')} size="sm" underline="always">
                How to check a signature
              </Anchor>
            </Text>
          </div>
          <Button component={Link} to={createHookPath()}>
            Create New Webhook
          </Button>
        </Group>
        <ErrorAlert error={hooks.error} title="Could not load your web hooks" />
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Web hooks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180}>Event</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={120}>Status</Table.Th>
                <HiddenHeader w={70} label="Edit" />
                <HiddenHeader w={90} label="Remove" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hooks.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Center py="md">
                      <Loader size="sm" role="progressbar" aria-label="Loading your web hooks" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {list?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" c="dimmed" py="md">
                      {NO_HOOKS}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list?.map((hook) => (
                <Table.Tr key={hook.id}>
                  <Table.Td>{EVENT_LABELS[hook.event]}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{hook.target}</Table.Td>
                  <Table.Td>{hook.description}</Table.Td>
                  <Table.Td>
                    <HookStatus enabled={hook.isEnabled} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={editHookPath(hook.id)}
                      size="sm"
                      aria-label={`Edit ${hook.description}`}
                    >
                      Edit
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {/* A subtle button draws its text in shade 6 at most, whatever shade is
                        asked (3.3:1 on white for red); the text colour is set here instead. */}
                    <Button
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      size="compact-sm"
                      aria-label={`Remove ${hook.description}`}
                      onClick={() => setRemoving(hook)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <RemoveHookDialog hook={removing} onClose={() => setRemoving(null)} />
      </Stack>
    </HooksScreen>
  );
}
