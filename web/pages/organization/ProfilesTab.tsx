import { GroupProfiles } from '../profile/GroupProfiles';
import { useGroupArea } from './OrganizationArea';

export const NO_PROFILES = 'There are no profiles in this working group yet.';

/** The group's base page: its profiles. */
export function ProfilesTab() {
  const { access, organization } = useGroupArea();
  return <GroupProfiles organizationId={organization.uuid} isMember={access.isMember} />;
}
