import {
  Alert,
  Badge,
  Button,
  Container,
  DataList,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../common/user';
import { useSession } from '../../api/session';
import { PageHeading } from '../../components/PageHeading';
import { MyWorkingGroups } from './MyWorkingGroups';
import { NotificationSettings } from './NotificationSettings';
import { MyReviews } from './MyReviews';
import { AccountEditForm } from './AccountEditForm';
import { ConfirmEmailForm } from './ConfirmEmailForm';
import { usernamePath } from '../../lib/paths';

function AccountDetails({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
  return (
    <Paper
      component="section"
      aria-labelledby="account-details-title"
      withBorder
      shadow="sm"
      p="xl"
      radius="md"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="account-details-title">
            Account Details
          </Title>
          {user.type === 'admin' && (
            <Badge color="grape" variant="light" size="lg" tt="none" title="Server role">
              Administrator
            </Badge>
          )}
        </Group>
        <DataList labelWidth={140} gap="md">
          <DataList.Item>
            <DataList.ItemLabel>First Name</DataList.ItemLabel>
            <DataList.ItemValue>{user.firstname}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last Name</DataList.ItemLabel>
            <DataList.ItemValue>{user.lastname}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Username</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.usernameChosen && user.username ? (
                user.username
              ) : (
                <Text span c="dimmed" fs="italic" size="sm">
                  Not chosen yet
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Email</DataList.ItemLabel>
            <DataList.ItemValue>{user.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Name shown</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.publicizeName
                ? 'Publicly, with your profiles'
                : 'Only your username is visible'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <Group gap="sm">
          <Button onClick={onEdit}>Edit Account</Button>
          {!user.usernameChosen && (
            <Button component={Link} to={usernamePath()} variant="light">
              Select Username
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** My Account: the read view, the edit form and the confirmation of a changed e-mail. */
export function AccountPage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  if (!user) return null;
  return (
    <Container size={640} px={0} py="md">
      <PageHeading>My Account</PageHeading>
      <Stack gap="lg">
        {!user.usernameChosen && !editing && (
          <Alert color="yellow" variant="light" title="Choose your username">
            Others see your username next to your work. You can choose it once.
          </Alert>
        )}
        {pendingEmail !== null && (
          <ConfirmEmailForm pendingEmail={pendingEmail} onDone={() => setPendingEmail(null)} />
        )}
        {editing ? (
          <AccountEditForm
            user={user}
            onSaved={(pending) => {
              setPendingEmail(pending);
              setEditing(false);
            }}
            onDiscard={() => setEditing(false)}
          />
        ) : (
          <AccountDetails user={user} onEdit={() => setEditing(true)} />
        )}
        {!editing && <MyWorkingGroups />}
        {!editing && <MyReviews />}
        {!editing && <NotificationSettings />}
      </Stack>
    </Container>
  );
}
