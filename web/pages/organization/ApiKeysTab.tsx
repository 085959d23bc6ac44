import {
  Anchor,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiKey } from '../../../common/api-keys';
import { useApiKeys, useDeleteApiKey } from '../../api/api-keys';
import { feedback } from '../../lib/feedback-store';
import { formatDate } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import { ConfirmDialog, ErrorAlert, HiddenHeader } from '../../components/parts';
import { createApiKeyPath, editApiKeyPath } from '../../lib/paths';

export const NO_API_KEYS = 'This working group has no API keys yet.';

/** A stored key is only ever shown by its last four characters. */
export const maskedKey = (key: Pick<ApiKey, 'lastFour'>) => `…${key.lastFour}`;

export function Permissions({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Group gap={4}>
      {apiKey.readPermission && (
        <Badge variant="light" color="teal">
          Read
        </Badge>
      )}
      {apiKey.writePermission && (
        <Badge variant="light" color="orange">
          Write
        </Badge>
      )}
    </Group>
  );
}

export function KeyStatus({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="dot" color={enabled ? 'green' : 'gray'}>
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

/** Deleting a key, from the list or from its edit page. */
export function DeleteKeyDialog({
  apiKey,
  onClose,
  onDeleted,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { organization } = useGroupArea();
  const remove = useDeleteApiKey(organization.uuid);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={apiKey !== null}
      title="Delete API Key?"
      confirmLabel="Delete API Key"
      busy={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() => {
        if (!apiKey) return;
        remove.mutate(apiKey.id, {
          onSuccess: () => {
            feedback.showSuccess({
              subject: 'API key deleted',
              message: `The key ${apiKey.description} no longer works.`,
            });
            close();
            onDeleted?.();
          },
        });
      }}
    >
      Programs using the key <strong>{apiKey?.description}</strong> (
      <Code>{apiKey ? maskedKey(apiKey) : ''}</Code>) will be refused from now on.
    </ConfirmDialog>
  );
}

/** /apiKeys: the group's keys for the public API. */
export function ApiKeysTab() {
  const { organization, organizationId } = useGroupArea();
  const keys = useApiKeys(organization.uuid);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const list = keys.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} size="h4">
              API Keys
            </Title>
            <Text size="sm" c="dimmed">
              Programs send one of these keys with their calls to the public API to act for this
              working group.
            </Text>
          </div>
          <Button component={Link} to={createApiKeyPath(organizationId)}>
            Create API Key
          </Button>
        </Group>
        <ErrorAlert error={keys.error} title="Could not load the API keys" />
        <Table.ScrollContainer minWidth={820} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th w={100}>Key</Table.Th>
                <Table.Th w={140}>Permissions</Table.Th>
                <Table.Th w={130}>Status</Table.Th>
                <Table.Th w={120}>Created</Table.Th>
                <Table.Th w={120}>Last Used</Table.Th>
                <HiddenHeader w={140} label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Center py="md">
                      <Loader role="progressbar" size="sm" aria-label="Loading the API keys" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {list?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text ta="center" c="dimmed" py="md">
                      {NO_API_KEYS}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list?.map((apiKey) => (
                <Table.Tr key={apiKey.id}>
                  <Table.Td fw={500}>{apiKey.description}</Table.Td>
                  <Table.Td>
                    <Code>{maskedKey(apiKey)}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Permissions apiKey={apiKey} />
                  </Table.Td>
                  <Table.Td>
                    <KeyStatus enabled={apiKey.isEnabled} />
                  </Table.Td>
                  <Table.Td>{formatDate(apiKey.createdOn)}</Table.Td>
                  <Table.Td>{apiKey.lastUsedOn ? formatDate(apiKey.lastUsedOn) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={editApiKeyPath(organizationId, apiKey.id)}
                        size="sm"
                        aria-label={`Edit ${apiKey.description}`}
                      >
                        Edit
                      </Anchor>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        aria-label={`Delete ${apiKey.description}`}
                        onClick={() => setDeleting(apiKey)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <DeleteKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
