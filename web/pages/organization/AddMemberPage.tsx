import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Group,
  Input,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { addMemberSchema, type UserSearchResult } from '../../../common/organizations';
import { useAddMember, useUserSearch } from '../../api/organizations';
import { feedback } from '../../lib/feedback-store';
import { LEVEL_OPTIONS } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import { ErrorAlert } from '../../components/parts';
import { organizationMembersPath } from '../../lib/paths';

/** The user search waits for typing to pause this long (spec §9). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

type FoundUser = UserSearchResult['users'][number];

const describe = (user: FoundUser) =>
  user.username && user.username !== user.fullname
    ? `${user.fullname} (${user.username})`
    : user.fullname;

/** /members/add: find a person who is not in the group yet and give them a role. */
export function AddMemberPage() {
  const { organization, organizationId } = useGroupArea();
  const navigate = useNavigate();
  const add = useAddMember(organization.uuid);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, USER_SEARCH_DEBOUNCE_MS);
  // An emptied box clears the results at once; typing waits for the pause.
  const search = text.trim() === '' ? '' : debounced.trim();
  const found = useUserSearch(organization.uuid, search);
  const [chosen, setChosen] = useState<FoundUser | null>(null);

  const form = useForm({
    resolver: zodResolver(addMemberSchema),
    defaultValues: { userId: '', level: 'member' as const },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        feedback.showSuccess({
          subject: 'Member added',
          message: `${chosen ? chosen.fullname : 'The user'} is now a member of ${organization.name}.`,
        });
        void navigate(organizationMembersPath(organizationId));
      },
    }),
  );

  const users = found.data ?? [];

  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="lg">
        <Anchor component={Link} to={organizationMembersPath(organizationId)} size="sm">
          ← Back to members
        </Anchor>
        <Title order={2} size="h4">
          Add Member
        </Title>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add member">
          <Stack gap="md">
            <TextInput
              label="Find a user"
              description="Search by name, username or e-mail. People already in the group, or asking to join, are not listed."
              placeholder="Name, username or e-mail"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={200}
              rightSection={found.isFetching ? <Loader size="xs" /> : null}
            />
            <Controller
              control={form.control}
              name="userId"
              render={({ field }) => (
                <Input.Wrapper
                  label="User"
                  required
                  error={errors.userId?.message}
                  description={chosen ? `Selected: ${describe(chosen)}` : undefined}
                >
                  {search !== '' && found.isSuccess && users.length === 0 && (
                    <Text c="dimmed" size="sm" py="xs">
                      No results found
                    </Text>
                  )}
                  {search === '' && !chosen && (
                    <Text c="dimmed" size="sm" py="xs">
                      Type to find someone.
                    </Text>
                  )}
                  {users.length > 0 && search !== '' && (
                    <Radio.Group
                      value={field.value}
                      onChange={(value) => {
                        field.onChange(value);
                        setChosen(users.find((u) => u._id === value) ?? null);
                      }}
                      aria-label="Search results"
                    >
                      <Stack gap="xs" mt="xs">
                        {users.map((user) => (
                          <Radio.Card key={user._id} value={user._id} p="sm" radius="md">
                            <Group gap="sm" wrap="nowrap">
                              <Radio.Indicator />
                              <div>
                                <Text fw={500} size="sm">
                                  {user.fullname}
                                </Text>
                                {user.username && user.username !== user.fullname && (
                                  <Text size="xs" c="dimmed">
                                    @{user.username}
                                  </Text>
                                )}
                              </div>
                            </Group>
                          </Radio.Card>
                        ))}
                      </Stack>
                    </Radio.Group>
                  )}
                </Input.Wrapper>
              )}
            />
            <NativeSelect {...form.register('level')} label="Role" data={LEVEL_OPTIONS} w={220} />
            <ErrorAlert error={found.error} title="Search failed" />
            <ErrorAlert error={add.error} title="Member not added" />
            <Group justify="flex-end" gap="sm">
              <Button
                component={Link}
                to={organizationMembersPath(organizationId)}
                variant="default"
              >
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add Member
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
