import { Button, EmptyState, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { useGroupArea } from './OrganizationArea';

export const NO_PROFILES = 'There are no profiles in this working group yet.';

/** The group's base page: its profiles. */
export function ProfilesTab() {
  const { access, path } = useGroupArea();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        title={NO_PROFILES}
        description={
          access.isMember
            ? 'Create the first xAPI Profile of this working group.'
            : 'Profiles appear here once the group publishes them.'
        }
      >
        {access.isMember && (
          <EmptyState.Actions>
            <Button component={Link} to={path('profile/create')}>
              Create xAPI Profile
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}
