import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  DataList,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { memberLevelInputSchema, type Member } from '../../../common/organizations';
import { useMembers, useSetMemberLevel } from '../../api/organizations';
import { feedback } from '../../lib/feedback-store';
import { formatDate, LEVEL_LABELS, LEVEL_OPTIONS } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import { ErrorAlert, LevelBadge } from '../../components/parts';
import { organizationMembersPath } from '../../lib/paths';

function LevelForm({ member }: { member: Member }) {
  const { organization, organizationId } = useGroupArea();
  const navigate = useNavigate();
  const setLevel = useSetMemberLevel(organization.uuid);
  const form = useForm({
    resolver: zodResolver(memberLevelInputSchema),
    defaultValues: { level: member.level ?? 'member' },
  });
  const submit = form.handleSubmit(({ level }) =>
    setLevel.mutate(
      { userId: member.user.uuid, level },
      {
        onSuccess: () => {
          feedback.showSuccess({
            subject: 'Role changed',
            message: `${member.user.fullname} is now a ${LEVEL_LABELS[level]}.`,
          });
          void navigate(organizationMembersPath(organizationId));
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit member">
      <Stack gap="md">
        <DataList labelWidth={130} gap="sm">
          <DataList.Item>
            <DataList.ItemLabel>Name</DataList.ItemLabel>
            <DataList.ItemValue>{member.user.fullname}</DataList.ItemValue>
          </DataList.Item>
          {member.user.username && (
            <DataList.Item>
              <DataList.ItemLabel>Username</DataList.ItemLabel>
              <DataList.ItemValue>{member.user.username}</DataList.ItemValue>
            </DataList.Item>
          )}
          {member.user.email && (
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue>{member.user.email}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>Current Role</DataList.ItemLabel>
            <DataList.ItemValue>
              <LevelBadge level={member.level} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Member Since</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(member.since)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <NativeSelect {...form.register('level')} label="Role" data={LEVEL_OPTIONS} w={220} />
        <ErrorAlert error={setLevel.error} title="Role not changed" />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={organizationMembersPath(organizationId)} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={setLevel.isPending}>
            Save Role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /members/{userId}/edit: a member's role in the group. */
export function EditMemberPage() {
  const { organization, organizationId } = useGroupArea();
  const { userId = '' } = useParams();
  const members = useMembers(organization.uuid);
  const member = members.data?.members.find((m) => m.user.uuid === userId);
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="lg">
        <Anchor component={Link} to={organizationMembersPath(organizationId)} size="sm">
          ← Back to members
        </Anchor>
        <Title order={2} size="h4">
          Edit Member
        </Title>
        <ErrorAlert error={members.error} title="Could not load the members" />
        {members.isPending && (
          <Center py="md">
            <Loader role="progressbar" size="sm" aria-label="Loading the member" />
          </Center>
        )}
        {members.isSuccess && !member && (
          <Alert color="yellow" variant="light" title="Not a member">
            This user is not a member of {organization.name}.
          </Alert>
        )}
        {member && <LevelForm key={member.user.uuid} member={member} />}
      </Stack>
    </Paper>
  );
}
