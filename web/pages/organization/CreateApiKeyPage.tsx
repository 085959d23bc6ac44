import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiKey } from '../../../common/api-keys';
import { useCreateApiKey } from '../../api/api-keys';
import { KeyStatus, Permissions } from './ApiKeysTab';
import { ApiKeyForm } from './ApiKeyForm';
import { useGroupArea } from './OrganizationArea';
import { organizationApiKeysPath } from '../../lib/paths';

/** The one moment the whole key is on screen. */
function NewKey({ apiKey, secret }: { apiKey: ApiKey; secret: string }) {
  const { organizationId } = useGroupArea();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Copy this key now">
        This is the only time the full key is shown. Store it somewhere safe: from now on only its
        last four characters are shown, and a lost key cannot be recovered — delete it and create a
        new one instead.
      </Alert>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          API key for {apiKey.description}
        </Text>
        <Group gap="sm" wrap="nowrap" align="stretch">
          <Code
            block
            data-testid="new-api-key"
            style={{ flex: 1, fontSize: 'var(--mantine-font-size-md)', wordBreak: 'break-all' }}
          >
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy} miw={110}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group gap="sm">
        <Permissions apiKey={apiKey} />
        <KeyStatus enabled={apiKey.isEnabled} />
      </Group>
      <Group justify="flex-end">
        <Button component={Link} to={organizationApiKeysPath(organizationId)}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** /apiKeys/create: the key is made here in the browser and shown once. */
export function CreateApiKeyPage() {
  const { organization, organizationId } = useGroupArea();
  const create = useCreateApiKey(organization.uuid);
  const [created, setCreated] = useState<{ apiKey: ApiKey; secret: string } | null>(null);
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="lg">
        <Anchor component={Link} to={organizationApiKeysPath(organizationId)} size="sm">
          ← Back to API keys
        </Anchor>
        <Title order={2} size="h4">
          {created ? 'API Key Created' : 'Create API Key'}
        </Title>
        {created ? (
          <NewKey apiKey={created.apiKey} secret={created.secret} />
        ) : (
          <ApiKeyForm
            submitLabel="Create API Key"
            busy={create.isPending}
            error={create.error}
            cancel={
              <Button
                component={Link}
                to={organizationApiKeysPath(organizationId)}
                variant="default"
              >
                Cancel
              </Button>
            }
            onSubmit={(input) => {
              const secret = crypto.randomUUID();
              create.mutate(
                { ...input, uuid: secret },
                { onSuccess: ({ apiKey }) => setCreated({ apiKey, secret }) },
              );
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
