import { Anchor, Breadcrumbs, Button, Container, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateOrganization } from '../../api/organizations';
import { feedback } from '../../app/feedback-store';
import { PageHeading } from '../common/PageHeading';
import { organizationPath } from './format';
import { OrganizationForm } from './OrganizationForm';

/** /organization/create: the creator becomes the new group's admin. */
export function CreateOrganizationPage() {
  const create = useCreateOrganization();
  const navigate = useNavigate();
  return (
    <Container size={720} px={0}>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to="/organization" size="sm">
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
            <Button component={Link} to="/organization" variant="default">
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
                void navigate(organizationPath(organization.uuid));
              },
            })
          }
        />
      </Paper>
    </Container>
  );
}
