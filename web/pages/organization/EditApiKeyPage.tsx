import {
  Anchor,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useApiKey, useUpdateApiKey } from '../../api/api-keys';
import { feedback } from '../../lib/feedback-store';
import { ApiKeyForm } from './ApiKeyForm';
import { DeleteKeyDialog, maskedKey } from './ApiKeysTab';
import { formatDate } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import { ErrorAlert } from '../../components/parts';
import { organizationApiKeysPath } from '../../lib/paths';

/** /apiKeys/{apiKeyId}/edit: description, permissions and status; the key itself never changes. */
export function EditApiKeyPage() {
  const { organization, organizationId } = useGroupArea();
  const { apiKeyId = '' } = useParams();
  const navigate = useNavigate();
  const apiKey = useApiKey(organization.uuid, apiKeyId);
  const update = useUpdateApiKey(organization.uuid, apiKeyId);
  const [deleting, setDeleting] = useState(false);
  const key = apiKey.data;
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="lg">
        <Anchor component={Link} to={organizationApiKeysPath(organizationId)} size="sm">
          ← Back to API keys
        </Anchor>
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            Edit API Key
          </Title>
          {key && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete API Key
            </Button>
          )}
        </Group>
        <ErrorAlert error={apiKey.error} title="Could not load the API key" />
        {apiKey.isPending && (
          <Center py="md">
            <Loader role="progressbar" size="sm" aria-label="Loading the API key" />
          </Center>
        )}
        {key && (
          <>
            <Text size="sm" c="dimmed">
              Key <Code>{maskedKey(key)}</Code>, created {formatDate(key.createdOn)}
              {key.createdBy ? ` by ${key.createdBy}` : ''}.
            </Text>
            <ApiKeyForm
              key={key.id}
              initial={{
                description: key.description,
                readPermission: key.readPermission,
                writePermission: key.writePermission,
                isEnabled: key.isEnabled,
              }}
              submitLabel="Save Changes"
              busy={update.isPending}
              error={update.error}
              cancel={
                <Button
                  component={Link}
                  to={organizationApiKeysPath(organizationId)}
                  variant="default"
                >
                  Cancel
                </Button>
              }
              onSubmit={(input) =>
                update.mutate(input, {
                  onSuccess: () => {
                    feedback.showSuccess({
                      subject: 'API key saved',
                      message: 'The API key was saved.',
                    });
                    void navigate(organizationApiKeysPath(organizationId));
                  },
                })
              }
            />
            <DeleteKeyDialog
              apiKey={deleting ? key : null}
              onClose={() => setDeleting(false)}
              onDeleted={() =>
                void navigate(organizationApiKeysPath(organizationId), { replace: true })
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
