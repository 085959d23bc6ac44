import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteOrganization, useUpdateOrganization } from '../../api/organizations';
import { feedback } from '../../lib/feedback-store';
import { useGroupArea } from './OrganizationArea';
import { OrganizationForm } from './OrganizationForm';
import { ConfirmDialog } from '../../components/parts';
import { organizationAboutPath, organizationsPath } from '../../lib/paths';

function DeleteGroup() {
  const { organization } = useGroupArea();
  const remove = useDeleteOrganization(organization.uuid);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Divider my="xl" />
      <Group justify="space-between" align="center" gap="md">
        <div>
          <Text fw={600}>Delete this working group</Text>
          <Text size="sm" c="dimmed">
            Its members and API keys go with it. A group that still has profiles cannot be deleted.
          </Text>
        </div>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Delete Working Group
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Delete Working Group?"
        confirmLabel="Delete Working Group"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              feedback.showSuccess({
                subject: 'Working group deleted',
                message: `${organization.name} was deleted.`,
              });
              void navigate(organizationsPath(), { replace: true });
            },
          })
        }
      >
        <strong>{organization.name}</strong> will be deleted for good, with its members and API
        keys.
      </ConfirmDialog>
    </>
  );
}

/** /edit: members change the group's details; its admins may also delete it. */
export function EditOrganizationPage() {
  const { organization, access, organizationId } = useGroupArea();
  const update = useUpdateOrganization(organization.uuid);
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <Title order={2} size="h4">
          Edit Working Group
        </Title>
        <OrganizationForm
          initial={{
            name: organization.name,
            collaborationLink: organization.collaborationLink,
            description: organization.description,
          }}
          submitLabel="Save Changes"
          busy={update.isPending}
          error={update.error}
          cancel={
            <Button component={Link} to={organizationAboutPath(organizationId)} variant="default">
              Cancel
            </Button>
          }
          onSubmit={(input) =>
            update.mutate(input, {
              onSuccess: () => {
                feedback.showSuccess({
                  subject: 'Working group saved',
                  message: 'The working group details were saved.',
                });
                void navigate(organizationAboutPath(organizationId));
              },
            })
          }
        />
      </Stack>
      {access.isGroupAdmin && <DeleteGroup />}
    </Paper>
  );
}
