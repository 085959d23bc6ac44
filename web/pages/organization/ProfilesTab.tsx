import { Stack } from '@mantine/core';
import { GroupProfiles } from '../../components/GroupProfiles';
import { GroupUsage } from './GroupUsage';
import { useGroupArea } from './OrganizationArea';

export const NO_PROFILES = 'There are no profiles in this working group yet.';

/** The group's base page: its profiles, and how much its published ones are used. */
export function ProfilesTab() {
  const { access, organization } = useGroupArea();
  return (
    <Stack gap="xl">
      <GroupProfiles organizationId={organization.uuid} isMember={access.isMember} />
      <GroupUsage organizationId={organization.uuid} />
    </Stack>
  );
}
