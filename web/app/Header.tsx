import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { backupDownloadUrl } from '../api/admin';
import { useLogout, useSession } from '../api/session';
import classes from './Header.module.css';
import {
  accountPath,
  analyticsPath,
  apiInfoPath,
  faqPath,
  helpPath,
  homePath,
  hooksPath,
  loginPath,
  manageUsersPath,
  myDeletedItemsPath,
  organizationsPath,
  profilesPath,
  searchPath,
  verificationPath,
} from '../lib/paths';

interface NavItem {
  label: string;
  to: string;
  end?: boolean;
}

const publicLinks: NavItem[] = [
  { label: 'Home', to: homePath(), end: true },
  { label: 'Profiles', to: profilesPath() },
  { label: 'Working Groups', to: organizationsPath() },
  { label: 'API Info', to: apiInfoPath() },
  { label: 'Getting Started', to: helpPath() },
  { label: 'FAQs', to: faqPath() },
];

const adminLinks: NavItem[] = [
  { label: 'Manage Users', to: manageUsersPath() },
  { label: 'Verify Profiles', to: verificationPath() },
  { label: 'Analytics', to: analyticsPath() },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { loggedIn, isAdmin } = useSession();
  const links = loggedIn
    ? [...publicLinks, { label: 'Deleted Items', to: myDeletedItemsPath() }]
    : publicLinks;
  return (
    <>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end ?? false}
          className={classes.link}
          onClick={onNavigate}
        >
          {link.label}
        </NavLink>
      ))}
      {isAdmin && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <button type="button" className={classes.link}>
              Admin ▾
            </button>
          </Menu.Target>
          <Menu.Dropdown>
            {adminLinks.map((link) => (
              <Menu.Item key={link.to} component={Link} to={link.to} onClick={onNavigate}>
                {link.label}
              </Menu.Item>
            ))}
            {/* A download of the whole site as one file (see docs/operations.md). */}
            <Menu.Item component="a" href={backupDownloadUrl()} download onClick={onNavigate}>
              Backup
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}

function AccountControl() {
  const { loggedIn, user } = useSession();
  const logout = useLogout();
  if (!loggedIn || !user) {
    return (
      <Button component={Link} to={loginPath()} variant="white" size="sm">
        Sign in
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray.0" size="sm">
          {user.fullname || user.username || user.email} ▾
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={accountPath()}>
          My Account
        </Menu.Item>
        <Menu.Item component={Link} to={hooksPath()}>
          WebHooks
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => logout.mutate()}>Sign Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function SiteSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams({ search: text.trim() });
    void navigate(searchPath(params.toString()));
  };
  return (
    <form onSubmit={submit} role="search" className={classes.search}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search"
          placeholder="Search for existing content"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          size="sm"
          className={classes.searchInput}
        />
        {/* indigo.8 on white: the default shade falls short of 4.5:1 contrast */}
        <Button type="submit" size="sm" variant="white" color="indigo.8">
          Search
        </Button>
        <Button
          component={Link}
          to={searchPath('types=concepts')}
          size="sm"
          variant="outline"
          color="gray.0"
        >
          Browse All Concepts
        </Button>
      </Group>
    </form>
  );
}

export function Header() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={homePath()} underline="never" className={classes.brand}>
            <Title order={1} size="h3" c="white">
              xAPI Profile Server
            </Title>
            <Text size="xs" c="indigo.1" visibleFrom="sm">
              Author, validate and share xAPI Profiles
            </Text>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <AccountControl />
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              color="white"
              aria-label="Open navigation"
            />
          </Group>
        </Group>
        <Group justify="space-between" mt="sm" visibleFrom="md" wrap="nowrap">
          <nav aria-label="Main" className={classes.nav}>
            <NavLinks />
          </nav>
          <SiteSearch />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title="Navigation" hiddenFrom="md" size="xs">
        <Stack gap="xs" className={classes.drawerNav}>
          <NavLinks onNavigate={close} />
        </Stack>
      </Drawer>
    </Box>
  );
}
