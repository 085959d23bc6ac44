import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  Link,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
} from 'react-router';
import type { Organization } from '../../../common/organizations';
import { useGroupFeedback } from '../../api/feedback';
import { HttpError } from '../../api/http';
import { useCancelJoinRequest, useOrganization, useRequestToJoin } from '../../api/organizations';
import { useSession } from '../../api/session';
import type { ReturnState } from '../../lib/guards';
import { PageHeading } from '../../components/PageHeading';
import { isMembership } from '../../lib/format';
import {
  groupPath,
  loginPath,
  organizationAboutPath,
  organizationApiKeysPath,
  organizationFeedbackPath,
  organizationMembersPath,
  organizationsPath,
} from '../../lib/paths';
import { ErrorAlert, LevelBadge } from '../../components/parts';

/** How long the group header says a join request was sent (spec §9). */
export const HEADER_JOIN_NOTICE_MS = 3000;

/** What the viewer may do in this group; mirrors the server's group policy. */
export interface GroupAccess {
  signedIn: boolean;
  /** A member or group admin: edits details, sees drafts. */
  isMember: boolean;
  /** The group's own admins: manage API keys, delete the group. */
  isGroupAdmin: boolean;
  /** Group admins and site admins: add, edit and remove members, answer requests. */
  canManageMembers: boolean;
  /** Members and site admins read the member list. */
  canSeeMembers: boolean;
}

export interface GroupArea {
  organization: Organization;
  access: GroupAccess;
  /** The group's id as the address spells it, for the paths of the group's pages. */
  organizationId: string;
}

export function useGroupArea(): GroupArea {
  return useOutletContext<GroupArea>();
}

type Rule = Exclude<keyof GroupAccess, 'signedIn'>;

/**
 * Shows its page only to those the rule lets in. A visitor who is not signed in goes to sign in
 * and comes back here (signed in, they may be let in); anyone else goes to `otherwise`.
 */
export function GroupOnly({
  rule,
  otherwise,
  children,
}: {
  rule: Rule;
  otherwise: 'about' | 'members';
  children: ReactNode;
}) {
  const { access, organizationId } = useGroupArea();
  const location = useLocation();
  if (access[rule]) return <>{children}</>;
  if (!access.signedIn) {
    const state: ReturnState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={loginPath()} replace state={state} />;
  }
  const fallback = otherwise === 'about' ? organizationAboutPath : organizationMembersPath;
  return <Navigate to={fallback(organizationId)} replace />;
}

function accessFor(organization: Organization, signedIn: boolean, siteAdmin: boolean) {
  const isMember = isMembership(organization.membership);
  const isGroupAdmin = organization.membership === 'admin';
  return {
    signedIn,
    isMember,
    isGroupAdmin,
    canManageMembers: isGroupAdmin || siteAdmin,
    canSeeMembers: isMember || siteAdmin,
  } satisfies GroupAccess;
}

/** The tab a path belongs to: the base path is the profiles list. */
function currentTab(pathname: string, base: string): string {
  const rest = pathname.slice(base.length).replace(/^\/+/, '');
  const first = rest.split('/')[0] ?? '';
  if (first === 'about' || first === 'edit') return 'about';
  if (first === 'members') return 'members';
  if (first === 'apiKeys') return 'apiKeys';
  if (first === 'feedback') return 'feedback';
  return 'profiles';
}

function Count({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <Badge size="sm" variant="light" color="gray" circle={value < 10}>
      {value}
    </Badge>
  );
}

/** How much feedback on the group's profiles waits for an answer. */
function OpenFeedbackCount({ organizationId }: { organizationId: string }) {
  const feedback = useGroupFeedback(organizationId);
  return <Count value={feedback.data?.counts.open ?? null} />;
}

/** Join, the pending request with a way to cancel it, or the viewer's level. */
function MembershipControl({ organization }: { organization: Organization }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  const join = useRequestToJoin();
  const cancel = useCancelJoinRequest();
  const [noticeShown, setNoticeShown] = useState(0);

  useEffect(() => {
    if (noticeShown === 0) return;
    const timer = setTimeout(() => setNoticeShown(0), HEADER_JOIN_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [noticeShown]);

  const { membership } = organization;
  let control: ReactNode = null;
  if (membership === 'admin' || membership === 'member') {
    control = (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Your role
        </Text>
        <LevelBadge level={membership} />
      </Group>
    );
  } else if (membership === 'pending') {
    control = (
      <Group gap="sm">
        <Badge color="orange" variant="light" size="lg">
          Membership Requested
        </Badge>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(organization.uuid)}
        >
          Cancel request
        </Button>
      </Group>
    );
  } else if (loggedIn) {
    control = (
      <Button
        loading={join.isPending}
        onClick={() =>
          join.mutate(organization.uuid, { onSuccess: () => setNoticeShown(Date.now()) })
        }
      >
        Join Working Group
      </Button>
    );
  } else {
    const state: ReturnState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    control = (
      <Button component={Link} to={loginPath()} state={state} variant="light">
        Sign in to join
      </Button>
    );
  }

  return (
    <Stack gap="xs" align="flex-end">
      {control}
      {noticeShown !== 0 && (
        <Alert color="blue" variant="light" title="Request Sent" py="xs">
          Your request to the working group was sent.
        </Alert>
      )}
      <ErrorAlert error={join.error ?? cancel.error} title="Membership" />
    </Stack>
  );
}

function GroupHeader({ organization }: { organization: Organization }) {
  return (
    <Box mb="md">
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={organizationsPath()} size="sm">
          Working Groups
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {organization.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="md">
        <Box style={{ minWidth: 0, flex: 1 }}>
          <PageHeading>{organization.name}</PageHeading>
        </Box>
        <MembershipControl organization={organization} />
      </Group>
    </Box>
  );
}

function NotFound() {
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack gap="sm">
        <PageHeading>Working group not found</PageHeading>
        <Text c="dimmed">There is no working group at this address. It may have been deleted.</Text>
        <Group>
          <Button component={Link} to={organizationsPath()} variant="light">
            See all working groups
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /organization/{organizationId}/*: the group's header and tabs around the page of the tab. The
 * pages below read the group and the viewer's rights with useGroupArea().
 */
export function OrganizationArea() {
  const { organizationId = '' } = useParams();
  const session = useSession();
  const query = useOrganization(organizationId);
  const location = useLocation();
  const navigate = useNavigate();

  if (query.error) {
    if (query.error instanceof HttpError && query.error.status === 404) return <NotFound />;
    return <ErrorAlert error={query.error} title="Could not load the working group" />;
  }
  const organization = query.data;
  if (!organization || session.isLoading) {
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Loading the working group" />
      </Center>
    );
  }

  const access = accessFor(organization, session.loggedIn, session.isAdmin);
  const base = groupPath(organizationId);
  const area: GroupArea = { organization, access, organizationId };
  const tab = currentTab(location.pathname, base);
  const tabPaths: Record<string, string> = {
    profiles: base,
    about: organizationAboutPath(organizationId),
    members: organizationMembersPath(organizationId),
    apiKeys: organizationApiKeysPath(organizationId),
    feedback: organizationFeedbackPath(organizationId),
  };

  return (
    <>
      <GroupHeader organization={organization} />
      <Tabs
        value={tab}
        onChange={(value) => {
          const target = value ? tabPaths[value] : undefined;
          if (target) void navigate(target);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg" aria-label="Working group sections">
          <Tabs.Tab value="about">About</Tabs.Tab>
          <Tabs.Tab value="profiles" rightSection={<Count value={organization.profileCount} />}>
            Profiles
          </Tabs.Tab>
          {access.canSeeMembers && (
            <Tabs.Tab value="members" rightSection={<Count value={organization.memberCount} />}>
              Members
            </Tabs.Tab>
          )}
          {access.isMember && (
            <Tabs.Tab
              value="feedback"
              rightSection={<OpenFeedbackCount organizationId={organizationId} />}
            >
              Feedback
            </Tabs.Tab>
          )}
          {access.isGroupAdmin && (
            <Tabs.Tab value="apiKeys" rightSection={<Count value={organization.apiKeyCount} />}>
              API Keys
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          {/* Keeps the tabs in place while a tab's code arrives. */}
          <Suspense fallback={null}>
            <Outlet context={area} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
