import { Anchor, Breadcrumbs, Button, Container, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateOrganization } from '../../api/organizations';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { groupPath, organizationsPath } from '../../lib/paths';
import { OrganizationForm } from './OrganizationForm';

/** /organization/create: the creator becomes the new group's admin. */
export function CreateOrganizationPage() {
  const create = useCreateOrganization();
  const navigate = useNavigate();
  return (
    <Container size={720} px={0}>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={organizationsPath()} size="sm">
          Working Groups
        </Anchor>
        <Text size="sm" c="dimmed">
          Create Working Group
        </Text>
      </Breadcrumbs>
      <PageHeading>Create Working Group</PageHeading>
      <Text c="dimmed" mb="lg">
        You will be the admin of the new working group. Once it is created you can add members and
        create profiles in it.
      </Text>
      <Paper withBorder shadow="xs" p="xl" radius="md">
        <OrganizationForm
          submitLabel="Create Working Group"
          busy={create.isPending}
          error={create.error}
          cancel={
            <Button component={Link} to={organizationsPath()} variant="default">
              Cancel
            </Button>
          }
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: ({ organization }) => {
                feedback.showSuccess({
                  subject: 'Working group created',
                  message: `${organization.name} is ready. Add members and create profiles.`,
                });
                void navigate(groupPath(organization.uuid));
              },
            })
          }
        />
      </Paper>
    </Container>
  );
}
